import ArgumentParser
import Foundation
import ReelEngine
import ReelRunner
import ReelStore
import ReelTrace

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

    @Option(help: "How to print the rows.")
    var format: Format = .table

    @Option(name: .customLong("param"), help: "Bind NAME=VALUE to :NAME in the SQL (repeatable).")
    var params: [String] = []

    @Option(help: "Run a saved query (see --list); give its parameters with --param.")
    var saved: String?

    @Flag(help: "List the saved queries.")
    var list = false

    @Flag(help: "List the archive's tables and views, one line each with its columns (docs/SCHEMA.md says what they hold).")
    var schema = false

    func run() throws {
        if list {
            print(Self.savedQueryList)
            return
        }
        if schema {
            return try reportingErrors {
                guard sql == nil, saved == nil else { throw ReelFailure(.usage, "--schema takes no SQL and no --saved query") }
                try printSchema(try Archive.open(archive, mode: .readOnly))
            }
        }
        try reportingErrors {
            let text: String
            switch (sql, saved) {
            case (let sql?, nil): text = sql
            case (nil, let name?):
                guard let query = EmbeddedQuery.named(name) else {
                    let close = closestNames(to: name, in: EmbeddedQuery.all.map(\.name))
                    throw ReelFailure(
                        .usage,
                        "no saved query '\(name)'" + (close.isEmpty ? "" : " (closest: \(close.joined(separator: ", ")))")
                            + "; reel query ARCHIVE --list shows them")
                }
                text = query.sql
            default: throw ReelFailure(.usage, "give either SQL or --saved NAME")
            }
            let store = try Archive.open(archive, mode: .readOnly)
            let statement = try Self.prepare(text, in: store)
            try bindParameters(statement, store: store, optional: saved != nil)
            let output = OutputFile()
            let printer = QueryPrinter(
                format: format, columns: (0..<statement.columnCount).map { statement.columnName(at: $0) }, output: output)
            do {
                while try statement.step() {
                    try printer.row((0..<statement.columnCount).map { Cell(statement, $0) })
                }
            } catch let error as SQLiteError where !error.isDamagedFile {
                throw ReelFailure(.dataError, "\(archive): the query failed: \(error.message)")
            }
            try printer.finish()
            try output.close()
        }
    }

    /// "table NAME: column, column, ..." for each table, then "view NAME: ..." for each view, by
    /// name (SQLite's own tables left out).
    private func printSchema(_ store: Archive) throws {
        let objects = try store.database.prepare(
            "SELECT type, name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY type, name")
        var lines: [String] = []
        while try objects.step() {
            let (type, name) = (objects.string(at: 0), objects.string(at: 1))
            let columns = try store.database.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")
            try columns.bind(name, at: 1)
            var names: [String] = []
            while try columns.step() { names.append(columns.string(at: 0)) }
            lines.append(
                "\(type) \(shown(name, limit: 200)): "
                    + names.map { shown($0, limit: 200) }.joined(separator: ", "))
        }
        let output = OutputFile()
        for line in lines { try output.write(line + "\n") }
        try output.close()
    }

    /// The one statement of `text`, prepared; SQL that does not prepare, is empty, holds a second
    /// statement, would write, or returns no rows (BEGIN, SAVEPOINT, ...) is a usage error (64)
    /// with SQLite's message. A damaged file stays a damaged file (65, `reportingErrors`).
    private static func prepare(_ text: String, in store: Archive) throws -> Statement {
        let statement: Statement
        do {
            statement = try store.database.prepare(text)
        } catch {
            if error.isDamagedFile { throw error }
            throw ReelFailure(.usage, "the SQL does not run: \(error.message)")
        }
        if !Self.isEmpty(statement.remainder, in: store) {
            throw ReelFailure(
                .usage,
                "give one SQL statement; a second one follows the first: \(statement.remainder.trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        }
        guard statement.isReadOnly else {
            throw ReelFailure(.usage, "reel query only reads: this statement would change the archive")
        }
        guard statement.columnCount > 0 else {
            throw ReelFailure(.usage, "reel query runs statements that return rows (SELECT, WITH, PRAGMA); this one returns none")
        }
        return statement
    }

    /// Whether `sql` holds no statement (only blanks, semicolons and comments).
    private static func isEmpty(_ sql: String, in store: Archive) -> Bool {
        do {
            _ = try store.database.prepare(sql)
            return false
        } catch {
            return error.isNoStatement
        }
    }

    /// Binds every `--param NAME=VALUE` (integers and reals as numbers, anything else as text).
    /// A name not in the SQL is an error; so is a `:NAME` left unbound, unless `optional` (a saved
    /// query's parameters have documented defaults). A `replay` or `scenario` parameter must name
    /// a replay or scenario of the archive.
    private func bindParameters(_ statement: Statement, store: Archive, optional: Bool) throws {
        var bound = Set<String>()
        for param in params {
            let parts = param.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let index = statement.parameterIndex(parts[0]) else {
                let names = statement.parameterNames
                let hint = parts.count == 2 ? closestHint(to: parts[0], in: names) : ""
                throw ReelFailure(
                    .usage,
                    "--param \(param): use NAME=VALUE with :NAME in the SQL" + hint
                        + (names.isEmpty ? " (it has no parameter)" : "; its parameters: " + names.joined(separator: ", ")))
            }
            try QueryParameterCheck.check(name: parts[0], value: parts[1], in: store)
            if let number = Int64(parts[1]) {
                try statement.bind(number, at: index)
            } else if let number = Double(parts[1]) {
                try statement.bind(number, at: index)
            } else {
                try statement.bind(parts[1], at: index)
            }
            bound.insert(parts[0])
        }
        let unbound = statement.parameterNames.filter { !bound.contains($0) }
        if !optional, !unbound.isEmpty {
            throw ReelFailure(
                .usage,
                "the SQL has " + unbound.map { ":" + $0 }.joined(separator: ", ") + " but no --param gives "
                    + (unbound.count == 1 ? "it" : "them") + " a value (--param \(unbound[0])=VALUE)")
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
