import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a JSON text was rejected, and where.
public struct JSONParseError: ReelError, Sendable, Hashable {
    public var failureKind: FailureKind { .dataError }
    /// 0-based byte offset of the offending byte within the text.
    public var offset: Int
    public var reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// 1-based column (in bytes) of the offending byte.
    public var column: Int { offset + 1 }

    public var description: String { "column \(column): \(reason)" }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Strict means: exactly one value with optional surrounding whitespace; no comments, trailing
/// commas, single quotes, leading zeros, `NaN` or `Infinity`; strings must be valid UTF-8 with
/// escaped control characters and paired surrogates; duplicate object keys are rejected; numbers
/// must be finite as Doubles (so `1e999` is an error); nesting deeper than `maximumDepth` is
/// an error. Numbers are parsed exactly (correctly rounded): exact fast paths for decimals of up
/// to 19 significant digits and moderate exponents, `strtod` otherwise (the process must run in the C numeric locale, which Swift programs do
/// unless they call `setlocale`).
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Parses one JSON text.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var cursor = JSONCursor(bytes: bytes)
        cursor.skipWhitespace()
        let value = try cursor.parseValue(depth: 0)
        cursor.skipWhitespace()
        if cursor.index < bytes.count {
            throw JSONParseError(offset: cursor.index, reason: "unexpected characters after the JSON value")
        }
        return value
    }

    /// Parses one JSON text.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }
        return try result.get()
    }

    /// Parses one JSON text.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// The parser's position within the bytes.
