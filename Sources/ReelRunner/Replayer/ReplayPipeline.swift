import Dispatch
import Foundation
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
        // Batch b is batch b % perChunk of chunk b / perChunk; every chunk but the last is full, so
        // the batches are numbered without listing them (nothing here grows with the archive but `ids`).
        let perChunk = (chunkSize + sessionsPerRead - 1) / sessionsPerRead
        let fullChunks = ids.count / chunkSize
        let rest = ids.count - fullChunks * chunkSize
        let batchCount = fullChunks * perChunk + (rest + sessionsPerRead - 1) / sessionsPerRead
        @Sendable func sessions(ofBatch batch: Int) -> Range<Int> {
            let chunkStart = batch / perChunk * chunkSize
            let start = chunkStart + batch % perChunk * sessionsPerRead
            return start..<min(start + sessionsPerRead, chunkStart + chunkSize, ids.count)
        }
        // The results handed over so far and not yet received: at most `lead` of them.
        // A worker stores a result and signals while holding `arrived`, the receiver looks and waits
        // holding it, so no signal falls between a look and a wait.
        let arrived = NSCondition()
        let results = Locked<[Int: Result<BatchResult, any Error>]>([:])
        let next = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
        let ahead = DispatchSemaphore.counting(lead)
        let running = DispatchGroup()
        for worker in workers {
            DispatchQueue.global().async(group: running) {
                while true {
                    ahead.wait()
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < batchCount, !stopped.load(ordering: .relaxed) else {
                        ahead.signal()
                        return
                    }
                    // One worker takes the batches in order, so it knows its next one and sends
                    // an engine process that batch's first sessions before this one is done.
                    let upcoming = workers.count == 1 && index + 1 < batchCount ? Array(ids[sessions(ofBatch: index + 1)]) : nil
                    let result = Result {
                        let judged = try worker.replay(Array(ids[sessions(ofBatch: index)]), upcoming: upcoming)
                        return BatchResult(
                            verdicts: judged.map(\.verdict), kept: judged.map(\.kept), seconds: judged.map(\.seconds),
                            decisions: judged.map(\.decision),
                            candidate: worker.engineIdentity, candidateIsKnown: worker.engineIdentityIsKnown,
                            engineStartupFailure: worker.engineStartupFailure)
                    }
                    arrived.lock()
                    results.withLock { $0[index] = result }
                    arrived.broadcast()
                    arrived.unlock()
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
        for chunkStart in stride(from: 0, to: ids.count, by: chunkSize) {
            let chunkEnd = min(chunkStart + chunkSize, ids.count)
            var chunkResults: [BatchResult] = []
            while batch < batchCount, sessions(ofBatch: batch).lowerBound < chunkEnd {
                arrived.lock()
                while results.withLock({ $0[batch] == nil }) { arrived.wait() }
                let result = results.withLock { $0.removeValue(forKey: batch)! }
                arrived.unlock()
                ahead.signal()
                batch += 1
                // A batch that could not be read at all (a corrupt archive) ends the replay before its chunk is written.
                chunkResults.append(try result.get())
            }
            try receive(ids[chunkStart..<chunkEnd], chunkResults)
        }
    }
}
