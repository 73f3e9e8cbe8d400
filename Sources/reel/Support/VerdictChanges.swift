import Foundation
import ReelStore
import ReelTrace

/// The sessions whose verdict changed between two replays of one archive, read by the saved query
/// Queries/verdict-changes.sql (the same rows `reel query --saved verdict-changes` prints), or
/// between replays stored in two archives (`reel compare --against`).
struct VerdictChanges {
    /// How a session's verdict changed (the query's `change` column).
    enum Change: String, CaseIterable {
        case newFlip = "new_flip"
        case fixedFlip = "fixed_flip"
        case newlyDiverged = "newly_diverged"
        case newlyMatched = "newly_matched"
        case newlyError = "newly_error"
        case noLongerError = "no_longer_error"

        /// The change in words ("new flip").
        var words: String { rawValue.replacingOccurrences(of: "_", with: " ") }

        /// The heading of its count ("new flips", "newly matched").
        var countHeading: String { words + (self == .newFlip || self == .fixedFlip ? "s" : "") }
    }

    /// One changed session.
    struct Row {
        var sessionID: Int64
        var scenario: String
        var change: Change
        /// `matched`, `diverged`, `flipped` or `error` in each replay.
        var before: String
        var after: String
        /// The candidate's decision in each replay (nil after an engine error).
        var decisionBefore: String?
        var decisionAfter: String?
    }

    let archive: Archive
    let earlier: Int64
    let later: Int64
    /// The path of the archive holding the later replay when it is not `archive` (`reel compare
    /// --against`); attached to `archive`'s connection as `laterSchema`.
    let laterPath: String?

    /// The schema the later replay's rows are read from: `main`, or the attached later archive.
    private var laterSchema: String { laterPath == nil ? "main" : Self.attachedSchema }
    private static let attachedSchema = "later_results"

    /// Both replays must be in `archive` and differ; an unknown id is bad data (65) naming the
    /// archive's replays, the same id twice a usage error (64). With `laterPath`, the later replay
    /// is one of that archive's (a results archive, or another archive of the same sessions): it is
    /// attached read-only, and a session both archives hold must be the same session (the same
    /// content hash), else the two replays are of different archives (65).
    init(archive: Archive, earlier: Int64, later: Int64, laterPath: String? = nil) throws {
        guard laterPath != nil || earlier != later else { throw ReelFailure(.usage, "give two different replays (both are \(earlier))") }
        try Self.checkHasReplay(earlier, archive)
        try Self.checkHasReplay(later, laterPath.map { try Archive.open($0, mode: .readOnly) } ?? archive)
        if let laterPath {
            try archive.attach(laterPath, as: Self.attachedSchema)
            let mismatch = try archive.database.scalarInt64(
                """
                SELECT min(a.id) FROM main.sessions AS a JOIN \(Self.attachedSchema).sessions AS b ON b.id = a.id
                WHERE a.content_hash <> b.content_hash
                """)
            if let mismatch {
                throw ReelFailure(
                    .dataError,
                    "\(laterPath): its session \(mismatch) is not session \(mismatch) of \(archive.path) (their touches differ): "
                        + "the two replays are of different archives")
            }
        }
        self.archive = archive
        self.earlier = earlier
        self.later = later
        self.laterPath = laterPath
    }

    private static func checkHasReplay(_ id: Int64, _ archive: Archive) throws {
        let ids = try archive.replayRuns().map(\.id)
        guard ids.contains(id) else {
            throw ReelFailure(
                .dataError,
                "\(archive.path): no replay \(id) (its replays: \(ids.isEmpty ? "none" : ids.map(String.init).joined(separator: ", ")))")
        }
    }

    /// "replay 3", or "replay 3 of FILE" when the replays are in two archives.
    var earlierName: String { laterPath == nil ? "replay \(earlier)" : "replay \(earlier) of \(archive.path)" }
    var laterName: String { laterPath.map { "replay \(later) of \($0)" } ?? "replay \(later)" }

