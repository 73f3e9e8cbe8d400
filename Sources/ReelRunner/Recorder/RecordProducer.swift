import ReelEngine
import ReelFormats
import ReelStore
import ReelTrace

/// The recorder's producer: reads the input sessions (a gesture stream's, or sessions handed over
/// decoded) on its own thread, in input order, and turns them into chunks for the writer: parses, resolves the scenario, hashes, skips duplicates and runs the
/// engine, while the writer inserts and commits the chunks before.
///
/// A session is a duplicate when its content hash is in a batch not known to be committed yet (the
/// one being built, or one handed over whose commit `RecordHandOff.committedBatches` does not show
/// yet), or in the archive with a trace of this engine (read through `lookup`, a connection of its
/// own, which sees every batch committed since). Only the hashes of uncommitted batches are kept.
final class RecordProducer: @unchecked Sendable {
    // @unchecked: while a recording runs, the input, the engine, the resolver and the lookup
    // connection are touched only by the producer's thread; the writer gets only the chunks.
    /// The next input session, or why the next one cannot be read; nil at the end.
    private let next: () -> Result<GestureSession, GestureStreamError>?
    /// Whether each chunk lists its inputs (`RecordChunk.inputs`), for the ids the recorder returns.
    private let listsInputs: Bool
    private let engine: TransitionEngine
    private let scenarios: ScenarioResolver
    private let lookup: Archive
    private let options: Recorder.Options
    /// Sessions per chunk: small, so that few traces are held, yet many per hand-off.
    private let chunkSize: Int
    private var chunk: RecordChunk
    /// Sessions of the batch being built (chunks handed over included).
    private var sessionsInBatch = 0
    /// The number of the batch being built, counted from 0 as the writer counts commits.
    private var batchNumber = 0
    /// Content hashes of the batch being built and of handed-over batches not seen committed yet.
    private var uncommittedHashes: [(batch: Int, hashes: Set<String>)] = [(0, [])]

    init(
        next: @escaping () -> Result<GestureSession, GestureStreamError>?, listsInputs: Bool, engine: TransitionEngine,
        scenarios: ScenarioResolver, lookup: Archive, options: Recorder.Options, chunkSize: Int
    ) {
        self.next = next
        self.listsInputs = listsInputs
        self.engine = engine
        self.scenarios = scenarios
        self.lookup = lookup
        self.options = options
        self.chunkSize = max(1, chunkSize)
        chunk = RecordChunk(engineIdentity: engine.identity)
    }

    /// Reads every input session into `handOff`, chunk after chunk; the last one says how the input
    /// ended. Returns early when the writer stops.
    func run(into handOff: RecordHandOff) {
        while let next = next() {
            guard !handOff.isStopped else { return }
            do {
                switch next {
                case .success(let session): try prepare(session, committedBatches: handOff.committedBatches)
                case .failure(let error): throw ReelFailure(.dataError, error.description)
                }
            } catch let failure as ReelFailure where failure.kind == .dataError {
                chunk.errors.append(failure.message)
                if listsInputs { chunk.inputs.append(.rejected) }
                if !options.keepGoing {
                    _ = hand(ending: .stopped(failure), to: handOff)
                    return
                }
            } catch {
                _ = hand(ending: .failed(error), to: handOff)
                return
            }
            if sessionsInBatch >= options.batchSize {
                guard hand(ending: .batchFull, to: handOff) else { return }
            } else if chunk.sessions.count >= chunkSize || chunk.heldBytes >= Recorder.heldTraceBudget {
                guard hand(ending: .more, to: handOff) else { return }
            }
            handOff.waitForRoom(budget: Recorder.heldTraceBudget)
        }
        _ = hand(ending: .endOfStream, to: handOff)
    }

    private func prepare(_ input: GestureSession, committedBatches: Int) throws {
        let location = "\(input.sourceFile):\(input.line)"
        let spec: ScenarioSpec
        let specJSON: String
        do {
            (spec, specJSON) = try scenarios.resolveEncoded(input)
        } catch {
            throw ReelFailure(.dataError, "\(location): \(error.message)")
        }
        let hash = SessionHash.hash(specJSON: specJSON, device: input.device, refreshHz: input.refreshHz, touches: input.touches)
        if try isRecorded(hash, committedBatches: committedBatches) {
            chunk.duplicates += 1
            if listsInputs { chunk.inputs.append(.duplicate(contentHash: hash)) }
            return
        }
        var trace: Trace
        let decision: StoredDecision?
        do {
            (trace, decision) = try engine.runExplaining(
                scenario: spec, device: input.device, refreshHz: input.refreshHz, touches: input.touches,
                outcomeHierarchy: true)
        } catch {
            throw ReelFailure(.dataError, "\(location): the engine rejected the session: \(error)")
        }
        // The hierarchy is optional in the protocol: an engine that leaves it out is stored with
        // JSON null there (traces.hierarchy_json must be JSON; no answer may send null itself).
        // Nothing compares hierarchies, so the sessions replay and diff as any other.
        if trace.outcome.hierarchy.isEmpty { trace.outcome.hierarchy = Outcome.noHierarchy }
        let header = SessionHeader(
            scenarioName: spec.name, scenarioSpecJSON: specJSON, device: input.device,
            refreshHz: input.refreshHz, externalID: input.externalID, tags: input.tags,
            sourceFile: input.sourceFile, sourceLine: input.line, contentHash: hash)
        chunk.heldBytes += TraceFootprint.bytes(of: trace)
        chunk.sessions.append(PreparedSession(RecordedSession(header: header, touches: input.touches, trace: trace), decision: decision))
        if listsInputs { chunk.inputs.append(.prepared) }
        sessionsInBatch += 1
        uncommittedHashes[uncommittedHashes.count - 1].hashes.insert(hash)
    }

    /// Whether a session with content `hash` is on its way to the archive, or in it with a trace of
    /// this engine (a session stored with other engines' traces gets this engine's too). The hashes
    /// of the batches `committedBatches` shows committed are dropped first: the archive shows them.
    /// An engine that has not named itself yet (an external one before its first answer) has no
    /// trace: its session is run, and the writer sees whether the trace is new.
    private func isRecorded(_ hash: String, committedBatches: Int) throws -> Bool {
        uncommittedHashes.removeAll { $0.batch < committedBatches }
        if uncommittedHashes.contains(where: { $0.hashes.contains(hash) }) { return true }
        let fingerprint = engine.identityIsKnown ? engine.identity.fingerprint : nil
        if case .withTrace = try lookup.storedInput(contentHash: hash, engineFingerprint: fingerprint) { return true }
        return false
    }

    /// Hands the chunk over, with the engine's identity now, and starts the next one (and the next
    /// batch after a batch's last chunk); false when the writer stopped.
    private func hand(ending: RecordChunk.Ending, to handOff: RecordHandOff) -> Bool {
        chunk.engineIdentity = engine.identity
        chunk.ending = ending
        guard handOff.put(chunk) else { return false }
        chunk = RecordChunk(engineIdentity: engine.identity)
        if ending.endsBatch {
            batchNumber += 1
            sessionsInBatch = 0
            uncommittedHashes.append((batchNumber, []))
        }
        return true
    }
}
