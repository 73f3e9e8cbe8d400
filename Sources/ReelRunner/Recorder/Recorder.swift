import Dispatch
import Foundation
import ReelEngine
import ReelFormats
import ReelStore
import ReelTrace

/// Runs gesture sessions (a stream's, or decoded ones) through an engine and stores complete sessions in an archive.
///
/// Sessions are written in batches, each batch one transaction, so a crash at any instant leaves
/// only complete sessions. A session whose content hash is already in the archive with a trace of
/// this engine is skipped, so recording the same input again adds nothing; with another engine, the
/// stored session gets that engine's trace (an engine matrix; the baseline stays); the final check is made inside the batch's write
/// transaction, so two recorders of overlapping input into one archive both finish. By default the first bad session stops the run
/// after the good sessions before it are committed; with `keepGoing` every bad session is
/// reported and skipped.
public final class Recorder {
    public struct Options: Sendable {
        /// Record every valid session and report every bad one, instead of stopping at the first.
        public var keepGoing = false
        /// Sessions per transaction: larger batches insert faster; a crash loses at most one batch.
        public var batchSize = 64
        /// Scenario specs that session lines may name by name beyond the catalog: a team's ReelKit
        /// scenes (`EXECUTABLE spec NAME` prints one), as a device file's sessions name them.
        public var scenes: [ScenarioSpec] = []

        public init(keepGoing: Bool = false, batchSize: Int = 64, scenes: [ScenarioSpec] = []) {
            self.keepGoing = keepGoing
            self.batchSize = max(1, batchSize)
            self.scenes = scenes
        }
    }

    /// What a recording run did.
    public struct Summary: Sendable, Hashable {
        /// Sessions written to the archive.
        public var recorded = 0
        /// Valid sessions already in the archive (same content hash) with a trace of this engine, not written again.
        public var duplicates = 0
        /// Sessions already in the archive without a trace of this engine, which got this engine's
        /// trace (not as their baseline).
        public var tracesAdded = 0
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
    /// The options the recorder runs with.
    package let options: Options
    private let scenarios: ScenarioResolver
    /// The producer's own read-only connection to the archive, for its duplicate checks.
    private var lookup: Archive?
    private var engineID: Int64?
    public private(set) var summary = Summary()
    /// The most heap bytes of traces (`TraceFootprint`) handed to the writer and not inserted
    /// yet at any moment of the last recording: at most twice `heldTraceBudget` plus one trace.
    package private(set) var peakTraceBytesInFlight = 0

    /// Sessions per chunk handed from the producer to the writer, and chunks the producer may run
    /// ahead: a few dozen sessions' traces are held at once, whatever the batch size.
    private static let chunkSize = 16, handOffDepth = 2

    /// The most heap bytes (`TraceFootprint`) of traces a chunk gathers before it is handed over,
    /// and that the chunks handed over may hold when the producer runs the next session: the
    /// recorder holds at most twice this plus two answers' traces (each within
    /// `EngineReplyLimits.maxDecodedBytes`) at once, whatever the batch size.
    static let heldTraceBudget = 16 << 20

    public init(archive: Archive, engine: TransitionEngine, options: Options = Options()) {
        self.archive = archive
        self.engine = engine
        self.options = options
        scenarios = ScenarioResolver(scenes: options.scenes)
    }

    /// Records every session of `stream`. `progress` is called after each committed batch; when it
    /// throws, recording stops there (every batch before is committed) and its error is rethrown.
    /// Throws a `.dataError` failure for the first bad session unless `keepGoing` is set
    /// (the good sessions before it are committed first).
    ///
    /// A producer thread reads, checks and simulates the sessions ahead while this thread inserts
    /// them, a chunk at a time, into the batch's open transaction; the batches and the summary are
    /// the same as if one thread did it all, and the engine is used by one thread at a time.
    public func record(_ stream: GestureStreamReader, progress: ((Summary) throws -> Void)? = nil) throws {
        _ = try record(from: stream.next, reportingIDs: false, progress: progress)
    }

    /// Records sessions already decoded (a capture server's, an embedder's), exactly as `record` of a
    /// stream holding them stores them (`sourceFile` and `line` become the stored source), and
    /// returns each one's stored id, in input order: its new id, or the id of the stored session with
    /// the same content (a duplicate, or a session that got this engine's trace), nil for a session
    /// rejected with `keepGoing`. Checks, batches, `progress` and errors are those of `record`.
    ///
    /// ```swift
    /// let recorder = Recorder(archive: archive, engine: BuiltinEngine())
    /// let ids = try recorder.record([GestureSession(scenario: "nav.push", touches: touches)])
    /// ```
    public func record(_ sessions: [GestureSession], progress: ((Summary) throws -> Void)? = nil) throws -> [Int64?] {
        var remaining = sessions[...]
        return try record(
            from: { remaining.popFirst().map { .success($0) } }, reportingIDs: true, progress: progress)
    }

