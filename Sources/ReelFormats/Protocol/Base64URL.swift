import ReelJSON
import ReelTrace

/// Base64 in the URL-safe alphabet (RFC 4648 section 5: `A-Z a-z 0-9 - _`) with `=` padding: the
/// line-safe text of a binary answer (`ProtocolEncoding.binary`). No character of it is ever escaped
/// in a JSON string, so an engine in any language writes it between two quotes as it is.
///
/// ```swift
/// var text: [UInt8] = []
/// Base64URL.encode([0xFB, 0xFF], into: &text)   // "-_8="
/// ```
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each byte's value in the alphabet, 0xFF for a byte outside it.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()

    /// The two characters of every 12-bit value, the first in the low byte (stored as a
    /// little-endian `UInt16`, they land in text order): one lookup writes two characters.
    private static let pairs: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 4096)
        for value in 0..<4096 { table[value] = UInt16(alphabet[value >> 6]) | UInt16(alphabet[value & 63]) << 8 }
        return table
    }()

    /// The 12-bit value of every two characters read as a little-endian `UInt16` (the first
    /// character in the low byte), 0xFFFF when either is outside the alphabet: one lookup reads two
    /// characters.
    private static let pairValues: [UInt16] = {
        var table = [UInt16](repeating: 0xFFFF, count: 65536)
        for (first, firstCharacter) in alphabet.enumerated() {
            for (second, secondCharacter) in alphabet.enumerated() {
                table[Int(firstCharacter) | Int(secondCharacter) << 8] = UInt16(first << 6 | second)
            }
        }
        return table
    }()

    /// The encoded length of `count` bytes: 4 characters for each 3 bytes, padded.
    package static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Appends the text of `bytes` to `text`.
    package static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into text: inout [UInt8]) {
        let start = text.count
        let length = encodedCount(bytes.count)
        text.append(contentsOf: repeatElement(0, count: length))
        text.withUnsafeMutableBufferPointer { text in
            encode(bytes, into: UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(text)[start..<(start + length)]))
        }
    }

    /// Writes the text of `bytes` into `text`, exactly `encodedCount(bytes.count)` bytes.
    package static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into text: UnsafeMutableRawBufferPointer) {
        precondition(text.count == encodedCount(bytes.count))
        guard let input = bytes.baseAddress, let output = text.baseAddress else { return }
        pairs.withUnsafeBufferPointer { pairs in
            let pairs = pairs.baseAddress!
            var out = 0
            var index = 0
            // Six bytes make eight characters: one 8-byte load (its top 48 bits, read big-endian)
            // and one 8-byte store of four two-character lookups. The load reads 2 bytes past
            // the six, so this runs while 8 bytes are left; the output of those six bytes is
            // exactly 8 characters, within `text`.
            while index + 8 <= bytes.count {
                let word = UInt64(bigEndian: UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self)) >> 16
                let characters =
                    UInt64(pairs[Int(word >> 36)]) | UInt64(pairs[Int(word >> 24 & 0xFFF)]) << 16
                    | UInt64(pairs[Int(word >> 12 & 0xFFF)]) << 32 | UInt64(pairs[Int(word & 0xFFF)]) << 48
                output.storeBytes(of: characters.littleEndian, toByteOffset: out, as: UInt64.self)
                out += 8
                index += 6
            }
            let whole = bytes.count - bytes.count % 3
            while index < whole {
                let word = Int(input[index]) << 16 | Int(input[index + 1]) << 8 | Int(input[index + 2])
                output.storeBytes(of: pairs[word >> 12], toByteOffset: out, as: UInt16.self)
                output.storeBytes(of: pairs[word & 0xFFF], toByteOffset: out + 2, as: UInt16.self)
                out += 4
                index += 3
            }
            let left = bytes.count - index
            if left > 0 {
                let word = UInt32(input[index]) << 16 | (left == 2 ? UInt32(input[index + 1]) << 8 : 0)
                output.storeBytes(of: alphabet[Int(word >> 18)], toByteOffset: out, as: UInt8.self)
                output.storeBytes(of: alphabet[Int(word >> 12 & 63)], toByteOffset: out + 1, as: UInt8.self)
                output.storeBytes(
                    of: left == 2 ? alphabet[Int(word >> 6 & 63)] : UInt8(ascii: "="), toByteOffset: out + 2, as: UInt8.self)
                output.storeBytes(of: UInt8(ascii: "="), toByteOffset: out + 3, as: UInt8.self)
            }
        }
    }

    /// Why a text is not base64url: the offset of the first byte that breaks the form.
    package struct DecodeError: ReelError, Hashable {
        package var offset: Int
        package var reason: String

        /// Bad input: the text came from an engine or a request.
        package var failureKind: FailureKind { .dataError }

        package var description: String { "\(reason) at character \(offset + 1)" }
    }

    /// The bytes `text` encodes. The text's length must be a multiple of 4, every character in the
    /// alphabet but one or two `=` at the end, and the bits that padding leaves over must be 0
    /// (so each byte string has exactly one text).
    package static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(DecodeError) -> [UInt8] {
        guard text.count % 4 == 0 else {
            throw DecodeError(offset: text.count, reason: "\(text.count) characters is not a multiple of 4")
        }
        var padding = 0
        if text.count >= 4, text[text.count - 1] == UInt8(ascii: "=") {
            padding = text[text.count - 2] == UInt8(ascii: "=") ? 2 : 1
        }
        let count = text.count / 4 * 3 - padding
        var failure: DecodeError?
        // Every byte is written below before the array is handed out, or the array is dropped
        // (`failure`): no zero-filling first.
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
            initialized = count
            failure = decode(text, padding: padding, into: bytes)
        }
        if let failure { throw failure }
        return bytes
    }

    /// Decodes `text` (a multiple of 4 characters, `padding` of them `=` at the end) into `bytes`,
    /// exactly its `count`; the problem, if any.
    private static func decode(
        _ text: UnsafeBufferPointer<UInt8>, padding: Int, into bytes: UnsafeMutableBufferPointer<UInt8>
    ) -> DecodeError? {
        let full = text.count - (padding > 0 ? 4 : 0)
        var index = 0
        var out = 0
        if full > 0 {
            pairValues.withUnsafeBufferPointer { pairValues in
                let pairValues = pairValues.baseAddress!
                let input = UnsafeRawPointer(text.baseAddress!)
                let output = UnsafeMutableRawPointer(bytes.baseAddress!)
                // Eight characters a step: one 8-byte load, four two-character lookups of 12 bits
                // each, one 8-byte store of which the first 6 bytes are the group's (the other 2
                // are overwritten by the next step or the steps after the loop). So it runs while
                // 8 output bytes fit: out + 8 <= bytes.count.
                while index + 8 <= full, out + 8 <= bytes.count {
                    let characters = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    let a = UInt64(pairValues[Int(characters & 0xFFFF)])
                    let b = UInt64(pairValues[Int(characters >> 16 & 0xFFFF)])
                    let c = UInt64(pairValues[Int(characters >> 32 & 0xFFFF)])
                    let d = UInt64(pairValues[Int(characters >> 48)])
                    guard (a | b | c | d) & 0xF000 == 0 else { break }
                    let word = a << 36 | b << 24 | c << 12 | d
                    output.storeBytes(of: (word << 16).bigEndian, toByteOffset: out, as: UInt64.self)
                    out += 6
                    index += 8
                }
                // Four characters a step: two lookups.
                while index < full {
                    let high = UInt32(pairValues[Int(UInt16(littleEndian: input.loadUnaligned(fromByteOffset: index, as: UInt16.self)))])
                    let low = UInt32(pairValues[Int(UInt16(littleEndian: input.loadUnaligned(fromByteOffset: index + 2, as: UInt16.self)))])
                    guard (high | low) & 0xF000 == 0 else { break }
                    let word = high << 12 | low
                    output.storeBytes(of: UInt8(truncatingIfNeeded: word >> 16), toByteOffset: out, as: UInt8.self)
                    output.storeBytes(of: UInt8(truncatingIfNeeded: word >> 8), toByteOffset: out + 1, as: UInt8.self)
                    output.storeBytes(of: UInt8(truncatingIfNeeded: word), toByteOffset: out + 2, as: UInt8.self)
                    out += 3
                    index += 4
                }
            }
        }
        guard index >= full else { return invalid(text, from: index) }
        guard padding > 0 else { return nil }
        return values.withUnsafeBufferPointer { values -> DecodeError? in
            let a = values[Int(text[index])]
            let b = values[Int(text[index + 1])]
            let c = padding == 2 ? 0 : values[Int(text[index + 2])]
            guard (a | b | c) & 0xC0 == 0 else { return invalid(text, from: index) }
            let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
            let spare = padding == 2 ? word & 0xFFFF : word & 0xFF
            guard spare == 0 else { return DecodeError(offset: index, reason: "the padded end leaves bits that are not 0") }
            bytes[out] = UInt8(truncatingIfNeeded: word >> 16)
            if padding == 1 { bytes[out + 1] = UInt8(truncatingIfNeeded: word >> 8) }
            return nil
        }
    }

    /// The first byte from `start` that is not in the alphabet.
    private static func invalid(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> DecodeError {
        var index = start
        while index < text.count, values[Int(text[index])] != 0xFF { index += 1 }
        let byte = index < text.count ? text[index] : 0
        let shown =
            byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
        return DecodeError(offset: index, reason: "\(shown) is not a base64url character")
    }
}

extension Base64URL {
    /// `bytes` as one JSON string of base64url text (no escaping is ever needed), the value of
    /// `binary_trace` and `binary_touches`.
    static func writeJSONString(_ bytes: UnsafeBufferPointer<UInt8>, into writer: inout JSONWriter) {
        let length = encodedCount(bytes.count)
        writer.verbatim(count: length + 2) { text in
            text[0] = UInt8(ascii: "\"")
            encode(bytes, into: UnsafeMutableRawBufferPointer(rebasing: text[1..<(length + 1)]))
            text[length + 1] = UInt8(ascii: "\"")
        }
    }
}
