import ReelStore
import ReelTrace

/// One session's page (`reel report ARCHIVE --session ID`): the session's player and plots for a
/// replay, whatever its verdict.
package struct SessionReport: Sendable {
    package var archiveName: String
    package var replayID: Int64
    /// The session's verdict in the replay: matched, diverged or error.
    package var status: String
    package var session: ReportModel.SessionPlots
    /// Why the replayed side is missing, or where it comes from.
    package var candidateTraceNote: String?
}

extension ReportReader {
    /// Session `sessionID`'s page for replay `replayID` (default: the latest replay of the session).
    package func readSession(_ sessionID: Int64, replayID: Int64?) throws -> SessionReport {
        guard let verdict = try archive.sessionVerdict(sessionID: sessionID, replayID: replayID) else {
            throw ReelFailure(
                .usage,
                "\(archiveName): session \(sessionID) is not in " + (replayID.map { "replay \($0)" } ?? "any replay")
                    + " (reel show \(archiveName) \(sessionID) shows a stored session)")
        }
        let (replay, status, firstFrame) = (verdict.replayID, verdict.status, verdict.firstDivergentFrame)
        let candidate = try archive.engine(id: try self.replay(replay).candidateID)
        let rerun = candidate.map(StoredCandidate.engine(for:))
        let plots = try sessionPlot(
            sessionID, status: status, firstFrame: firstFrame, replayID: replay, candidate: try? rerun?.get(),
            candidateNote: missingSideNote(rerun))
        return SessionReport(
            archiveName: archiveName, replayID: replay, status: status, session: plots,
            candidateTraceNote: Self.candidateTraceNote([plots], rerun: rerun))
    }
}