    /// The one way sessions are recorded: `next` hands the producer thread the input sessions (nil at
    /// the end); with `reportingIDs`, the stored ids come back in input order (else none).
    /// `DeviceRecording` uses it to hand each session's device trace to its engine as it reads it.
    func record(
        from next: @escaping () -> Result<GestureSession, GestureStreamError>?, reportingIDs: Bool,
        progress: ((Summary) throws -> Void)?
    ) throws -> [Int64?] {
        let lookup = try self.lookup ?? Archive.open(archive.path, mode: .readOnly)
        self.lookup = lookup
        let producer = RecordProducer(
            next: next, listsInputs: reportingIDs, engine: engine, scenarios: scenarios, lookup: lookup, options: options,
            chunkSize: min(Self.chunkSize, options.batchSize))
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
            peakTraceBytesInFlight = handOff.peakBytesInFlight
        }
        // Every id the writer stores it has just made or looked up: foreign keys hold by construction,
        // and `reel info --check` verifies them.
        return try archive.withForeignKeysHeldByConstruction {
            try writeBatches(from: handOff, progress: progress)
        }
    }

    /// Writes the producer's batches until the input ends or stops; returns the stored ids of the
    /// inputs the chunks list (`RecordChunk.inputs`).
    private func writeBatches(from handOff: RecordHandOff, progress: ((Summary) throws -> Void)?) throws -> [Int64?] {
        var ids: [Int64?] = []
        while true {
            let (ending, batch, batchIDs) = try writeBatch(from: handOff)
            summary.add(batch)
            ids += batchIDs
            switch ending {
            case .more, .batchFull:
                try progress?(summary)
            case .endOfStream:
                try progress?(summary)
                return ids
            case .stopped(let failure):
                throw failure
            case .failed(let error):
                throw error
            }
        }
    }

    /// Takes the chunks of one batch from `handOff` and inserts them in one transaction (none when
    /// the batch has no session), freeing each chunk once inserted. Returns how the batch ended, what
    /// it counted and the stored ids of the inputs its chunks list; throws, with nothing of the batch
    /// committed, when a chunk says reading failed.
    private func writeBatch(from handOff: RecordHandOff) throws -> (RecordChunk.Ending, Summary, [Int64?]) {
        var counts = Summary()
        var ending = RecordChunk.Ending.more
        var ids: [Int64?] = []
        func insert(_ chunk: RecordChunk) throws {
            defer { handOff.inserted(bytes: chunk.heldBytes) }
            if case .failed(let error) = chunk.ending { throw error }
            counts.duplicates += chunk.duplicates
            counts.rejected += chunk.errors.count
            counts.errors += chunk.errors
            var sessionIDs: [Int64?] = []
            if !chunk.sessions.isEmpty {
                let engineID = try self.engineID ?? archive.engineID(for: chunk.engineIdentity)
                self.engineID = engineID
                for prepared in chunk.sessions {
                    let session = prepared.session
                    // Another recorder may have stored it since the producer's check.
                    guard let sessionID = try archive.insertIfNew(prepared, engineID: engineID) else {
                        let (stored, added) = try addTraceIfMissing(session, decision: prepared.decision, engineID: engineID)
                        if added {
                            counts.tracesAdded += 1
                        } else {
                            counts.duplicates += 1
                        }
                        if !chunk.inputs.isEmpty { sessionIDs.append(stored) }
                        continue
                    }
                    if !chunk.inputs.isEmpty { sessionIDs.append(sessionID) }
                    counts.recorded += 1
                    counts.frames += session.trace.frames.count
                    counts.frameViews += session.trace.frames.reduce(0) { $0 + $1.views.count }
                    if session.trace.outcome.completed { counts.finished += 1 } else { counts.cancelled += 1 }
                }
            }
            // Every earlier input is inserted by now, in this transaction or a committed one.
            var prepared = sessionIDs.makeIterator()
            for input in chunk.inputs {
                switch input {
                case .prepared: ids.append(prepared.next() ?? nil)
                case .duplicate(let contentHash): ids.append(try archive.sessionID(contentHash: contentHash))
                case .rejected: ids.append(nil)
                }
            }
            ending = chunk.ending
        }
        let first = handOff.take()
        if first.sessions.isEmpty && first.ending.endsBatch {
            try insert(first)
        } else {
            try archive.write {
                try insert(first)
                while !ending.endsBatch { try insert(handOff.take()) }
            }
            handOff.committedBatch()
        }
        return (ending, counts, ids)
    }

    /// Stores the trace of `session`, an input the archive already has, as engine `engineID`'s
    /// trace of it, unless that engine has one. Returns the stored session's id and whether the
    /// trace was added.
    private func addTraceIfMissing(
        _ session: RecordedSession, decision: StoredDecision?, engineID: Int64
    ) throws -> (sessionID: Int64?, added: Bool) {
        guard let sessionID = try archive.sessionID(contentHash: session.header.contentHash) else { return (nil, false) }
        guard try archive.traceID(sessionID: sessionID, engineID: engineID) == nil else { return (sessionID, false) }
        try archive.addTrace(session.trace, sessionID: sessionID, engineID: engineID)
        if let decision { try archive.insertDecision(decision, sessionID: sessionID, engineID: engineID) }
        return (sessionID, true)
    }
}

extension Recorder.Summary {
    /// Adds another part of the run's counts (a committed batch's, another file's recording) to these.
    package mutating func add(_ other: Recorder.Summary) {
        recorded += other.recorded
        duplicates += other.duplicates
        tracesAdded += other.tracesAdded
        rejected += other.rejected
        frames += other.frames
        frameViews += other.frameViews
        finished += other.finished
        cancelled += other.cancelled
        errors += other.errors
    }
}
