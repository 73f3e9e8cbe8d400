import Foundation
import ReelRunner
import ReelStore
import ReelTrace

/// The sessions whose verdict changed between two replays of one archive, or between replays
/// stored in two archives (`reel compare --against`), read by the saved query
/// Queries/verdict-changes.sql in both cases (the same rows `reel query --saved verdict-changes` prints).
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

        /// Its name in `reel compare --fail-on` ("new-flip").
        var optionName: String { rawValue.replacingOccurrences(of: "_", with: "-") }
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
        /// The acceptance that replaced the session's baseline between the two replays, when one
        /// did: then the change comes from the accept (the replays compared against different
        /// baselines), not from the engines.
        var fromAccept: BaselineReplacement?
    }

    let archive: Archive
    let earlier: Int64
    let later: Int64
    /// The path of the archive holding the later replay when it is not `archive` (`reel compare
    /// --against`); attached to `archive`'s connection as `laterSchema`.
    let laterPath: String?

    /// The schema of the attached later archive, nil when the later replay is `archive`'s.
    private var laterSchema: String? { laterPath == nil ? nil : Self.attachedSchema }
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
            let mismatch = try archive.firstSessionDiffering(fromAttached: Self.attachedSchema)
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

    /// Calls `body` with each changed session in session order, without holding them all: the rows
    /// of the saved query verdict-changes (`Archive.forEachVerdictChange`; `CompareCommandTests`
    /// checks that replays in two archives give the same changes).
    func forEachChange(_ body: (Row) throws -> Void) throws {
        try archive.forEachVerdictChange(earlier: earlier, later: later, laterSchema: laterSchema) { row in
            guard let change = Change(rawValue: row.change) else {
                throw ReelFailure(.internalError, "verdict-changes gave the unknown change '\(row.change)'")
            }
            try body(
                Row(
                    sessionID: row.sessionID, scenario: row.scenario, change: change, before: row.before, after: row.after,
                    decisionBefore: row.decisionBefore, decisionAfter: row.decisionAfter,
                    fromAccept: try acceptBetween(sessionID: row.sessionID)))
        }
    }

    /// The acceptance that replaced session `sessionID`'s baseline between the two replays: the
    /// replays were judged against different traces (`Archive.judgedBaseline`). With the later
    /// replay in another archive, it is any acceptance since the earlier replay began. Nil when the
    /// archive holds no trace of the session (a results archive).
    func acceptBetween(sessionID: Int64) throws -> BaselineReplacement? {
        guard let first = try archive.judgedBaseline(sessionID: sessionID, replayID: earlier) else { return nil }
        guard laterPath == nil else { return first.replacement }
        guard let second = try archive.judgedBaseline(sessionID: sessionID, replayID: later), second.traceID != first.traceID else {
            return nil
        }
        return earlier < later ? first.replacement : second.replacement
    }

    /// What makes the two replays not like for like, one line each, said before the changes:
    /// different candidates (engine fingerprints), different selections of sessions.
    func differences() throws -> [String] {
        let laterArchive = try laterPath.map { try Archive.open($0, mode: .readOnly) } ?? archive
        guard let first = try archive.replayRun(id: earlier), let second = try laterArchive.replayRun(id: later) else { return [] }
        var notes: [String] = []
        let engines = (try archive.engine(id: first.engineID), try laterArchive.engine(id: second.engineID))
        if engines.0?.fingerprint != engines.1?.fingerprint {
            notes.append(
                "\(earlierName) and \(laterName) ran different candidates (\(first.candidate) and \(second.candidate)): "
                    + "the changes are those of the engines, and of the accepts between them")
        }
        if let one = first.selectionJSON.flatMap(ReplaySelection.init(json:)),
            let other = second.selectionJSON.flatMap(ReplaySelection.init(json:)), one != other
        {
            notes.append(
                "\(earlierName) and \(laterName) selected different sessions: \(one), \(other); "
                    + "sessions only one of them judged are counted, not compared")
        }
        return notes
    }

    /// Sessions judged by both replays, and by only the earlier or only the later one.
    func coverage() throws -> (both: Int, onlyEarlier: Int, onlyLater: Int) {
        try archive.verdictCoverage(earlier: earlier, later: later, laterSchema: laterSchema)
    }

    /// The replays' statuses that make the comparison partial: a replay still running (or killed),
    /// or marked finished without all its verdicts (`Archive.incompleteReplays`: a merge an earlier
    /// Reel was stopped in).
    func unfinished() throws -> [String] {
        let incomplete = try archive.incompleteReplays()
        guard let laterPath else {
            return try archive.replayRuns().filter {
                [earlier, later].contains($0.id) && ($0.status != .finished || incomplete[$0.id] != nil)
            }.map { "replay \($0.id)" }
        }
        let laterArchive = try Archive.open(laterPath, mode: .readOnly)
        let earlierRun = try archive.replayRun(id: earlier)
        let laterRun = try laterArchive.replayRun(id: later)
        let earlierWhole = earlierRun?.status == .finished && incomplete[earlier] == nil
        let laterWhole = try laterRun?.status == .finished && laterArchive.incompleteReplays()[later] == nil
        return (earlierWhole ? [] : [earlierName]) + (laterWhole ? [] : [laterName])
    }
}
