import ReelStore
import ReelTrace

/// One session's page (`reel report ARCHIVE --session ID`): the session's player and plots for a
/// replay, whatever its verdict.
public struct SessionReport: Sendable {
    public var archiveName: String
    public var replayID: Int64
    /// The session's verdict in the replay: matched, diverged or error.
    public var status: String
    public var session: ReportModel.SessionPlots
    /// Why the replayed side is missing, or where it comes from.
    public var candidateTraceNote: String?
}

extension ReportReader {
    /// Session `sessionID`'s page for replay `replayID` (default: the latest replay of the session).
    public func readSession(_ sessionID: Int64, replayID: Int64?) throws -> SessionReport {
        let statement = try archive.database.prepare(
            """
            SELECT replay_id, status, first_divergent_frame FROM replay_results
            WHERE session_id = ?1 AND replay_id = coalesce(?2, (SELECT max(replay_id) FROM replay_results WHERE session_id = ?1))
            """)
        try statement.bind(sessionID, at: 1)
        try statement.bind(replayID, at: 2)
        guard try statement.step() else {
            throw ReelFailure(
                .usage,
                "\(archiveName): session \(sessionID) is not in " + (replayID.map { "replay \($0)" } ?? "any replay")
                    + " (reel show \(archiveName) \(sessionID) shows a stored session)")
        }
        let (replay, status, firstFrame) = (statement.int64(at: 0), statement.string(at: 1), statement.optionalInt(at: 2))
        let candidate = try archive.engine(id: try self.replay(replay).candidateID)
        let rerun = candidate.map(StoredCandidate.engine(for:))
        let note = rerunNote(rerun)
        let plots = try sessionPlot(
            sessionID, status: status, firstFrame: firstFrame, replayID: replay, candidate: try? rerun?.get(), candidateNote: note)
        return SessionReport(archiveName: archiveName, replayID: replay, status: status, session: plots, candidateTraceNote: note)
    }
}
