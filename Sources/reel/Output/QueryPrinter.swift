import Foundation
import ReelJSON
import ReelRunner
import ReelStore
import ReelTrace

/// One value of a query result.
///
/// A BLOB keeps its bytes: table and CSV show it as SQLite's literal `x'0a1b'` (hex), JSON as a
/// base64 string (docs/SCHEMA.md, "reel query"); neither is text decoded from arbitrary bytes.
enum Cell {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    init(_ statement: Statement, _ index: Int32) {
        switch statement.columnType(at: index) {
        case .null: self = .null
        case .integer: self = .integer(statement.int64(at: index))
        case .real: self = .real(statement.double(at: index))
        case .text: self = .text(statement.string(at: index))
        case .blob: self = .blob(Array(statement.data(at: index)))
        }
    }

    var plain: String {
        switch self {
        case .null: ""
        case .integer(let value): String(value)
        case .real(let value): JSONWriter.format(value)
        case .text(let value): value
        case .blob(let bytes): "x'" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "'"
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// Writes a query's rows as they come, as a table, CSV or JSON: nothing but the first
/// `tableSample` rows is ever held (a table sizes its columns to them; later wider cells stretch
/// their row).
final class QueryPrinter {
    private let format: QueryCommand.Format
    private let columns: [String]
    private let output: OutputFile
    private var count = 0
    private var sample: [[String]]? = []
    private var widths: [Int] = []
    static let tableSample = 1000
    /// Whether standard output, where `reel query` writes, is a terminal.
    private let onTerminal = isatty(1) == 1

    init(format: QueryCommand.Format, columns: [String], output: OutputFile) {
        self.format = format
        self.columns = columns
        self.output = output
    }

    func row(_ cells: [Cell]) throws {
        count += 1
        switch format {
        case .table:
            // A table is for a terminal: text from the archive (or the user's SQL) shows its terminal
            // controls escaped (`TerminalText`), so no escape sequence reaches the terminal raw.
            let texts = cells.map { TerminalText.escaped($0.plain, limit: .max) }
            if sample != nil {
                sample!.append(texts)
                if sample!.count >= Self.tableSample { try flushSample() }
            } else {
                try output.write(line(texts) + "\n")
            }
        case .csv:
            if count == 1 { try output.write(columns.map(csvField).joined(separator: ",") + "\n") }
            try output.write(cells.map { csvField($0.plain) }.joined(separator: ",") + "\n")
        case .json:
            var w = JSONWriter()
            if count == 1 { Self.openJSON(&w) } else { w.punctuation(UInt8(ascii: ",")) }
            w.punctuation(UInt8(ascii: "\n"))
            w.object(zip(columns, cells), key: \.0) { w, member in
                switch member.1 {
                case .null: w.null()
                case .integer(let value): w.int(Int(value))
                case .real(let value): w.number(value)
                case .text(let value): w.string(value)
                case .blob(let bytes): w.string(Data(bytes).base64EncodedString())
                }
            }
            try output.write(w.text)
        }
    }

    /// Ends the output: the table's row count, the CSV header of an empty result, JSON's bracket.
    func finish() throws {
        switch format {
        case .table:
            if sample != nil { try flushSample() }
            try output.write("(\(count) row\(count == 1 ? "" : "s"))\n")
        case .csv:
            if count == 0 { try output.write(columns.map(csvField).joined(separator: ",") + "\n") }
        case .json:
            var w = JSONWriter()
            if count == 0 { Self.openJSON(&w) }
            for character in "\n]}\n".utf8 { w.punctuation(character) }
            try output.write(w.text)
        }
    }

    /// `{"format":"reel.query/1","rows":[`: what comes before the first row (docs/JSON.md); the
    /// rows follow one per line, and `finish` closes the array and the object.
    private static func openJSON(_ w: inout JSONWriter) {
        w.punctuation(UInt8(ascii: "{"))
        w.members { members in
            members.member("format", JSONOutput.query.format)
            members.member("rows") { $0.punctuation(UInt8(ascii: "[")) }
        }
    }

    private func flushSample() throws {
        let rows = sample ?? []
        sample = nil
        widths = columns.indices.map { column in
            max(TerminalText.escaped(columns[column], limit: .max).count, rows.map { $0[column].count }.max() ?? 0)
        }
        try output.write(
            line(columns.map { TerminalText.escaped($0, limit: .max) }) + "\n" + line(widths.map { String(repeating: "-", count: $0) })
                + "\n")
        for row in rows { try output.write(line(row) + "\n") }
    }

    private func line(_ cells: [String]) -> String {
        var text = zip(cells, widths).map { $0.padding(toLength: max($1, $0.count), withPad: " ", startingAt: 0) }.joined(separator: "  ")
        while text.last == " " { text.removeLast() }
        return text
    }

    /// A CSV field (RFC 4180) of `text` with its terminal controls escaped (`TerminalText`): a pipe
    /// often ends on a terminal, and no spreadsheet needs an ESC. Into a file or a pipe, tab, line
    /// feed and carriage return stay (the field quoted); onto a terminal they are escaped too.
    private func csvField(_ text: String) -> String {
        Self.field(TerminalText.escaped(text, limit: .max, keepingLineBreaks: !onTerminal))
    }

    private static func field(_ text: String) -> String {
        text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
