import ReelEngine
import ReelStore
import ReelTrace

/// Where a plotted session's replayed side comes from: the candidate's trace the archive keeps
/// (`reel replay` keeps one per diverged session, `traces.replay_id`; an engine's trace of a
/// session is stored once, so a trace an earlier replay or `reel record --engine` stored is the
/// one), else re-running the candidate when it is this build's engine (`StoredCandidate`), else none.
package enum CandidateTraceSource: String, Sendable, Hashable {
    /// The candidate's stored trace of the session.
    case kept
    /// This build's engine, rebuilt from the stored profile, run again on the session.
    case rerun
}

extension ReportReader {
    /// The candidate's stored trace of session `sessionID` in replay `replayID`: the `traces` row of
    /// the replay's engine for the session, unless it is the very trace the replay compared against
    /// (the candidate is the baseline's engine). A results archive keeps no traces (kept traces need
    /// the verdicts in the recorded archive), so there is none there.
    func keptCandidateTrace(_ sessionID: Int64, replayID: Int64, judgedTraceID: Int64?) throws -> Trace? {
        guard !tracesApart, let engineID = try archive.replayHeader(id: replayID)?.engineID,
            let traceID = try archive.traceID(sessionID: sessionID, engineID: engineID), traceID != judgedTraceID
        else { return nil }
        return try archive.loadSession(sessionID, trace: traceID).trace
    }

    /// The page's sentence on where the replayed sides come from, counted over the plotted
    /// sessions: kept traces, re-runs, and why the others have none.
    static func candidateTraceNote(
        _ plots: [ReportModel.SessionPlots], rerun: Result<Engine, ReelFailure>?
    ) -> String? {
        guard !plots.isEmpty else { return nil }
        let kept = plots.filter { $0.replayedSource == .kept }.count
        let reran = plots.filter { $0.replayedSource == .rerun }.count
        let without = plots.count - kept - reran
        let of = { (count: Int) in
            count == plots.count ? "Every replayed side and curve" : "The replayed side of \(count) of \(plots.count) sessions"
        }
        var parts: [String] = []
        if kept > 0 {
            parts.append(
                of(kept) + " is the candidate's own trace as the archive keeps it (reel replay keeps the trace of each diverged session).")
        }
        if reran > 0 {
            parts.append(
                of(reran) + " comes from re-running the candidate (this build's engine, rebuilt from its stored profile, same "
                    + "fingerprint): the archive keeps no trace of it for " + (reran == 1 ? "that session." : "those sessions."))
        }
        if without > 0 {
            let lead = without == plots.count ? "" : "\(without) of \(plots.count) sessions have no replayed side: "
            switch rerun {
            case .success: parts.append(lead + "the candidate failed on " + (without == 1 ? "it" : "them") + " (see the divergences).")
            case .failure(let failure): parts.append(lead + failure.message)
            case nil: parts.append(lead + "the candidate engine of this replay is not in the archive; only recorded curves are shown.")
            }
        }
        return parts.joined(separator: " ")
    }
}

extension ReportReader {
    /// Replay `replayID`'s candidate trace of session `sessionID` and where it comes from, as the
    /// report's player draws it: the kept trace, else a re-run of this build's engine; `.failure`
    /// says why there is none (`reel show --replay`).
    package func replayedTrace(
        _ sessionID: Int64, replayID: Int64
    ) throws -> Result<(trace: Trace, source: CandidateTraceSource), ReelFailure> {
        let judged = try judgedBaseline(sessionID, replayID: replayID)
        if let kept = try keptCandidateTrace(sessionID, replayID: replayID, judgedTraceID: judged?.traceID) {
            return .success((kept, .kept))
        }
        guard let engineID = try archive.replayHeader(id: replayID)?.engineID, let identity = try archive.engine(id: engineID) else {
            return .failure(ReelFailure(.dataError, "the candidate engine of replay \(replayID) is not in the archive"))
        }
        switch StoredCandidate.engine(for: identity) {
        case .failure(let failure): return .failure(failure)
        case .success(let engine):
            let recorded = try judged.map { try traces.loadSession(sessionID, trace: $0.traceID) } ?? traces.loadSession(sessionID)
            do {
                return .success((try StoredCandidate.run(engine, recorded), .rerun))
            } catch let failure as ReelFailure {
                return .failure(failure)
            }
        }
    }
}
