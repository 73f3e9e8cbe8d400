/// Text from an engine (its `{"error": ...}` message, its standard error) made safe to print on a
/// terminal, store and put in JUnit XML: control characters (C0, DEL, C1) become visible `\u{..}`
/// escapes, so no escape sequence reaches a terminal raw and no XML 1.0-invalid character reaches a
/// report, and text past `limit` characters is cut, saying how much was left out.
package enum UntrustedText {
    /// The characters of engine text kept, at most.
    package static let defaultLimit = 1000

    package static func sanitized(_ text: String, limit: Int = defaultLimit) -> String {
        var out = ""
        var kept = 0
        for scalar in text.unicodeScalars {
            if kept == limit {
                let rest = text.unicodeScalars.count - limit
                return out + "... (\(rest) more characters not shown)"
            }
            kept += 1
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
