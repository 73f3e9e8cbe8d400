import Dispatch
import Foundation
import ReelStore
import ReelTrace

/// Runs gesture streams through an engine and stores complete sessions in an archive.
///
/// Sessions are written in batches, each batch one transaction, so a crash at any instant leaves
/// only complete sessions. A session whose content hash is already in the archive is skipped, so
/// recording the same input again adds nothing. By default the first bad session stops the run
/// after the good sessions before it are committed; with `keepGoing` every bad session is
/// reported and skipped.
public final class Recorder {
    public struct Options: Sendable {
        /// Record every valid session and report every bad one, instead of stopping at the first.
        public var keepGoing = false
        /// Sessions per transaction: larger batches insert faster; a crash loses at most one batch.
        public var batchSize = 64

        public init(keepGoing: Bool = false, batchSize: Int = 64) {
            self.keepGoing = keepGoing
            self.batchSize = max(1, batchSize)
        }
    }

    /// What a recording run did.
    public struct Summary: Sendable, Hashable {
        /// Sessions written to the archive.
        public var recorded = 0
        /// Valid sessions already in the archive (same content hash), not written again.
        public var duplicates = 0
        /// Sessions rejected as bad input or failed by the engine.
        public var rejected = 0
        public var frames = 0
        public var frameViews = 0
        public var finished = 0
        public var cancelled = 0
        /// One message per rejected session ("file:line: reason").
        public var errors: [String] = []

        public init() {}
    }

    private let archive: Archive
    private let engine: TransitionEngine
    private let options: Options
    private let scenarios = ScenarioResolver()
    /// The producer's own read-only connection to the archive, for its duplicate checks.
    private var lookup: Archive?
    private var engineID: Int64?
    public private(set) var summary = Summary()

    /// Batches the producer may hand over before the writer has committed them: with one, a batch
    /// is simulated while the one before is written, and at most two are held (each 256-session
    /// batch of the benchmark's corpus holds several MB of traces).
    private static let handOffDepth = 1

    public init(archive: Archive, engine: TransitionEngine, options: Options = Options()) {
        self.archive = archive
        self.engine = engine
        self.options = options
    }

    /// Records every session of `stream`. `progress` is called after each committed batch.
    /// Throws a `.dataError` failure for the first bad session unless `keepGoing` is set
    /// (the good sessions before it are committed first).
    ///
    /// A producer thread reads, checks and simulates the sessions of the next batch while this
    /// thread commits the current one; the batches and the summary are the same as if one thread
    /// did it all, and the engine is used by one thread at a time.
    public func record(_ stream: GestureStreamReader, progress: ((Summary) -> Void)? = nil) throws {
        let lookup = try self.lookup ?? Archive.open(archive.path, mode: .readOnly)
        self.lookup = lookup
        let producer = RecordProducer(
            stream: stream, engine: engine, scenarios: scenarios, lookup: lookup, options: options)
        let handOff = RecordHandOff(depth: Self.handOffDepth)
        let finished = DispatchSemaphore(value: 0)
        // A thread of its own, not a GCD work item: the global queues may have no thread to spare
        // while their threads wait for this recording (the concurrency tests do).
        let thread = Thread {
            producer.run(into: handOff)
            finished.signal()
        }
        // The main thread's stack: the producer parses the input, whose JSON may nest deeply.
        thread.stackSize = 8 << 20
        thread.start()
        defer {
            handOff.stop()
            finished.wait()
        }
        while true {
            let batch = handOff.take()
            summary.duplicates += batch.duplicates
            summary.rejected += batch.errors.count
            summary.errors += batch.errors
            switch batch.ending {
            case .more, .endOfStream:
                try commit(batch)
                handOff.committed()
                progress?(summary)
                if case .endOfStream = batch.ending { return }
            case .stopped(let failure):
                try commit(batch)
                throw failure
            case .failed(let error):
                throw error
            }
        }
    }

    /// Writes the batch's sessions in one transaction.
    private func commit(_ batch: RecordBatch) throws {
        guard !batch.sessions.isEmpty else { return }
        let engineID = try self.engineID ?? archive.engineID(for: batch.engineIdentity)
        self.engineID = engineID
        try archive.write {
            for session in batch.sessions { _ = try archive.insert(session, engineID: engineID) }
        }
        for session in batch.sessions {
            summary.recorded += 1
            summary.frames += session.trace.frames.count
            summary.frameViews += session.trace.frames.reduce(0) { $0 + $1.views.count }
            if session.trace.outcome.completed { summary.finished += 1 } else { summary.cancelled += 1 }
        }
    }
}
