import Foundation

/// The one escaping of text from an archive or an engine on its way to a terminal (`reel show`,
/// `compare`, `query`, and every line built from stored names): control characters (C0 with line
/// feed, carriage return and tab, DEL, C1) and Unicode's bidirectional controls (U+061C, U+200E,
/// U+200F, U+202A to U+202E, U+2066 to U+2069: the "Trojan Source" reorderings) and line and
/// paragraph separators (U+2028, U+2029) become visible `\u{1b}`-style escapes, so no escape
/// sequence, bell, carriage-return overwrite or reordered text reaches the terminal raw.
///
/// ```
/// TerminalText.escaped("nav\u{1B}]0;owned\u{07}")        // "nav\\u{1b}]0;owned\\u{7}"
/// TerminalText.escaped("a\u{202E}gnp.exe")                 // "a\\u{202e}gnp.exe"
/// TerminalText.escaped("a\r\nb", keepingLineBreaks: true)  // "a\r\nb" (CSV into a file or pipe)
/// ```
enum TerminalText {
    /// `text` with every terminal control escaped and at most `limit` characters (Unicode scalars)
    /// kept, saying how many more there were. `keepingLineBreaks` keeps tab, line feed and carriage
    /// return as they are (a CSV field into a file or a pipe, RFC 4180), and escapes all the rest.
    static func escaped(_ text: String, limit: Int = 200, keepingLineBreaks: Bool = false) -> String {
        var out = String.UnicodeScalarView()
        var kept = 0
        for scalar in text.unicodeScalars {
            if kept == limit {
                let rest = text.unicodeScalars.count - limit
                return String(out) + "... (\(rest) more characters not shown)"
            }
            kept += 1
            if needsEscape(scalar) && !(keepingLineBreaks && (scalar == "\t" || scalar == "\n" || scalar == "\r")) {
                out.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16) + "}").unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `scalar` would act on a terminal rather than show.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}

/// Text from an archive or an engine as one field of a terminal line: `TerminalText.escaped`, at
/// most `limit` characters.
func shown(_ text: String, limit: Int = 200) -> String {
    TerminalText.escaped(text, limit: limit)
}

/// Prints one line with every terminal control in it escaped (`TerminalText`), line feeds
/// included: the output point of `reel show` and `reel compare`, so a stored name that reaches a
/// line unescaped still cannot act on the terminal or start a line of its own.
func printLine(_ line: String) {
    print(TerminalText.escaped(line, limit: .max))
}
