import ReelTrace

/// A session's touches as one `touch_packs` row (docs/SCHEMA.md "touches, touch_packs and touch_rows"):
/// times in microseconds and coordinates in thousandths of a point as integers, x as a JSON array
/// (the array the `touches` view walks with `json_each`), t and y as fixed-width decimal text (each
/// integer right-aligned in `length(column) / count` characters, so a view reads touch k with one
/// `substr`), fingers and phases as one character per touch. Migration 0006 packs a stored session
/// into exactly these texts.
struct TouchPack: Equatable, Sendable {
    var t: String
    var finger: String
    var phase: String
    var x: String
    var y: String

    /// The pack of `touches`, or nil when a value would not come back bit for bit (a time that is
    /// not k / 1000000 s, a coordinate that is not k / 1000 pt, a finger outside 0-9): such a session
    /// is stored as rows. -0.0 packs as 0, which SQLite's rows also read back as 0.0.
    init?(_ touches: [Touch]) {
        var times: [Int64] = []
        var xs: [Int64] = []
        var ys: [Int64] = []
        var finger: [UInt8] = []
        var phase: [UInt8] = []
        times.reserveCapacity(touches.count)
        xs.reserveCapacity(touches.count)
        ys.reserveCapacity(touches.count)
        finger.reserveCapacity(touches.count)
        phase.reserveCapacity(touches.count)
        for touch in touches {
            guard (0...9).contains(touch.id), let tk = Self.integer(touch.t, scale: Self.timeScale, limit: 1e9),
                let xk = Self.integer(touch.x, scale: Self.pointScale, limit: 1e12),
                let yk = Self.integer(touch.y, scale: Self.pointScale, limit: 1e12)
            else { return nil }
            times.append(tk)
            xs.append(xk)
            ys.append(yk)
            finger.append(UInt8(ascii: "0") + UInt8(touch.id))
            phase.append(Self.letter(touch.phase))
        }
        self.t = Self.fixedWidth(times)
        self.finger = String(decoding: finger, as: UTF8.self)
        self.phase = String(decoding: phase, as: UTF8.self)
        self.x = Self.jsonArray(xs)
        self.y = Self.fixedWidth(ys)
    }

    /// `values` right-aligned with spaces in the width of the longest, one after the other.
    private static func fixedWidth(_ values: [Int64]) -> String {
        let width = values.reduce(0) { max($0, decimalLength($1)) }
        return String(unsafeUninitializedCapacity: width * values.count) { buffer in
            var end = 0
            for value in values {
                end += width
                let first = writeDecimal(value, endingAt: end, in: buffer)
                for index in (end - width)..<first { buffer[index] = UInt8(ascii: " ") }
            }
            return end
        }
    }

    /// `values` as a JSON array of integers, without spaces (as `String(value)` writes each).
    private static func jsonArray(_ values: [Int64]) -> String {
        let length = values.reduce(2 + max(0, values.count - 1)) { $0 + decimalLength($1) }
        return String(unsafeUninitializedCapacity: length) { buffer in
            buffer[0] = UInt8(ascii: "[")
            var end = 1
            for (index, value) in values.enumerated() {
                if index > 0 {
                    buffer[end] = UInt8(ascii: ",")
                    end += 1
                }
                end += decimalLength(value)
                _ = writeDecimal(value, endingAt: end, in: buffer)
            }
            buffer[end] = UInt8(ascii: "]")
            return end + 1
        }
    }

    /// The number of characters of `value` in decimal, its minus sign included.
    private static func decimalLength(_ value: Int64) -> Int {
        var magnitude = value.magnitude
        var length = value < 0 ? 2 : 1
        while magnitude >= 10 {
            magnitude /= 10
            length += 1
        }
        return length
    }

