import ReelTrace

/// One session whose verdict differs between two replays: a row of the saved query verdict-changes.
package struct VerdictChangeRow: Sendable, Hashable {
    package var sessionID: Int64
    package var scenario: String
    /// The query's `change` column (`new_flip`, `fixed_flip`, `newly_diverged`, `newly_matched`,
    /// `newly_error`, `no_longer_error`).
    package var change: String
    /// `matched`, `diverged`, `flipped` or `error` in each replay.
    package var before: String
    package var after: String
    /// The candidate's decision in each replay (nil after an engine error).
    package var decisionBefore: String?
    package var decisionAfter: String?
}

/// `reel compare`: the sessions whose verdict changed between two replays, of this archive or one
/// of this archive and one of a file attached to it (`attach`), read by the saved query
/// Queries/verdict-changes.sql, the one definition of a change.
extension Archive {
    /// The name of the saved query that defines a verdict change.
    private static let verdictChangesQuery = "verdict-changes"

    /// Calls `body` with each session whose verdict differs between replay `earlier` of this archive
    /// and replay `later` (of this archive, or of the file attached as `laterSchema`), in session
    /// order, without holding them all.
    ///
    /// The rows are the saved query verdict-changes'. For a later replay in an attached file, the
    /// query reads the two replays' verdicts through a temporary view named `replay_results` (the
    /// temp schema comes first in name lookup) that holds the earlier replay's verdicts as replay 1
    /// and the later one's as replay 2; the view is dropped when `body` is done.
    package func forEachVerdictChange(
        earlier: Int64, later: Int64, laterSchema: String? = nil, _ body: (VerdictChangeRow) throws -> Void
    ) throws {
        guard let query = EmbeddedQuery.named(Self.verdictChangesQuery) else {
            throw SavedQueryMissing(description: "the saved query \(Self.verdictChangesQuery) is not in this build")
        }
        var ids = (earlier: earlier, later: later)
        if let laterSchema {
            try database.execute(
                """
                CREATE TEMP VIEW replay_results AS
                SELECT 1 AS replay_id, session_id, status, decision_expected, decision_actual
                FROM main.replay_results WHERE replay_id = \(earlier)
                UNION ALL
                SELECT 2, session_id, status, decision_expected, decision_actual
                FROM \(laterSchema).replay_results WHERE replay_id = \(later)
                """)
            ids = (1, 2)
        }
        // The query's statement is finalized when `runVerdictChanges` returns, before the view is dropped.
        defer { if laterSchema != nil { try? database.execute("DROP VIEW temp.replay_results") } }
        try runVerdictChanges(query.sql, earlier: ids.earlier, later: ids.later, body)
    }

    private func runVerdictChanges(_ sql: String, earlier: Int64, later: Int64, _ body: (VerdictChangeRow) throws -> Void) throws {
        let statement = try database.prepare(sql)
        for (name, id) in [("earlier", earlier), ("later", later)] {
            guard let index = statement.parameterIndex(name) else {
                throw SavedQueryMissing(description: "the saved query \(Self.verdictChangesQuery) has no :\(name)")
            }
            try statement.bind(id, at: index)
        }
        while try statement.step() {
            try body(
                VerdictChangeRow(
                    sessionID: statement.int64(at: 0), scenario: statement.string(at: 1), change: statement.string(at: 2),
                    before: statement.string(at: 3), after: statement.string(at: 4), decisionBefore: statement.optionalString(at: 5),
                    decisionAfter: statement.optionalString(at: 6)))
        }
    }

    /// Sessions judged by both replays, and by only the earlier or only the later one (`later` of
    /// this archive, or of the file attached as `laterSchema`).
    package func verdictCoverage(
        earlier: Int64, later: Int64, laterSchema: String? = nil
    ) throws -> (both: Int, onlyEarlier: Int, onlyLater: Int) {
        let schema = laterSchema ?? "main"
        let statement = try database.prepare(
            """
            SELECT coalesce(sum(a.session_id IS NOT NULL AND b.session_id IS NOT NULL), 0),
                   coalesce(sum(b.session_id IS NULL), 0), coalesce(sum(a.session_id IS NULL), 0)
            FROM (SELECT session_id FROM main.replay_results WHERE replay_id = ?1
                  UNION SELECT session_id FROM \(schema).replay_results WHERE replay_id = ?2) AS judged
            LEFT JOIN main.replay_results AS a ON a.replay_id = ?1 AND a.session_id = judged.session_id
            LEFT JOIN \(schema).replay_results AS b ON b.replay_id = ?2 AND b.session_id = judged.session_id
            """)
        try statement.bind(earlier, at: 1)
        try statement.bind(later, at: 2)
        _ = try statement.step()
        return (statement.int(at: 0), statement.int(at: 1), statement.int(at: 2))
    }

    /// The smallest id of a session this archive and the file attached as `schema` both hold with
    /// different content hashes (different touches), nil when every shared id is the same session.
    package func firstSessionDiffering(fromAttached schema: String) throws -> Int64? {
        try database.scalarInt64(
            """
            SELECT min(a.id) FROM main.sessions AS a JOIN \(schema).sessions AS b ON b.id = a.id
            WHERE a.content_hash <> b.content_hash
            """)
    }
}

/// A saved query this build should carry is missing or lacks a parameter: a bug of the build.
struct SavedQueryMissing: ReelError {
    let description: String
    /// The build embeds every saved query: one missing is Reel's bug.
    var failureKind: FailureKind { .internalError }
}
