import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 15 item 6 and issue 16's query errors: `reel query` runs exactly one read-only statement
/// that returns rows; anything else is a usage error (64) with SQLite's own message, never a
/// signal or an internal error, and the archive is untouched.
@Suite("reel query: one read-only statement")
struct QueryStatementTests {
    private func archive() throws -> String {
        let folder = try temporaryFolder()
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 3, seed: 2, in: folder), into: folder + "/a.sqlite")
        _ = try archiveFileHash(folder + "/a.sqlite")
        return folder
    }

    @Test(arguments: [
        ("SAVEPOINT x", "returns none"),
        ("BEGIN DEFERRED", "returns none"),
        ("", "no SQL statement"),
        ("  -- only a comment", "no SQL statement"),
        ("SELEC 1", "near \"SELEC\": syntax error"),
        ("SELECT * FROM no_such_table", "no such table: no_such_table"),
        ("SELECT 1; SELECT 2", "a second one follows the first: SELECT 2"),
        ("SELECT 1; DELETE FROM sessions", "a second one follows the first"),
        ("DELETE FROM sessions", "would change the archive"),
        ("SELECT :replay", "the SQL has :replay but no --param gives it a value"),
    ])
    func isAUsageErrorWithSQLitesMessage(sql: String, message: String) throws {
        let folder = try archive()
        let before = try fileHash(folder + "/a.sqlite")
        let run = try runReel(["query", "a.sqlite", sql], in: folder)
        #expect(run.status == 64, "\(sql): \(run.status) \(run.standardError)")
        #expect(run.standardError.contains(message), "\(sql): \(run.standardError)")
        #expect(!run.standardError.contains("bug"), "\(run.standardError)")
        #expect(try fileHash(folder + "/a.sqlite") == before)
        #expect(try archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM sessions") == 3)
    }

    @Test func aTrailingSemicolonOrCommentIsFineAndParametersBind() throws {
        let folder = try archive()
        let run = try runReel(["query", "a.sqlite", "SELECT count(*) AS n FROM sessions; -- all", "--format", "csv"], in: folder)
        #expect(run.status == 0 && run.standardOutput == "n\n3\n", "\(run.standardOutput) \(run.standardError)")
        let bound = try runReel(["query", "a.sqlite", "SELECT :x + 1 AS y", "--param", "x=41", "--format", "json"], in: folder)
        #expect(
            bound.status == 0 && bound.standardOutput == "{\"format\":\"reel.query/1\",\"rows\":[\n{\"y\":42}\n]}\n",
            "\(bound.standardOutput)")
    }

    /// Rows are written as they come: more rows than the table's sizing sample come out whole, in
    /// every format.
    @Test func manyRowsStreamInEveryFormat() throws {
        let folder = try archive()
        let sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500) SELECT i, 'row ' || i AS label FROM n"
        let table = try runReel(["query", "a.sqlite", sql], in: folder)
        #expect(table.status == 0)
        let lines = table.standardOutput.split(separator: "\n")
        #expect(lines.count == 2 + 2500 + 1 && lines.last == "(2500 rows)")
        #expect(lines[2 + 1999] == "2000  row 2000")
        let csv = try runReel(["query", "a.sqlite", sql, "--format", "csv"], in: folder)
        #expect(csv.standardOutput.split(separator: "\n").count == 2501)
        let json = try runReel(["query", "a.sqlite", sql, "--format", "json"], in: folder)
        #expect(json.standardOutput.hasSuffix("{\"i\":2500,\"label\":\"row 2500\"}\n]}\n"))
    }
}

/// Issue 35, small things: `reel query --format csv` wrote a bare carriage return unquoted and
/// BLOBs came out as lossy text.
@Suite("reel query: CSV quoting and BLOBs")
struct QueryOutputEncodingTests {
    @Test func aCarriageReturnIsQuotedAndBlobsKeepTheirBytes() throws {
        let folder = try temporaryFolder()
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 1, seed: 1, in: folder), into: folder + "/a.sqlite")
        let csv = try runReel(["query", "a.sqlite", "SELECT 'a' || char(13) || 'b' AS t", "--format", "csv"], in: folder)
        #expect(csv.status == 0)
        #expect(csv.standardOutput == "t\n\"a\rb\"\n", "\(csv.standardOutput.debugDescription)")
        // x'00ff80' is three bytes no UTF-8 decoder keeps: hex in a table, base64 ("AP+A") in JSON.
        let table = try runReel(["query", "a.sqlite", "SELECT x'00ff80' AS b"], in: folder)
        #expect(table.standardOutput.contains("x'00ff80'"), "\(table.standardOutput)")
        let json = try runReel(["query", "a.sqlite", "SELECT x'00ff80' AS b", "--format", "json"], in: folder)
        #expect(json.standardOutput.contains("\"b\":\"AP+A\""), "\(json.standardOutput)")
    }
}
