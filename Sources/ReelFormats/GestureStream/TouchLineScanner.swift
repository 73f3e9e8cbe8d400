import ReelJSON
import ReelTrace

/// The fast path for the bulk of a gesture stream: a touch line with exactly the six documented
/// members (`type`, `t`, `id`, `phase`, `x`, `y`, any order, plain keys) decoded straight from
/// the bytes, with no intermediate JSON values or strings.
///
/// It accepts only lines the general path (`GestureLine.decode`) accepts with the same result,
/// and returns nil for everything else (session lines, extra members, escapes, any error), which
/// then take the general path and get its exact error messages.
enum TouchLineScanner {
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Touch? {
        var cursor = JSONCursor(bytes: bytes)
        var seen: UInt8 = 0
        var t = 0.0
        var x = 0.0
        var y = 0.0
        var id = 0
        var phase = TouchPhase.began
        cursor.skipOptionalWhitespace()
        guard cursor.consume(UInt8(ascii: "{")) else { return nil }
        while true {
            cursor.skipOptionalWhitespace()
            guard let key = cursor.plainString() else { return nil }
            cursor.skipOptionalWhitespace()
            guard cursor.consume(UInt8(ascii: ":")) else { return nil }
            cursor.skipOptionalWhitespace()
            let bit: UInt8
            switch key.count {
            case 1 where key[0] == UInt8(ascii: "t"):
                bit = 1
                guard let number = cursor.number() else { return nil }
                t = number
            case 1 where key[0] == UInt8(ascii: "x"):
                bit = 2
                guard let number = cursor.number() else { return nil }
                x = number
            case 1 where key[0] == UInt8(ascii: "y"):
                bit = 4
                guard let number = cursor.number() else { return nil }
                y = number
            case 2 where key[0] == UInt8(ascii: "i") && key[1] == UInt8(ascii: "d"):
                bit = 8
                guard let number = cursor.number(), number == number.rounded(.towardZero),
                    abs(number) <= 9_007_199_254_740_992
                else { return nil }
                id = Int(number)
            case 4 where spells(key, "type"):
                bit = 16
                guard let value = cursor.plainString(), spells(value, "touch") else { return nil }
            case 5 where spells(key, "phase"):
                bit = 32
                guard let value = cursor.plainString(), let named = Self.phase(named: value) else { return nil }
                phase = named
            default:
                return nil
            }
            guard seen & bit == 0 else { return nil }
            seen |= bit
            cursor.skipOptionalWhitespace()
            if cursor.consume(UInt8(ascii: ",")) { continue }
            guard cursor.consume(UInt8(ascii: "}")) else { return nil }
            break
        }
        cursor.skipOptionalWhitespace()
        guard cursor.index == bytes.count, seen == 63 else { return nil }
        return Touch(t: t, id: id, phase: phase, x: x, y: y)
    }

    /// The phase whose raw value `name` spells, as `TouchPhase(rawValue:)` finds it, without making
    /// a String of the bytes.
    static func phase(named name: UnsafeBufferPointer<UInt8>) -> TouchPhase? {
        switch name.count {
        case 5:
            if spells(name, "moved") { return .moved }
            if spells(name, "began") { return .began }
            if spells(name, "ended") { return .ended }
            return nil
        case 9: return spells(name, "cancelled") ? .cancelled : nil
        case 10: return spells(name, "stationary") ? .stationary : nil
        default: return nil
        }
    }

    /// Whether `bytes` are exactly the UTF-8 of `text`: a byte loop the compiler unrolls for a
    /// literal, where `elementsEqual` with an array was a generic call per key (a tenth of the scan).
    @inline(__always)
    static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        let expected = text.utf8Start
        for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
        return true
    }
}

extension JSONCursor {
    /// `skipWhitespace` when the next byte can be whitespace (every JSON whitespace byte is at most
    /// 0x20): a compact line has none between its tokens, and this saves the call per token.
    @inline(__always)
    mutating func skipOptionalWhitespace() {
        if index < bytes.count, bytes[index] <= 0x20 { skipWhitespace() }
    }

    /// Consumes `byte` when it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A string of printable ASCII without escapes, as the bytes between its quotes.
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// A number, or nil when the next value is not a valid finite number.
    mutating func number() -> Double? {
        guard index < bytes.count,
            bytes[index] == UInt8(ascii: "-") || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9"))
        else {
            return nil
        }
        return try? parseNumber()
    }
}