    /// Writes `value` in decimal with its last digit at `end - 1`, and returns where it starts. The
    /// texts are written in place, a digit at a time: `String(value)` and `joined` per value cost
    /// more than the rest of the pack.
    private static func writeDecimal(_ value: Int64, endingAt end: Int, in buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var position = end
        var magnitude = value.magnitude
        repeat {
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if value < 0 {
            position -= 1
            buffer[position] = UInt8(ascii: "-")
        }
        return position
    }

    static let timeScale = 1_000_000.0
    static let pointScale = 1000.0

    /// k when `value` is exactly k / `scale` (one IEEE division, as the views compute it) and |value| <= `limit`.
    private static func integer(_ value: Double, scale: Double, limit: Double) -> Int64? {
        guard abs(value) <= limit else { return nil }
        let k = (value * scale).rounded()
        return k / scale == value ? Int64(k) : nil
    }

    private static func letter(_ phase: TouchPhase) -> UInt8 {
        switch phase {
        case .began: UInt8(ascii: "b")
        case .moved: UInt8(ascii: "m")
        case .stationary: UInt8(ascii: "s")
        case .ended: UInt8(ascii: "e")
        case .cancelled: UInt8(ascii: "c")
        }
    }

    /// The touches of a pack's five columns (UTF-8), or the column and reason why they are damaged.
    static func touches(
        t: UnsafeBufferPointer<UInt8>, finger: UnsafeBufferPointer<UInt8>, phase: UnsafeBufferPointer<UInt8>,
        x: UnsafeBufferPointer<UInt8>, y: UnsafeBufferPointer<UInt8>
    ) -> Result<[Touch], PackDamage> {
        let count = phase.count
        guard finger.count == count else {
            return .failure(PackDamage(column: "finger", reason: "has \(finger.count) fingers for \(count) phases"))
        }
        guard let times = FixedWidthColumn(t, count: count) else { return .failure(FixedWidthColumn.damage("t", count: count)) }
        guard let ys = FixedWidthColumn(y, count: count) else { return .failure(FixedWidthColumn.damage("y", count: count)) }
        var touches: [Touch] = []
        touches.reserveCapacity(count)
        var xs = IntegerArrayReader(x)
        for index in 0..<count {
            guard let kind = touchPhase(letter: phase[index]) else {
                return .failure(PackDamage(column: "phase", reason: "has an unknown phase letter at touch \(index)"))
            }
            let digit = finger[index] &- UInt8(ascii: "0")
            guard digit <= 9 else { return .failure(PackDamage(column: "finger", reason: "has a non-digit at touch \(index)")) }
            guard let tk = times[index] else { return .failure(FixedWidthColumn.damage("t", count: count)) }
            guard let xk = xs.next() else { return .failure(xs.damage("x", count: count)) }
            guard let yk = ys[index] else { return .failure(FixedWidthColumn.damage("y", count: count)) }
            touches.append(
                Touch(
                    t: Double(tk) / timeScale, id: Int(digit), phase: kind, x: Double(xk) / pointScale,
                    y: Double(yk) / pointScale))
        }
        guard xs.isAtEnd else { return .failure(xs.damage("x", count: count)) }
        return .success(touches)
    }

    private static func touchPhase(letter: UInt8) -> TouchPhase? {
        switch letter {
        case UInt8(ascii: "b"): .began
        case UInt8(ascii: "m"): .moved
        case UInt8(ascii: "s"): .stationary
        case UInt8(ascii: "e"): .ended
        case UInt8(ascii: "c"): .cancelled
        default: nil
        }
    }
}

/// Why a `touch_packs` row cannot be read: the column and what is wrong with it.
struct PackDamage: ReelError, Equatable {
    let column: String
    let reason: String

    var failureKind: FailureKind { .dataError }
    var description: String { "packed \(column): \(reason)" }
}

/// A column of `count` integers, each right-aligned with spaces in `bytes.count / count` characters.
private struct FixedWidthColumn {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let width: Int

    /// Nil when the column's length is not a multiple of `count` (or not empty for no touches).
    init?(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) {
        guard count > 0 ? bytes.count % count == 0 && bytes.count > 0 : bytes.isEmpty else { return nil }
        self.bytes = bytes
        self.width = count > 0 ? bytes.count / count : 0
    }

    /// The integer of touch `index`, or nil when its characters are not spaces, an optional minus
    /// and at least one digit, or it does not fit 64 bits.
    subscript(index: Int) -> Int64? {
        var position = index * width
        let end = position + width
        while position < end, bytes[position] == UInt8(ascii: " ") { position += 1 }
        let negative = position < end && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < end else { return nil }
        var value: Int64 = 0
        if end - position <= 18 {
            // At most 18 digits stay below 10^18 < Int64.max: no overflow to check for.
            while position < end {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit <= 9 else { return nil }
                value = value &* 10 &+ Int64(digit)
                position += 1
            }
            return negative ? -value : value
        }
        while position < end {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, times10 <= Int64.max - Int64(digit) else { return nil }
            value = times10 + Int64(digit)
            position += 1
        }
        return negative ? -value : value
    }

    static func damage(_ column: String, count: Int) -> PackDamage {
        PackDamage(column: column, reason: "is not \(count) integers of one width")
    }
}

/// Reads a JSON array of integers (`[1,-2,3]`, spaces allowed) one element at a time, without
/// allocating; any other text ends the reading.
private struct IntegerArrayReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var elements = 0
    private var failed = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        skipSpaces()
        if position < bytes.count, bytes[position] == UInt8(ascii: "[") { position += 1 } else { failed = true }
    }

    /// The next element, or nil at the end of the array or at text that is not one.
    mutating func next() -> Int64? {
        guard !failed else { return nil }
        skipSpaces()
        if elements > 0 {
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return nil }
            position += 1
            skipSpaces()
        }
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var value: Int64 = 0
        let start = position
        while position < bytes.count, case let digit = bytes[position] &- UInt8(ascii: "0"), digit <= 9 {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, times10 <= Int64.max - Int64(digit) else { return fail() }
            value = times10 + Int64(digit)
            position += 1
        }
        guard position > start else { return fail() }
        elements += 1
        return negative ? -value : value
    }

    /// Whether the array's closing bracket follows the elements read, and nothing after it.
    var isAtEnd: Bool {
        guard !failed else { return false }
        var copy = self
        copy.skipSpaces()
        guard copy.position < bytes.count, bytes[copy.position] == UInt8(ascii: "]") else { return false }
        copy.position += 1
        copy.skipSpaces()
        return copy.position == bytes.count
    }

    /// The damage of a column whose array is not `count` integers.
    func damage(_ column: String, count: Int) -> PackDamage {
        PackDamage(column: column, reason: "is not a JSON array of \(count) integers")
    }

    private mutating func fail() -> Int64? {
        failed = true
        return nil
    }

    private mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
    }
}
