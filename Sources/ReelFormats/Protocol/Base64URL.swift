import ReelTrace

/// Base64 in the URL-safe alphabet (RFC 4648 section 5: `A-Z a-z 0-9 - _`) with `=` padding: the
/// line-safe text of a binary answer (`ReplyEncoding.binary`). No character of it is ever escaped
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

    /// The encoded length of `count` bytes: 4 characters for each 3 bytes, padded.
    package static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Appends the text of `bytes` to `text`.
    package static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into text: inout [UInt8]) {
        let start = text.count
        let length = encodedCount(bytes.count)
        text.append(contentsOf: repeatElement(0, count: length))
        alphabet.withUnsafeBufferPointer { alphabet in
            text.withUnsafeMutableBufferPointer { text in
                var out = start
                var index = 0
                while index + 3 <= bytes.count {
                    let word = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                    text[out] = alphabet[Int(word >> 18)]
                    text[out + 1] = alphabet[Int(word >> 12 & 63)]
                    text[out + 2] = alphabet[Int(word >> 6 & 63)]
                    text[out + 3] = alphabet[Int(word & 63)]
                    out += 4
                    index += 3
                }
                let left = bytes.count - index
                if left > 0 {
                    let word = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                    text[out] = alphabet[Int(word >> 18)]
                    text[out + 1] = alphabet[Int(word >> 12 & 63)]
                    text[out + 2] = left == 2 ? alphabet[Int(word >> 6 & 63)] : UInt8(ascii: "=")
                    text[out + 3] = UInt8(ascii: "=")
                }
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
        var bytes = [UInt8](repeating: 0, count: count)
        var failure: DecodeError?
        values.withUnsafeBufferPointer { values in
            bytes.withUnsafeMutableBufferPointer { bytes in
                let full = text.count - (padding > 0 ? 4 : 0)
                var index = 0
                var out = 0
                while index < full {
                    let a = values[Int(text[index])]
                    let b = values[Int(text[index + 1])]
                    let c = values[Int(text[index + 2])]
                    let d = values[Int(text[index + 3])]
                    guard (a | b | c | d) & 0xC0 == 0 else {
                        failure = invalid(text, from: index)
                        return
                    }
                    let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    bytes[out] = UInt8(truncatingIfNeeded: word >> 16)
                    bytes[out + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    bytes[out + 2] = UInt8(truncatingIfNeeded: word)
                    out += 3
                    index += 4
                }
                guard padding > 0 else { return }
                let a = values[Int(text[index])]
                let b = values[Int(text[index + 1])]
                let c = padding == 2 ? 0 : values[Int(text[index + 2])]
                guard (a | b | c) & 0xC0 == 0 else {
                    failure = invalid(text, from: index)
                    return
                }
                let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
                let spare = padding == 2 ? word & 0xFFFF : word & 0xFF
                guard spare == 0 else {
                    failure = DecodeError(offset: index, reason: "the padded end leaves bits that are not 0")
                    return
                }
                bytes[out] = UInt8(truncatingIfNeeded: word >> 16)
                if padding == 1 { bytes[out + 1] = UInt8(truncatingIfNeeded: word >> 8) }
            }
        }
        if let failure { throw failure }
        return bytes
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
