import Foundation
import Testing

/// docs/ARCHITECTURE.md, "Rules": SQL lives in ReelStore (and Migrations/, Queries/, outside
/// Sources/) and in `reel query`'s command; every other module goes through `Archive`'s typed functions.
/// ReelFleet holds the SQL of the other database, the fleet's PostgreSQL (docs/FLEET.md).
@Suite struct SQLPlacementTests {
    /// Where SQL text may appear in Sources/: a folder (ending in `/`) or one file.
    static let allowed = ["Sources/ReelStore/", "Sources/ReelFleet/", "Sources/reel/Commands/QueryCommand.swift"]

    /// A string literal is SQL when one of its lines begins (after spaces) with a statement, keywords
    /// in capitals as Reel writes its SQL:
    /// - `SELECT `, `WITH name AS`/`WITH name(`, `INSERT [OR x] INTO `, `REPLACE INTO `,
    ///   `UPDATE t SET `, `DELETE FROM `,
    /// - `CREATE [TEMP|UNIQUE|VIRTUAL] TABLE|VIEW|INDEX|TRIGGER `, `DROP TABLE|VIEW|INDEX|TRIGGER `,
    ///   `ALTER TABLE `, `PRAGMA name`, `ATTACH `, `DETACH `,
    /// - `BEGIN [IMMEDIATE] [TRANSACTION]`, `COMMIT`, `ROLLBACK`, `SAVEPOINT name`, `VACUUM` alone on the line.
    ///
    /// So `"SELECT id FROM sessions WHERE scenario = ?"`, `"INSERT INTO \(table) VALUES (?)"` (an
    /// interpolation counts as a word) and `"PRAGMA foreign_keys = ON"` are SQL; prose that quotes
    /// SQL to its reader, `"no replay 3 (reel query a.sqlite \"SELECT * FROM replays\" lists them)"`
    /// or `"view: SELECT * FROM \(view), every row"`, is not, nor are lower-case words (`"select a
    /// scenario"`) or text in comments.
    static let statement = try! NSRegularExpression(
        pattern: #"""
            ^[ \t]*(?:SELECT\s|WITH\s+(?:RECURSIVE\s+)?\S+\s*(?:\(|AS\b)|INSERT\s+(?:OR\s+[A-Z]+\s+)?INTO\s|REPLACE\s+INTO\s|UPDATE\s+\S+\s+SET\s|DELETE\s+FROM\s|CREATE\s+(?:(?:TEMP|TEMPORARY|UNIQUE|VIRTUAL)\s+)?(?:TABLE|VIEW|INDEX|TRIGGER)\s|DROP\s+(?:TABLE|VIEW|INDEX|TRIGGER)\s|ALTER\s+TABLE\s|PRAGMA\s+\w|ATTACH\s|DETACH\s|(?:BEGIN(?:\s+(?:DEFERRED|IMMEDIATE|EXCLUSIVE))?(?:\s+TRANSACTION)?|COMMIT|ROLLBACK|SAVEPOINT\s+\S+|VACUUM)\s*;?\s*$)
            """#,
        options: [.anchorsMatchLines])

    /// Whether `text`, a literal's text, holds a SQL statement.
    static func isSQL(_ text: String) -> Bool {
        statement.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test func sqlOnlyInTheStoreAndReelQuery() {
        var misplaced: [String] = []
        for file in SourceTree.current.files where !Self.allowed.contains(where: { file.path.hasPrefix($0) }) {
            for literal in file.scan.literals where Self.isSQL(literal.text) {
                let start = literal.text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(60)
                misplaced.append("\(file.path):\(literal.line): SQL outside ReelStore: \"\(start)\"")
            }
        }
        #expect(
            misplaced.isEmpty,
            "\(misplaced.joined(separator: "\n"))\nMove the statement into a typed Archive function in ReelStore (docs/ARCHITECTURE.md, Rules)."
        )
    }

    /// The control: the same matcher finds the store's own statements, e.g. those of the report's
    /// readers, so the rule above cannot pass by matching nothing.
    @Test func findsTheStoresStatements() {
        let files = SourceTree.current.files.filter { $0.module == "ReelStore" && $0.scan.literals.contains { Self.isSQL($0.text) } }
        #expect(files.contains { $0.path == "Sources/ReelStore/Reads/Archive+Report.swift" })
        #expect(files.count >= 10)
    }

    @Test func matchesStatementsNotProse() {
        let sql = [
            "SELECT id FROM sessions WHERE scenario = ?", "INSERT INTO \\(…) VALUES (?)", "INSERT OR IGNORE INTO views(key) VALUES (?)",
            "\n    UPDATE replays SET finished_at = ? WHERE id = ?\n", "DELETE FROM results", "PRAGMA foreign_keys = ON",
            "CREATE TEMP TABLE picked(id INTEGER)", "ATTACH DATABASE ? AS source", "WITH picked AS (SELECT 1) SELECT * FROM picked",
            "BEGIN IMMEDIATE", "COMMIT", "-- the newest run\nSELECT max(id) FROM replays",
        ]
        let prose = [
            "\\(…): no replay \\(…) (reel query \\(…) \"SELECT * FROM replays\" lists them)", "view: SELECT * FROM \\(…), every row",
            "Also check the rows: foreign keys (PRAGMA foreign_key_check)", "select a scenario from the catalog",
            "Select the sessions to replay", "store: raw insert of the same rows", "UPDATE", "Commit the changes",
        ]
        #expect(sql.filter { !Self.isSQL($0) } == [])
        #expect(prose.filter(Self.isSQL) == [])
    }

    @Test func literalsAreFoundInEveryForm() {
        let scan = SwiftSourceScan(
            ##"""
            // let a = "SELECT 1"
            let b = "x \("y")" + #"PRAGMA user_version = "x" \#(z)"#
            let c = """
                DELETE FROM t
                """
            """##)
        #expect(scan.literals.map(\.line) == [2, 2, 2, 3])
        #expect(scan.literals.map(\.text).filter(Self.isSQL) == [#"PRAGMA user_version = "x" \(…)"#, "\n    DELETE FROM t\n    "])
    }
}