package struct JSONCursor {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0

    package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? index, reason: reason)
    }

    private var isAtEnd: Bool { index >= bytes.count }

    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    package mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard !isAtEnd else { throw fail("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw fail("NaN and Infinity are not numbers JSON allows")
        default:
            throw fail("unexpected character \(Self.describe(bytes[index])), expected a value")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw fail("invalid literal", at: start) }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw fail("invalid literal", at: start)
        }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else {
            throw fail("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
        index += 1
        var members: [JSONMember] = []
        var seenKeys: Set<String>? = nil
        skipWhitespace()
        if !isAtEnd, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard !isAtEnd, bytes[index] == UInt8(ascii: "\"") else {
                throw fail(isAtEnd ? "unexpected end of input, expected a key" : "expected a string key")
            }
            let keyOffset = index
            let key = try parseString()
            if members.count < 16 {
                if members.contains(where: { $0.key == key }) { throw fail("duplicate key \"\(key)\"", at: keyOffset) }
            } else {
                if seenKeys == nil { seenKeys = Set(members.map(\.key)) }
                if !seenKeys!.insert(key).inserted { throw fail("duplicate key \"\(key)\"", at: keyOffset) }
            }
            skipWhitespace()
            guard !isAtEnd, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after key") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key, value))
            skipWhitespace()
            guard !isAtEnd else { throw fail("unexpected end of input, expected ',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else {
            throw fail("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if !isAtEnd, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard !isAtEnd else { throw fail("unexpected end of input, expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    // MARK: Strings

    package mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        let contentStart = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                if isASCII { return String(decoding: content, as: UTF8.self) }
                guard let string = String(validating: content, as: UTF8.self) else {
                    throw fail("invalid UTF-8 in string", at: start)
                }
                return string
            }
            if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(start: start, contentStart: contentStart)
            }
            if byte < 0x20 { throw fail("unescaped control character in string") }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        throw fail("unterminated string", at: start)
    }

    /// The slow path of `parseString`, from the first backslash on.
    private mutating func parseEscapedString(start: Int, contentStart: Int) throws(JSONParseError) -> String {
        var decoded = Array(bytes[contentStart..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: decoded, as: UTF8.self) else {
                    throw fail("invalid UTF-8 in string", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                let escapeOffset = index
                index += 1
                guard !isAtEnd else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape(escapeOffset: escapeOffset)
                    decoded.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    throw fail("invalid escape \\\(Self.describeBare(escaped))", at: escapeOffset)
                }
            default:
                if byte < 0x20 { throw fail("unescaped control character in string") }
                decoded.append(byte)
                index += 1
            }
        }
        throw fail("unterminated string", at: start)
    }

    /// Reads the 4 hex digits after `\u` (and a second `\uXXXX` for a surrogate pair).
    private mutating func parseUnicodeEscape(escapeOffset: Int) throws(JSONParseError) -> Unicode.Scalar {
        let first = try readHex4(escapeOffset: escapeOffset)
        if (0xDC00...0xDFFF).contains(first) {
            throw fail("unpaired surrogate in \\u escape", at: escapeOffset)
        }
        if (0xD800...0xDBFF).contains(first) {
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw fail("unpaired surrogate in \\u escape", at: escapeOffset)
            }
            index += 2
            let second = try readHex4(escapeOffset: escapeOffset)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw fail("unpaired surrogate in \\u escape", at: escapeOffset)
            }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            return Unicode.Scalar(value)!
        }
        return Unicode.Scalar(first)!
    }

    private mutating func readHex4(escapeOffset: Int) throws(JSONParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("invalid \\u escape", at: escapeOffset) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape", at: escapeOffset)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Numbers

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    package mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
            if !isAtEnd, bytes[index] == UInt8(ascii: "I") {
                throw fail("NaN and Infinity are not numbers JSON allows", at: start)
            }
        }
        // Significand digits as an integer (while it stays exact) and the decimal exponent.
        var significand: UInt64 = 0
        var significandIsExact = true
        var decimalExponent = 0

        guard !isAtEnd, isDigit(bytes[index]) else { throw fail("invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if !isAtEnd, isDigit(bytes[index]) { throw fail("leading zeros are not allowed in numbers", at: start) }
        } else {
            while !isAtEnd, isDigit(bytes[index]) {
                accumulate(bytes[index], into: &significand, exact: &significandIsExact, exponent: &decimalExponent, fraction: false)
                index += 1
            }
        }
        if !isAtEnd, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard !isAtEnd, isDigit(bytes[index]) else { throw fail("expected a digit after the decimal point") }
            while !isAtEnd, isDigit(bytes[index]) {
                accumulate(bytes[index], into: &significand, exact: &significandIsExact, exponent: &decimalExponent, fraction: true)
                index += 1
            }
        }
        if !isAtEnd, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if !isAtEnd, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard !isAtEnd, isDigit(bytes[index]) else { throw fail("expected a digit in the exponent") }
            var exponent = 0
            while !isAtEnd, isDigit(bytes[index]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }

        let value: Double
        if significandIsExact, significand <= 1 << 53, abs(decimalExponent) <= 22 {
            // Clinger's fast path: both operands are exact, so one IEEE operation rounds correctly.
            let magnitude = Double(significand)
            let power = Self.exactPowersOfTen[abs(decimalExponent)]
            let unsigned = decimalExponent < 0 ? magnitude / power : magnitude * power
            value = negative ? -unsigned : unsigned
        } else if significandIsExact, let unsigned = Self.extendedFastPath(significand, decimalExponent) {
            value = negative ? -unsigned : unsigned
        } else {
            value = strtodCopy(start: start, end: index)
        }
        guard value.isFinite else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            throw fail("number \(text) is not finite as a double", at: start)
        }
        return value
    }

    /// 10^0 ... 10^19, the powers of ten that fit in 64 bits.
    private static let powersOfTen64: [UInt64] = {
        var powers: [UInt64] = [1]
        for _ in 1...19 { powers.append(powers.last! * 10) }
        return powers
    }()

    /// 2^0 ... 2^-127, exact doubles.
    private static let inversePowersOfTwo: [Double] = (0..<128).map { Double(sign: .plus, exponent: -$0, significand: 1) }

    /// The 16 to 19 significant digits of typical shortest doubles, correctly rounded with integer
    /// arithmetic alone, so the result is the same on every processor and under Valgrind (which
    /// emulates x87 extended precision at double precision). For 10^-k (k <= 19) the significand is
    /// shifted so that the 128-by-64-bit quotient by 10^k has 63 or 64 bits; the remainder becomes a
    /// sticky bit below the rounding bit, so converting that quotient to a Double rounds exactly as
    /// the true value would, and scaling by a power of two is exact. For 10^e (e <= 19) the 128-bit
    /// product is cut to its top 64 bits the same way. nil when the number is outside the path.
    private static func extendedFastPath(_ significand: UInt64, _ decimalExponent: Int) -> Double? {
        guard significand != 0, decimalExponent >= -19, decimalExponent <= 19 else { return nil }
        let power = powersOfTen64[abs(decimalExponent)]
        if decimalExponent >= 0 {
            let (high, low) = significand.multipliedFullWidth(by: power)
            if high == 0 { return Double(low) }
            let shift = high.leadingZeroBitCount
            let top = (high << shift) | (low >> (64 - shift))
            let sticky: UInt64 = low << shift == 0 ? 0 : 1
            return Double(top | sticky) * Double(sign: .plus, exponent: 64 - shift, significand: 1)
        }
        // numerator = significand * 2^shift, below 2^(63 + bits(power)): the quotient fits in 64 bits.
        let shift = 63 + (64 - power.leadingZeroBitCount) - (64 - significand.leadingZeroBitCount)
        let high = shift >= 64 ? significand << (shift - 64) : significand >> (64 - shift)
        let low = shift >= 64 ? 0 : significand << shift
        let (quotient, remainder) = power.dividingFullWidth((high, low))
        return Double(quotient | (remainder == 0 ? 0 : 1)) * inversePowersOfTwo[shift]
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func accumulate(
        _ digitByte: UInt8, into significand: inout UInt64, exact: inout Bool, exponent: inout Int, fraction: Bool
    ) {
        let digit = UInt64(digitByte - UInt8(ascii: "0"))
        if significand < 100_000_000_000_000_000 {  // 1e17: multiplying by 10 cannot overflow
            significand = significand * 10 + digit
            if fraction { exponent -= 1 }
        } else {
            if digit != 0 { exact = false }
            if !fraction { exponent += 1 }
        }
    }

    /// Correctly rounded conversion of the number text by the C library.
    private func strtodCopy(start: Int, end: Int) -> Double {
        let length = end - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
            for offset in 0..<length { buffer[offset] = CChar(bitPattern: bytes[start + offset]) }
            buffer[length] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }

    // MARK: Messages

    package static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    package static func describeBare(_ byte: UInt8) -> String {
        if byte >= 0x20, byte < 0x7F { return String(Character(Unicode.Scalar(byte))) }
        return "(byte 0x" + String(byte, radix: 16, uppercase: true) + ")"
    }
}