    /// Calls `body` with each changed session in session order, without holding them all.
    func forEachChange(_ body: (Row) throws -> Void) throws {
        let statement = try archive.database.prepare(try changesSQL())
        for (name, id) in [("earlier", earlier), ("later", later)] {
            guard let index = statement.parameterIndex(name) else {
                throw ReelFailure(.internalError, "the saved query verdict-changes has no :\(name)")
            }
            try statement.bind(id, at: index)
        }
        while try statement.step() {
            guard let change = Change(rawValue: statement.string(at: 2)) else {
                throw ReelFailure(.internalError, "verdict-changes gave the unknown change '\(statement.string(at: 2))'")
            }
            try body(
                Row(
                    sessionID: statement.int64(at: 0), scenario: statement.string(at: 1), change: change,
                    before: statement.string(at: 3), after: statement.string(at: 4),
                    decisionBefore: statement.optionalString(at: 5), decisionAfter: statement.optionalString(at: 6)))
        }
    }

    /// The saved query verdict-changes, for two replays of one archive; for replays in two
    /// archives, the same rows with the later replay's verdicts read from the attached archive
    /// (`CrossArchiveTests` checks that both give the same changes).
    private func changesSQL() throws -> String {
        guard laterPath != nil else {
            guard let query = EmbeddedQuery.named("verdict-changes") else {
                throw ReelFailure(.internalError, "the saved query verdict-changes is not in this build")
            }
            return query.sql
        }
        let verdicts = { (schema: String, replay: String) in
            """
            SELECT session_id, decision_actual,
                   CASE WHEN status = 'diverged' AND decision_expected <> decision_actual THEN 'flipped' ELSE status END AS verdict
            FROM \(schema).replay_results WHERE replay_id = \(replay)
            """
        }
        return """
            WITH a AS (\(verdicts("main", ":earlier"))), b AS (\(verdicts(laterSchema, ":later")))
            SELECT a.session_id, sc.name AS scenario,
                   CASE
                       WHEN b.verdict = 'flipped' THEN 'new_flip'
                       WHEN b.verdict = 'error' THEN 'newly_error'
                       WHEN a.verdict = 'flipped' THEN 'fixed_flip'
                       WHEN b.verdict = 'matched' THEN 'newly_matched'
                       WHEN a.verdict = 'matched' THEN 'newly_diverged'
                       ELSE 'no_longer_error'
                   END AS change,
                   a.verdict AS r1_verdict, b.verdict AS r2_verdict,
                   a.decision_actual AS r1_decision, b.decision_actual AS r2_decision
            FROM a
            JOIN b ON b.session_id = a.session_id
            JOIN main.sessions AS s ON s.id = a.session_id
            JOIN main.scenarios AS sc ON sc.id = s.scenario_id
            WHERE a.verdict <> b.verdict
            ORDER BY a.session_id
            """
    }

    /// Sessions judged by both replays, and by only the earlier or only the later one.
    func coverage() throws -> (both: Int, onlyEarlier: Int, onlyLater: Int) {
        let statement = try archive.database.prepare(
            """
            SELECT coalesce(sum(a.session_id IS NOT NULL AND b.session_id IS NOT NULL), 0),
                   coalesce(sum(b.session_id IS NULL), 0), coalesce(sum(a.session_id IS NULL), 0)
            FROM (SELECT session_id FROM main.replay_results WHERE replay_id = ?1
                  UNION SELECT session_id FROM \(laterSchema).replay_results WHERE replay_id = ?2) AS judged
            LEFT JOIN main.replay_results AS a ON a.replay_id = ?1 AND a.session_id = judged.session_id
            LEFT JOIN \(laterSchema).replay_results AS b ON b.replay_id = ?2 AND b.session_id = judged.session_id
            """)
        try statement.bind(earlier, at: 1)
        try statement.bind(later, at: 2)
        _ = try statement.step()
        return (statement.int(at: 0), statement.int(at: 1), statement.int(at: 2))
    }

    /// The replays' statuses that make the comparison partial: a replay still running (or killed).
    func unfinished() throws -> [String] {
        guard let laterPath else {
            return try archive.replayRuns().filter { [earlier, later].contains($0.id) && $0.status != .finished }.map { "replay \($0.id)" }
        }
        let earlierRun = try archive.replayRun(id: earlier)
        let laterRun = try Archive.open(laterPath, mode: .readOnly).replayRun(id: later)
        return (earlierRun?.status == .finished ? [] : [earlierName]) + (laterRun?.status == .finished ? [] : [laterName])
    }
}
