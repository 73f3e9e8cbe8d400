import ReelStore
import ReelTrace

/// What the recorder's producer hands its writer at a time: a few sessions already run through
/// the engine, in input order, with what was counted while reading them (duplicates skipped, bad
/// sessions rejected). A batch (one transaction) is a run of chunks, the last of which says so, so
/// the writer frees each chunk's traces once inserted while the batch's transaction is still open.
struct RecordChunk: Sendable {
    /// How the stream goes on after the chunk.
    enum Ending: Sendable {
        /// More chunks of the same batch follow.
        case more
        /// The batch is full: commit it after this chunk; more batches follow.
        case batchFull
        /// The stream ended with this chunk: commit the batch.
        case endOfStream
        /// A bad session stopped the run (no `keepGoing`): commit the batch, then throw the failure.
        case stopped(ReelFailure)
        /// Reading or checking a session failed (not the input's fault): the batch is not committed.
        case failed(any Error)

        /// Whether the batch ends with this chunk.
        var endsBatch: Bool {
            if case .more = self { return false }
            return true
        }
    }

    /// What became of one input session, in input order, when the recorder reports the stored ids
    /// (`Recorder.record(_:progress:)` of sessions): the writer turns each into the session's id.
    enum Input: Sendable {
        /// The next session of `sessions`.
        case prepared
        /// A session whose content is stored already, or is on its way in an earlier input.
        case duplicate(contentHash: String)
        /// A bad session (its message is in `errors`): no id.
        case rejected
    }

    /// The inputs the chunk read, in order; empty unless the recorder reports stored ids.
    var inputs: [Input] = []
    /// The sessions, their storage prepared on the producer's thread (`PreparedSession`).
    var sessions: [PreparedSession] = []
    /// Valid sessions skipped because the archive or an earlier session of the run has their content.
    var duplicates = 0
    /// One "file:line: reason" per rejected session.
    var errors: [String] = []
    /// Who the engine said it was once the chunk was run (an external engine names itself only in its answers).
    var engineIdentity: EngineIdentity
    var ending = Ending.more
    /// The heap bytes of the sessions' traces (`TraceFootprint`), counted against `Recorder.heldTraceBudget`.
    var heldBytes = 0
}
