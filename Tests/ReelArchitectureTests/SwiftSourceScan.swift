/// A Swift file split into its code and its string literals, enough for rules that read source as
/// text: comments (`//`, `///`, nested `/* */`) and the contents of string literals (`"..."`,
/// `"""..."""`, raw `#"..."#` with any number of `#`) are removed from the code, so an `import` or a
/// `public` inside a comment, a help text or an embedded page is not code; the literals are kept
/// with the line they start on, an interpolation standing in them as `\(…)` (the literals inside an
/// interpolation are literals of their own).
struct SwiftSourceScan: Sendable {
    /// A string literal's text (escapes resolved to the escaped character) and its first line (1-based).
    struct Literal: Sendable, Equatable {
        let line: Int
        let text: String
    }

    /// The code, one entry a line (line n at index n - 1); a literal leaves `""` where it was.
    private(set) var codeLines: [String] = []
    private(set) var literals: [Literal] = []

    init(_ source: String) {
        var scanner = Scanner(bytes: Array(source.utf8))
        scanner.scanCode(untilClosingParenthesis: false)
        codeLines = String(decoding: scanner.code, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        literals = scanner.literals.sorted { $0.line < $1.line }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var code: [UInt8] = []
        var literals: [Literal] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        private func byte(at offset: Int = 0) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        private func hashes(at offset: Int) -> Int {
            var count = 0
            while byte(at: offset + count) == UInt8(ascii: "#") { count += 1 }
            return count
        }

        /// Code up to the end of the file, or up to the `)` that closes an interpolation.
        mutating func scanCode(untilClosingParenthesis: Bool) {
            var depth = 0
            while let current = byte() {
                switch current {
                case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "/"):
                    while let next = byte(), next != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
                    skipBlockComment()
                case UInt8(ascii: "#") where byte(at: hashes(at: 0)) == UInt8(ascii: "\""):
                    let count = hashes(at: 0)
                    index += count
                    scanString(hashes: count)
                case UInt8(ascii: "\""):
                    scanString(hashes: 0)
                case UInt8(ascii: "("):
                    depth += 1
                    emit(current)
                case UInt8(ascii: ")"):
                    if untilClosingParenthesis && depth == 0 {
                        index += 1
                        return
                    }
                    depth -= 1
                    emit(current)
                default:
                    emit(current)
                }
            }
        }

        private mutating func emit(_ current: UInt8) {
            if current == UInt8(ascii: "\n") { line += 1 }
            code.append(current)
            index += 1
        }

        private mutating func skipBlockComment() {
            var depth = 0
            while let current = byte() {
                if current == UInt8(ascii: "/") && byte(at: 1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if current == UInt8(ascii: "*") && byte(at: 1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    if current == UInt8(ascii: "\n") {
                        line += 1
                        code.append(current)
                    }
                    index += 1
                }
            }
        }

        /// A literal from its opening quote (its leading `#`s already read) to its closing delimiter.
        private mutating func scanString(hashes count: Int) {
            let quote = UInt8(ascii: "\"")
            let multiline = byte(at: 1) == quote && byte(at: 2) == quote
            index += multiline ? 3 : 1
            let start = line
            var text: [UInt8] = []
            code.append(contentsOf: [quote, quote])
            while let current = byte() {
                if current == UInt8(ascii: "\\") && hashes(at: 1) == count {
                    index += 1 + count
                    guard let escaped = byte() else { break }
                    if escaped == UInt8(ascii: "(") {
                        index += 1
                        let codeBefore = code.count
                        scanCode(untilClosingParenthesis: true)
                        code.removeSubrange(codeBefore...)
                        text.append(contentsOf: Array("\\(…)".utf8))
                        continue
                    }
                    if escaped == UInt8(ascii: "\n") { newline() } else { text.append(escaped) }
                    index += 1
                } else if current == quote && closes(multiline: multiline, hashes: count) {
                    index += (multiline ? 3 : 1) + count
                    break
                } else if current == UInt8(ascii: "\n") {
                    if !multiline { break }  // unterminated: the compiler reports it
                    text.append(current)
                    newline()
                    index += 1
                } else {
                    text.append(current)
                    index += 1
                }
            }
            literals.append(Literal(line: start, text: String(decoding: text, as: UTF8.self)))
        }

        private func closes(multiline: Bool, hashes count: Int) -> Bool {
            let quotes = multiline ? 3 : 1
            for offset in 0..<quotes where byte(at: offset) != UInt8(ascii: "\"") { return false }
            return hashes(at: quotes) >= count
        }

        private mutating func newline() {
            line += 1
            code.append(UInt8(ascii: "\n"))
        }
    }
}
