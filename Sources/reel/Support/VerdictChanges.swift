import Foundation
import ReelReplay
import ReelStore

/// The sessions whose verdict changed between two replays of one archive, read by the saved query
/// Queries/verdict-changes.sql (the same rows `reel query --saved verdict-changes` prints).
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

    /// Both replays must be in `archive` and differ; an unknown id is bad data (65) naming the
    /// archive's replays, the same id twice a usage error (64).
    init(archive: Archive, earlier: Int64, later: Int64) throws {
        guard earlier != later else { throw ReelFailure(.usage, "give two different replays (both are \(earlier))") }
        let ids = try archive.replayRuns().map(\.id)
        for id in [earlier, later] where !ids.contains(id) {
            throw ReelFailure(
                .dataError,
                "\(archive.path): no replay \(id) (its replays: \(ids.isEmpty ? "none" : ids.map(String.init).joined(separator: ", ")))")
        }
        self.archive = archive
        self.earlier = earlier
        self.later = later
    }

    /// Calls `body` with each changed session in session order, without holding them all.
    func forEachChange(_ body: (Row) throws -> Void) throws {
        guard let query = EmbeddedQuery.named("verdict-changes") else {
            throw ReelFailure(.internalError, "the saved query verdict-changes is not in this build")
        }
        let statement = try archive.database.prepare(query.sql)
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

    /// Sessions judged by both replays, and by only the earlier or only the later one.
    func coverage() throws -> (both: Int, onlyEarlier: Int, onlyLater: Int) {
        let statement = try archive.database.prepare(
            """
            SELECT coalesce(sum(a.session_id IS NOT NULL AND b.session_id IS NOT NULL), 0),
                   coalesce(sum(b.session_id IS NULL), 0), coalesce(sum(a.session_id IS NULL), 0)
            FROM (SELECT session_id FROM replay_results WHERE replay_id IN (?1, ?2) GROUP BY session_id) AS judged
            LEFT JOIN replay_results AS a ON a.replay_id = ?1 AND a.session_id = judged.session_id
            LEFT JOIN replay_results AS b ON b.replay_id = ?2 AND b.session_id = judged.session_id
            """)
        try statement.bind(earlier, at: 1)
        try statement.bind(later, at: 2)
        _ = try statement.step()
        return (statement.int(at: 0), statement.int(at: 1), statement.int(at: 2))
    }

    /// The replays' statuses that make the comparison partial: a replay still running (or killed).
    func unfinished() throws -> [Int64] {
        try archive.replayRuns().filter { [earlier, later].contains($0.id) && $0.status != .finished }.map(\.id)
    }
}
