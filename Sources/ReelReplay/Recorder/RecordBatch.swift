import ReelTrace

/// What the recorder commits in one transaction: sessions already run through the engine, in input
/// order, with what was counted while reading them (duplicates skipped, bad sessions rejected).
struct RecordBatch: Sendable {
    /// How the stream went on after the batch.
    enum Ending: Sendable {
        /// More batches follow.
        case more
        /// The stream ended with this batch.
        case endOfStream
        /// A bad session stopped the run (no `keepGoing`): the batch is committed, then the failure thrown.
        case stopped(ReelFailure)
        /// Reading or checking a session failed (not the input's fault): the batch is not committed.
        case failed(any Error)
    }

    var sessions: [RecordedSession] = []
    /// Valid sessions skipped because the archive or an earlier session of the run has their content.
    var duplicates = 0
    /// One "file:line: reason" per rejected session.
    var errors: [String] = []
    /// Who the engine said it was once the batch was run (an external engine names itself only in its answers).
    var engineIdentity: EngineIdentity
    var ending = Ending.more
}
