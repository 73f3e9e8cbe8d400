/// JSON string literals, written one way everywhere in Reel (gesture streams, engine protocol,
/// canonical specs and profiles, the store's tag lists): `"` and `\` escaped, `\n`, `\r`, `\t`,
/// `\b`, `\f` in their short forms, other control characters as `\u00xx`, everything else as is.
package enum JSONString {
    /// Appends `text` as a JSON string literal, quotes included, to `bytes` (UTF-8).
    package static func append(_ text: String, to bytes: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        // Most texts need no escape: their UTF-8 is copied in one go between the quotes.
        var text = text
        let copied = text.withUTF8 { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == quote || $0 == backslash }) else { return false }
            bytes.append(quote)
            bytes.append(contentsOf: utf8)
            bytes.append(quote)
            return true
        }
        if copied { return }
        bytes.append(quote)
        for byte in text.utf8 {
            guard byte < 0x20 || byte == quote || byte == backslash else {
                bytes.append(byte)
                continue
            }
            bytes.append(backslash)
            switch byte {
            case quote, backslash: bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:  // the other control characters, U+0000 to U+001F
                let hexDigits = Array("0123456789abcdef".utf8)
                bytes += Array("u00".utf8)
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        bytes.append(quote)
    }

    /// `text` as a JSON string literal, quotes included.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
