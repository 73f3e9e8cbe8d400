import ArgumentParser
import Foundation
import ReelReplay
import ReelStore

/// `reel query ARCHIVE "SQL"`: read-only SQL over an archive, as a table, CSV or JSON.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run a read-only SQL query (or a saved one) on an archive.",
        discussion: """
            Statements that would write are refused. Tables and views are documented in docs/SCHEMA.md; \
            the saved queries are the documented files in Queries/, which any SQLite client can run too.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, csv, json }

    @Argument(help: "The archive.")
    var archive: String

    @Argument(help: "The SQL (one statement).")
    var sql: String?

    @Option(help: "Output: table, csv or json.")
    var format: Format = .table

    @Option(name: .customLong("param"), help: "Bind NAME=VALUE to :NAME in the SQL (repeatable).")
    var params: [String] = []

    @Option(help: "Run a saved query (see --list); give its parameters with --param.")
    var saved: String?

    @Flag(help: "List the saved queries.")
    var list = false

    func run() throws {
        if list {
            print(Self.savedQueryList)
            return
        }
        try reportingErrors {
            let text: String
            switch (sql, saved) {
            case (let sql?, nil): text = sql
            case (nil, let name?):
                guard let query = EmbeddedQuery.named(name) else {
                    throw ReelFailure(.usage, "no saved query '\(name)' (reel query ARCHIVE --list shows them)")
                }
                text = query.sql
            default: throw ReelFailure(.usage, "give either SQL or --saved NAME")
            }
            let store = try Archive.open(archive, mode: .readOnly)
            let statement = try store.database.prepare(text)
            guard statement.isReadOnly else {
                throw ReelFailure(.usage, "reel query only reads: this statement would change the archive")
            }
            for param in params {
                let parts = param.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let index = statement.parameterIndex(parts[0]) else {
                    throw ReelFailure(.usage, "--param \(param): use NAME=VALUE with :NAME in the SQL")
                }
                if let number = Int64(parts[1]) { try statement.bind(number, at: index) }
                else if let number = Double(parts[1]) { try statement.bind(number, at: index) }
                else { try statement.bind(parts[1], at: index) }
            }
            let columns = (0..<statement.columnCount).map { statement.columnName(at: $0) }
            var rows: [[Cell]] = []
            while try statement.step() {
                rows.append((0..<statement.columnCount).map { Cell(statement, $0) })
            }
            print(QueryOutput.render(columns: columns, rows: rows, format: format))
        }
    }

    /// Each saved query's name and summary, and under it the parameters it takes.
    static var savedQueryList: String {
        let width = EmbeddedQuery.all.map(\.name.count).max() ?? 0
        var lines: [String] = []
        for query in EmbeddedQuery.all {
            lines.append("\(query.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(query.summary)")
            for parameter in query.parameters {
                lines.append(String(repeating: " ", count: width + 4) + "--param \(parameter.name)=...  \(parameter.meaning)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// One value of a query result.
enum Cell {
    case null, integer(Int64), real(Double), text(String)

    init(_ statement: Statement, _ index: Int32) {
        switch statement.columnType(at: index) {
        case .null: self = .null
        case .integer: self = .integer(statement.int64(at: index))
        case .real: self = .real(statement.double(at: index))
        case .text, .blob: self = .text(statement.string(at: index))
        }
    }

    var plain: String {
        switch self {
        case .null: ""
        case .integer(let value): String(value)
        case .real(let value): JSONWriter.format(value)
        case .text(let value): value
        }
    }
}

enum QueryOutput {
    static func render(columns: [String], rows: [[Cell]], format: QueryCommand.Format) -> String {
        switch format {
        case .table:
            let texts = rows.map { $0.map(\.plain) }
            let widths = columns.indices.map { column in
                max(columns[column].count, texts.map { $0[column].count }.max() ?? 0)
            }
            func line(_ cells: [String]) -> String {
                zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                    .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            }
            var lines = [line(columns), line(widths.map { String(repeating: "-", count: $0) })]
            lines += texts.map(line)
            lines.append("(\(rows.count) row\(rows.count == 1 ? "" : "s"))")
            return lines.joined(separator: "\n")
        case .csv:
            func field(_ text: String) -> String {
                text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                    ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
            }
            return ([columns.map(field).joined(separator: ",")] + rows.map { $0.map { field($0.plain) }.joined(separator: ",") })
                .joined(separator: "\n")
        case .json:
            var w = JSONWriter()
            w.raw("[")
            for (index, row) in rows.enumerated() {
                w.raw(index == 0 ? "\n{" : ",\n{")
                for (position, (column, cell)) in zip(columns, row).enumerated() {
                    if position > 0 { w.raw(",") }
                    w.string(column)
                    w.raw(":")
                    switch cell {
                    case .null: w.null()
                    case .integer(let value): w.int(Int(value))
                    case .real(let value): w.number(value)
                    case .text(let value): w.string(value)
                    }
                }
                w.raw("}")
            }
            w.raw("\n]")
            return w.text
        }
    }
}
