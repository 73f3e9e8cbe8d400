import Dispatch
import ReelDiff
import ReelStore
import ReelTrace
import Synchronization

/// What one worker's batch of sessions gave: their verdicts in id order, and who the candidate
/// said it was once the batch was done (an external engine names itself only in its answers).
struct BatchResult: Sendable {
    var verdicts: [SessionComparison]
    /// The candidate's traces of the diverged sessions, aligned with `verdicts`, when the workers keep them.
    var kept: [KeptTrace?]
    /// The seconds the candidate engine took on each session, aligned with `verdicts`.
    var seconds: [Double]
    /// The candidate's completion decisions, aligned with `verdicts` (nil where it told none).
    var decisions: [StoredDecision?]
    var candidate: EngineIdentity
    var candidateIsKnown: Bool
    /// Why the worker's engine was given up on after the batch, if it was.
    var engineStartupFailure: String?
}

/// Runs the workers over the sessions without stopping between chunks: each worker takes the next
/// `sessionsPerRead` sessions from a shared cursor and replays them, while the calling thread
/// receives each chunk's results, in id order, as soon as the chunk is complete, and writes them.
/// Workers run at most `lead` batches ahead of the calling thread, which bounds memory; none waits
/// for a chunk to be written.
struct ReplayPipeline {
    let workers: [ReplayWorker]
    let chunkSize: Int
    let sessionsPerRead: Int

    /// Batches replayed ahead of the chunk being handed over: two chunks' worth, and one per worker.
    var lead: Int { 2 * ((chunkSize + sessionsPerRead - 1) / sessionsPerRead) + workers.count }

    /// Replays `ids` and calls `receive` on the calling thread with each chunk's ids and its batches'
    /// results, chunk after chunk. When `receive` throws, or a worker finds the archive unreadable
    /// (`ReplayWorker.replay` throws), the workers stop after their current batch and the error is
    /// rethrown once they have; the chunk of a failed batch is not received.
    func run(_ ids: [Int64], receive: (_ chunk: ArraySlice<Int64>, _ results: [BatchResult]) throws -> Void) throws {
        let chunks = stride(from: 0, to: ids.count, by: chunkSize).map { $0..<min($0 + chunkSize, ids.count) }
        let batches = chunks.enumerated().flatMap { chunk, range in
            stride(from: range.lowerBound, to: range.upperBound, by: sessionsPerRead).map { start in
                (chunk: chunk, sessions: start..<min(start + sessionsPerRead, range.upperBound))
            }
        }
        let finished = batches.map { _ in DispatchSemaphore(value: 0) }
        let results = Locked<[Result<BatchResult, any Error>?]>(Array(repeating: nil, count: batches.count))
        let next = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
        let ahead = DispatchSemaphore.counting(lead)
        let running = DispatchGroup()
        for worker in workers {
            DispatchQueue.global().async(group: running) {
                while true {
                    ahead.wait()
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < batches.count, !stopped.load(ordering: .relaxed) else {
                        ahead.signal()
                        return
                    }
                    let result = Result {
                        let judged = try worker.replay(Array(ids[batches[index].sessions]))
                        return BatchResult(
                            verdicts: judged.map(\.verdict), kept: judged.map(\.kept), seconds: judged.map(\.seconds),
                            decisions: judged.map(\.decision),
                            candidate: worker.engineIdentity, candidateIsKnown: worker.engineIdentityIsKnown,
                            engineStartupFailure: worker.engineStartupFailure)
                    }
                    results.withLock { $0[index] = result }
                    finished[index].signal()
                }
            }
        }
        defer {
            // Workers waiting for room find it, see the stop (or the end) and leave.
            stopped.store(true, ordering: .relaxed)
            for _ in workers { ahead.signal() }
            running.wait()
        }
        var batch = 0
        for (chunk, range) in chunks.enumerated() {
            var chunkResults: [BatchResult] = []
            while batch < batches.count, batches[batch].chunk == chunk {
                finished[batch].wait()
                let result = results.withLock { results in
                    defer { results[batch] = nil }
                    return results[batch]!
                }
                ahead.signal()
                batch += 1
                // A batch that could not be read at all (a corrupt archive) ends the replay before its chunk is written.
                chunkResults.append(try result.get())
            }
            try receive(ids[range], chunkResults)
        }
    }
}
