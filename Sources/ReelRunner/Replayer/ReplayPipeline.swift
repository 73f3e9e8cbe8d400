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
/// for a chunk to be written. The ids come chunk by chunk from the caller (`nextChunk`, read on
/// the calling thread a few chunks ahead of the one received), so the selection is never one list.
struct ReplayPipeline {
    let workers: [ReplayWorker]
    let chunkSize: Int
    let sessionsPerRead: Int

    /// Batches replayed ahead of the chunk being handed over: two chunks' worth, and one per worker.
    var lead: Int { 2 * batchesPerChunk + workers.count }

    private var batchesPerChunk: Int { (chunkSize + sessionsPerRead - 1) / sessionsPerRead }

    /// Replays the ids `nextChunk` gives and calls `receive` on the calling thread with each chunk's
    /// ids and its batches' results, chunk after chunk. `nextChunk` is called on the calling thread
    /// and returns the next `chunkSize` ids (fewer only for the last chunk; none at the end). When
    /// `receive` or `nextChunk` throws, or a worker finds the archive unreadable
    /// (`ReplayWorker.replay` throws), the workers stop after their current batch and the error is
    /// rethrown once they have; the chunk of a failed batch is not received.
    func run(
        nextChunk: () throws -> [Int64], receive: (_ chunk: ArraySlice<Int64>, _ results: [BatchResult]) throws -> Void
    ) throws {
        // Batch b is batch b % perChunk of chunk b / perChunk; every chunk but the last is full,
        // so a batch's sessions are found from its number once its chunk is read.
        let perChunk = batchesPerChunk
        let sessionsPerRead = self.sessionsPerRead
        // Everything the workers and the calling thread share, guarded by `state.condition`: a
        // worker stores a result and signals while holding it, the receiver looks and waits holding
        // it, so no signal falls between a look and a wait (and likewise for chunks read).
        let state = PipelineState()
        let next = Atomic<Int>(0)
        let ahead = DispatchSemaphore.counting(lead)
        let running = DispatchGroup()
        for worker in workers {
            DispatchQueue.global().async(group: running) {
                while true {
                    ahead.wait()
                    let index = next.add(1, ordering: .relaxed).oldValue
                    let chunk = index / perChunk
                    state.condition.lock()
                    while !state.stopped, !state.ended, chunk >= state.chunksRead { state.condition.wait() }
                    let ids = state.stopped ? nil : state.chunks[chunk]
                    state.condition.unlock()
                    guard let ids else {
                        // Stopped, or past the last chunk: nothing more to replay.
                        ahead.signal()
                        return
                    }
                    let start = index % perChunk * sessionsPerRead
                    guard start < ids.count else {
                        // A batch number past the end of the last, partial chunk.
                        ahead.signal()
                        continue
                    }
                    // One worker takes the batches in order, so it knows its next one and sends an
                    // engine process that batch's first sessions before this one is done (when the
                    // next batch's chunk is already read).
                    var upcoming: [Int64]? = nil
                    if workers.count == 1 {
                        let nextStart = (index + 1) % perChunk * sessionsPerRead
                        let nextIDs: [Int64]?
                        if nextStart == 0 {
                            state.condition.lock()
                            nextIDs = state.chunks[chunk + 1]
                            state.condition.unlock()
                        } else {
                            nextIDs = ids
                        }
                        if let nextIDs, nextStart < nextIDs.count {
                            upcoming = Array(nextIDs[nextStart..<min(nextStart + sessionsPerRead, nextIDs.count)])
                        }
                    }
                    let result = Result {
                        let judged = try worker.replay(Array(ids[start..<min(start + sessionsPerRead, ids.count)]), upcoming: upcoming)
                        return BatchResult(
                            verdicts: judged.map(\.verdict), kept: judged.map(\.kept), seconds: judged.map(\.seconds),
                            decisions: judged.map(\.decision),
                            candidate: worker.engineIdentity, candidateIsKnown: worker.engineIdentityIsKnown,
                            engineStartupFailure: worker.engineStartupFailure)
                    }
                    state.condition.lock()
                    state.results[index] = result
                    state.condition.broadcast()
                    state.condition.unlock()
                }
            }
        }
        defer {
            // Workers waiting for room or for a chunk find the stop and leave.
            state.condition.lock()
            state.stopped = true
            state.condition.broadcast()
            state.condition.unlock()
            for _ in workers { ahead.signal() }
            running.wait()
        }
        // Chunks are read up to the last one a worker may reach while the receiver waits on
        // chunk `received` (`lead` batches past its first), so no worker waits for a chunk then.
        var chunksRead = 0
        var ended = false
        func readAhead(receiving received: Int) throws {
            while !ended, chunksRead <= (received * perChunk + lead - 1) / perChunk {
                let ids = try nextChunk()
                state.condition.lock()
                if ids.isEmpty {
                    ended = true
                    state.ended = true
                } else {
                    state.chunks[chunksRead] = ids
                    chunksRead += 1
                    state.chunksRead = chunksRead
                    ended = ids.count < chunkSize
                    state.ended = ended
                }
                state.condition.broadcast()
                state.condition.unlock()
            }
        }
        var received = 0
        while true {
            try readAhead(receiving: received)
            guard received < chunksRead else { return }
            state.condition.lock()
            let ids = state.chunks[received]!
            state.condition.unlock()
            var chunkResults: [BatchResult] = []
            for batch in 0..<(ids.count + sessionsPerRead - 1) / sessionsPerRead {
                let index = received * perChunk + batch
                state.condition.lock()
                while state.results[index] == nil { state.condition.wait() }
                let result = state.results.removeValue(forKey: index)!
                state.condition.unlock()
                ahead.signal()
                // A batch that could not be read at all (a corrupt archive) ends the replay before its chunk is written.
                chunkResults.append(try result.get())
            }
            // Batch numbers past the end of a partial last chunk were given back by the workers.
            state.condition.lock()
            state.chunks[received] = nil
            state.condition.unlock()
            try receive(ids[...], chunkResults)
            received += 1
        }
    }
}

/// The state `ReplayPipeline.run` shares between its workers and the calling thread, always
/// read and written holding `condition`.
private final class PipelineState: @unchecked Sendable {
    let condition = NSCondition()
    /// The chunks read and not yet received, by chunk number.
    var chunks: [Int: [Int64]] = [:]
    /// How many chunks have been read.
    var chunksRead = 0
    /// Whether the last chunk has been read.
    var ended = false
    /// Whether the replay stops (an error, or the end): workers leave.
    var stopped = false
    /// The results handed over and not yet received, by batch number: at most `lead` of them.
    var results: [Int: Result<BatchResult, any Error>] = [:]
}
