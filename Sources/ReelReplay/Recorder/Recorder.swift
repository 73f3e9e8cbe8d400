import ReelEngine
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
    private var engineID: Int64?
    private var pending: [RecordedSession] = []
    private var pendingHashes: Set<String> = []
    public private(set) var summary = Summary()

    public init(archive: Archive, engine: TransitionEngine, options: Options = Options()) {
        self.archive = archive
        self.engine = engine
        self.options = options
    }

    /// Records every session of `stream`. `progress` is called after each committed batch.
    /// Throws a `.dataError` failure for the first bad session unless `keepGoing` is set
    /// (the good sessions before it are committed first).
    public func record(_ stream: GestureStreamReader, progress: ((Summary) -> Void)? = nil) throws {
        while let next = stream.next() {
            do {
                switch next {
                case .success(let session): try record(session)
                case .failure(let error): throw ReelFailure(.dataError, error.description)
                }
            } catch let failure as ReelFailure where failure.status == .dataError {
                summary.rejected += 1
                summary.errors.append(failure.message)
                if !options.keepGoing {
                    try flush()
                    throw failure
                }
            }
            if pending.count >= options.batchSize {
                try flush()
                progress?(summary)
            }
        }
        try flush()
        progress?(summary)
    }

    private func record(_ input: GestureSession) throws {
        let location = "\(input.sourceFile):\(input.line)"
        let spec: ScenarioSpec
        do {
            spec = try scenarios.resolve(input)
        } catch {
            throw ReelFailure(.dataError, "\(location): \(error.message)")
        }
        let specJSON = spec.canonicalJSON
        let hash = SessionHash.hash(specJSON: specJSON, device: input.device, refreshHz: input.refreshHz, touches: input.touches)
        if try pendingHashes.contains(hash) || archive.sessionID(contentHash: hash) != nil {
            summary.duplicates += 1
            return
        }
        let trace: Trace
        do {
            trace = try engine.run(
                scenario: spec, device: input.device, refreshHz: input.refreshHz, touches: input.touches,
                outcomeHierarchy: true)
        } catch {
            throw ReelFailure(.dataError, "\(location): the engine rejected the session: \(error)")
        }
        let header = SessionHeader(
            scenarioName: spec.name, scenarioSpecJSON: specJSON, device: input.device,
            refreshHz: input.refreshHz, externalID: input.externalID, tags: input.tags,
            sourceFile: input.sourceFile, sourceLine: input.line, contentHash: hash)
        pending.append(RecordedSession(header: header, touches: input.touches, trace: trace))
        pendingHashes.insert(hash)
    }

    /// Commits the pending sessions in one transaction.
    private func flush() throws {
        guard !pending.isEmpty else { return }
        let engineID = try self.engineID ?? archive.engineID(for: engine.identity)
        self.engineID = engineID
        try archive.write {
            for session in pending { _ = try archive.insert(session, engineID: engineID) }
        }
        for session in pending {
            summary.recorded += 1
            summary.frames += session.trace.frames.count
            summary.frameViews += session.trace.frames.reduce(0) { $0 + $1.views.count }
            if session.trace.outcome.completed { summary.finished += 1 } else { summary.cancelled += 1 }
        }
        pending.removeAll(keepingCapacity: true)
        pendingHashes.removeAll(keepingCapacity: true)
    }
}
