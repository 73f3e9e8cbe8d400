import Dispatch
import ReelStore
import Synchronization

/// Writes each chunk's verdicts into the results archive, one transaction per chunk, on its own
/// thread, so the workers replay the next chunk meanwhile. One chunk at most is being written:
/// `write` and `waitForPending` wait for it first, and a failed write is thrown by them.
final class VerdictWriter: @unchecked Sendable {
    // @unchecked: the archive is used by the writing thread from `write` until the write ends, and
    // by the caller only after `waitForPending` has seen it end (the group orders the two).
    private let archive: Archive
    private let queue = DispatchQueue(label: "reel.replay.verdicts")
    private let pending = DispatchGroup()
    private let failure = Mutex<(any Error)?>(nil)

    init(archive: Archive) {
        self.archive = archive
    }

    /// Returns once the chunk being written (if any) is committed; throws if its write failed.
    func waitForPending() throws {
        pending.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Starts writing the verdicts of `sessionIDs` (in that order) for replay `replayID`, after
    /// the chunk being written.
    func write(_ verdicts: [SessionComparison], of sessionIDs: [Int64], replayID: Int64) throws {
        try waitForPending()
        queue.async(group: pending) { [self] in
            do {
                try archive.write {
                    for (sessionID, verdict) in zip(sessionIDs, verdicts) {
                        try store(verdict, sessionID: sessionID, replayID: replayID)
                    }
                }
            } catch {
                failure.withLock { $0 = error }
            }
        }
    }

    private func store(_ verdict: SessionComparison, sessionID: Int64, replayID: Int64) throws {
        let status: ReplayResultStatus =
            switch verdict.status {
            case .matched: .matched
            case .diverged: .diverged
            case .error: .error
            }
        try archive.insertReplayResult(
            ReplayResultRow(
                replayID: replayID, sessionID: sessionID, status: status,
                decisionExpected: Decision(completed: verdict.decisionExpected),
                decisionActual: verdict.decisionActual.map(Decision.init(completed:)),
                firstDivergentFrame: verdict.firstDivergentFrame,
                maxError: verdict.status == .error ? nil : verdict.maxError,
                errorMessage: verdict.status == .error ? verdict.divergences.first?.detail : nil,
                kinds: verdict.divergences.map(\.kind)))
        for divergence in verdict.divergences {
            try archive.insertDivergence(DivergenceRow(replayID: replayID, sessionID: sessionID, divergence: divergence))
        }
    }
}
