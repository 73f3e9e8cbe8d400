import ReelJSON

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
struct HashText {
    private(set) var bytes: [UInt8] = []

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
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = UInt64(value.magnitude)
        appendDigits(of: magnitude, count: Self.digitCount(magnitude))
    }

    /// Appends `value` as `JSONWriter.format(value)` writes it.
    mutating func append(_ value: Double) {
        if !appendShortDecimal(value) { append(JSONWriter.format(value)) }
    }

    /// Powers of ten exact as Doubles, for the fractional digits tried.
    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
    /// The largest integer `m` taken (15 digits), and the magnitudes written in fixed notation by
    /// `Double.description` on both sides, with margin.
    private static let largestDigits: Double = 999_999_999_999_999, smallest = 1e-3, largest = 1e14

    /// Writes a non-integer `value` of 0.001 <= |value| < 1e14 with at most 9 fractional and 15
    /// significant digits as its shortest decimal; false (nothing written) for any other value.
    private mutating func appendShortDecimal(_ value: Double) -> Bool {
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
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            let integerPart = whole / divisor
            appendDigits(of: integerPart, count: Self.digitCount(integerPart))
            bytes.append(UInt8(ascii: "."))
            appendDigits(of: whole % divisor, count: fractionDigits)
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

    /// Appends the last `count` (at most 20) decimal digits of `value`, with leading zeros.
    private mutating func appendDigits(of value: UInt64, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var position = count - 1
            while position >= 0 {
                digits[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                position -= 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
        }
    }
}
