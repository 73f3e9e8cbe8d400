import ReelStore
import ReelTrace

extension Replayer.Summary {
    /// The summary of replay `replayID` as its tables tell it: what `Replayer.run` returned for a
    /// replay run in one piece, and the summary of shard results merged by `ResultsMerger`.
    public init(replayID: Int64, in archive: Archive) throws {
        guard let run = try archive.replayRun(id: replayID) else {
            throw ReelFailure(.dataError, "\(archive.path): no replay \(replayID)")
        }
        try archive.requireCompleteReplay(replayID)
        self.init()
        self.replayID = replayID
        candidate = try archive.engine(id: run.engineID)
        var counts = [DivergenceKind: Int]()
        // One verdict at a time: a merged replay of a million sessions is not held in memory.
        try archive.forEachReplayResult(replayID: replayID) { row in
            sessions += 1
            switch row.status {
            case .matched:
                matched += 1
                return
            case .diverged: diverged += 1
            case .error: errors += 1
            }
            let divergences = try archive.divergences(replayID: replayID, sessionID: row.sessionID)
            for divergence in divergences { counts[divergence.kind, default: 0] += 1 }
            guard findings.count < Replayer.findingsKept else { return }
            findings.append((row.sessionID, SessionComparison(row, divergences: divergences)))
        }
        byKind = DivergenceKind.allCases.compactMap { kind in counts[kind].map { (kind, $0) } }
        verdictGroups = try VerdictTally.storedGroups(replayID: replayID, in: archive)
    }
}
