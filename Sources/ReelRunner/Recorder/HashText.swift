import ReelJSON
import ReelTrace

/// The bytes of a session's hash text, written straight into one buffer: numbers exactly as
/// `JSONWriter.format` writes them, without making a `String` per number.
///
/// Most recorded numbers (touch times and positions) are short decimals, and for those the shortest
/// round-trip form that `JSONWriter.format` (through `Double.description`) writes is found by
/// integer arithmetic: the smallest `k` for which `value * 10^k` rounds to an integer `m` that
/// reads back as `value` (`m / 10^k == value`, a correctly rounded division of exact operands) gives
/// the digits of `m` with `k` of them after the point. With at most 15 significant digits no other
/// decimal as short reads back as `value`, so these are `Double.description`'s digits. Every other
/// number (integers, very small or large magnitudes, more digits) goes through `JSONWriter.format`.
///
/// A touch's line is written into a small scratch buffer and added to `bytes` at once
/// (`appendTouch`): adding each number's digits on their own cost about 90 instructions an append,
/// seven of them a touch.
struct HashText {
    private(set) var bytes: [UInt8] = []

    /// Room for one touch's line between two flushes: a newline, three short decimals (a sign, at
    /// most 15 digits and a point: 17 bytes each), an Int (at most 20 bytes), a phase (at most 10)
    /// and four spaces come to 86 bytes. A number `JSONWriter.format` writes is appended after a flush.
    private static let scratchCapacity = 128

    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends the decimal digits of `value`, as `String(value)` writes them.
    mutating func append(_ value: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.scratchCapacity) { scratch in
            var line = ScratchLine(start: scratch.baseAddress!)
            line.put(value)
            flush(&line)
        }
    }

    /// Appends `value` as `JSONWriter.format(value)` writes it.
    mutating func append(_ value: Double) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.scratchCapacity) { scratch in
            var line = ScratchLine(start: scratch.baseAddress!)
            put(value, &line)
            flush(&line)
        }
    }

    /// Appends a touch's part of the hash text: a newline, then its time, id, phase, x and y
    /// separated by single spaces, numbers as `append(_:)` writes them.
    ///
    /// ```swift
    /// var text = HashText(reservingCapacity: 64)
    /// text.appendTouch(Touch(t: 0.25, id: 0, phase: .moved, x: 10.5, y: 300))
    /// String(decoding: text.bytes, as: UTF8.self)  // "\n0.25 0 moved 10.5 300"
    /// ```
    mutating func appendTouch(_ touch: Touch) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.scratchCapacity) { scratch in
            var line = ScratchLine(start: scratch.baseAddress!)
            line.put(UInt8(ascii: "\n"))
            put(touch.t, &line)
            line.put(UInt8(ascii: " "))
            line.put(touch.id)
            line.put(UInt8(ascii: " "))
            line.put(touch.phase.rawValue)
            line.put(UInt8(ascii: " "))
            put(touch.x, &line)
            line.put(UInt8(ascii: " "))
            put(touch.y, &line)
            flush(&line)
        }
    }

    /// Writes `value` as `JSONWriter.format` does: a short decimal into `line`, anything else
    /// after flushing `line`, straight into `bytes`.
    private mutating func put(_ value: Double, _ line: inout ScratchLine) {
        if line.putShortDecimal(value) { return }
        flush(&line)
        append(JSONWriter.format(value))
    }

    private mutating func flush(_ line: inout ScratchLine) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: line.start, count: line.count))
        line.count = 0
    }
}

/// Bytes written one after another from `start` (room for `HashText.scratchCapacity` of them).
private struct ScratchLine {
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    /// Powers of ten exact as Doubles, for the fractional digits tried.
    private static let powersOfTen: InlineArray<10, Double> = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
    /// The largest integer `m` taken (15 digits), and the magnitudes written in fixed notation by
    /// `Double.description` on both sides, with margin.
    private static let largestDigits: Double = 999_999_999_999_999, smallest = 1e-3, largest = 1e14

    mutating func put(_ byte: UInt8) {
        start[count] = byte
        count += 1
    }

    /// The bytes of `text` (a touch phase's name: at most 10 bytes).
    mutating func put(_ text: String) {
        for byte in text.utf8 { put(byte) }
    }

    /// The decimal digits of `value`, as `String(value)` writes them.
    mutating func put(_ value: Int) {
        if value < 0 { put(UInt8(ascii: "-")) }
        let magnitude = UInt64(value.magnitude)
        putDigits(of: magnitude, count: Self.digitCount(magnitude))
    }

    /// Writes a non-integer `value` of 0.001 <= |value| < 1e14 with at most 9 fractional and 15
    /// significant digits as its shortest decimal; false (nothing written) for any other value.
    mutating func putShortDecimal(_ value: Double) -> Bool {
        let magnitude = abs(value)
        guard magnitude >= Self.smallest, magnitude < Self.largest, magnitude != magnitude.rounded(.towardZero)
        else { return false }
        for fractionDigits in 1..<Self.powersOfTen.count {
            let scale = Self.powersOfTen[fractionDigits]
            let digits = (magnitude * scale).rounded()
            guard digits <= Self.largestDigits else { return false }
            guard digits / scale == magnitude else { continue }
            let whole = UInt64(digits)
            let divisor = UInt64(scale)
            if value < 0 { put(UInt8(ascii: "-")) }
            let integerPart = whole / divisor
            putDigits(of: integerPart, count: Self.digitCount(integerPart))
            put(UInt8(ascii: "."))
            putDigits(of: whole % divisor, count: fractionDigits)
            return true
        }
        return false
    }

    /// The number of decimal digits of `value` (1 for 0).
    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// The last `digits` (at most 20) decimal digits of `value`, with leading zeros.
    private mutating func putDigits(of value: UInt64, count digits: Int) {
        var rest = value
        var position = count + digits - 1
        while position >= count {
            start[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            position -= 1
        }
        count += digits
    }
}
