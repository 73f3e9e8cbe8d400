import CSQLite
import ReelStore
import ReelTestSupport
import Testing

/// Migration 0012: `reel prune`'s statements find a replay's kept traces through the partial index
/// `traces_by_replay` instead of reading every trace (SQLite's query planner, EXPLAIN QUERY PLAN).
@Suite struct PruneIndexTests {
    /// The plan's detail lines of `statement` on the archive at `path`.
    static func plan(_ statement: String, in path: String) throws -> [String] {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            sqlite3_close(handle)
            throw PlanError.open
        }
        defer { sqlite3_close(handle) }
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "EXPLAIN QUERY PLAN " + statement, -1, &prepared, nil) == SQLITE_OK else {
            throw PlanError.prepare(String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(prepared) }
        var details: [String] = []
        while sqlite3_step(prepared) == SQLITE_ROW {
            details.append(String(cString: sqlite3_column_text(prepared, 3)))
        }
        return details
    }

    enum PlanError: Error {
        case open
        case prepare(String)
    }

    /// Issue 37: prune's blocks of verdicts are ranges of `replay_results`' primary key, found and
    /// deleted without reading the table.
    @Test func pruneDeletesVerdictsByRangesOfThePrimaryKey() throws {
        let path = try temporaryFolder() + "/a.sqlite"
        _ = try Archive.open(path, mode: .readWrite)
        for statement in [
            "SELECT session_id FROM replay_results WHERE replay_id = 7 AND session_id > 5 ORDER BY session_id LIMIT 1 OFFSET 9",
            "DELETE FROM replay_results WHERE replay_id = 7 AND session_id > 5 AND session_id <= 15",
        ] {
            let details = try Self.plan(statement, in: path)
            #expect(
                details.contains { $0.hasPrefix("SEARCH replay_results USING PRIMARY KEY (replay_id=? AND session_id>?") },
                "\(statement): \(details)")
            #expect(!details.contains { $0.hasPrefix("SCAN replay_results") }, "\(statement): \(details)")
        }
    }

    /// Each statement prune runs per replay that reads `traces` by `replay_id` searches the index;
    /// none scans the table.
    @Test func pruneFindsKeptTracesThroughTheIndex() throws {
        let path = try temporaryFolder() + "/a.sqlite"
        _ = try Archive.open(path, mode: .readWrite)
        for statement in [
            "SELECT count(*) FROM traces WHERE replay_id = 7",
            "DELETE FROM traces WHERE replay_id = 7",
            "SELECT count(*) FROM traces AS t WHERE t.replay_id = 7 AND t.id IN (SELECT trace_id FROM baselines)",
        ] {
            let details = try Self.plan(statement, in: path)
            let traceLines = details.filter { $0.contains("traces") || $0.contains(" t ") || $0.hasSuffix(" t") }
            #expect(traceLines.contains { $0.contains("traces_by_replay") }, "\(statement): \(details)")
            #expect(!details.contains { $0 == "SCAN traces" || $0 == "SCAN t" }, "\(statement): \(details)")
        }
    }
}
