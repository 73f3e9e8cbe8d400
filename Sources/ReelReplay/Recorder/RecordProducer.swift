import ReelEngine
import ReelStore
import ReelTrace

/// The recorder's producer: reads one gesture stream on its own thread, in input order, and turns it
/// into batches for the writer: parses, resolves the scenario, hashes, skips duplicates and runs the
/// engine, while the writer commits the batches before.
///
/// A session is a duplicate when its content hash is in the batch being built, in one of the
/// batches handed over and maybe not committed yet, or in the archive (read through `lookup`, a
/// connection of its own, which sees every batch committed since).
final class RecordProducer: @unchecked Sendable {
    // @unchecked: while a recording runs, the stream, the engine, the resolver and the lookup
    // connection are touched only by the producer's thread; the writer gets only the batches.
    private let stream: GestureStreamReader
    private let engine: TransitionEngine
    private let scenarios: ScenarioResolver
    private let lookup: Archive
    private let options: Recorder.Options
    private var batch: RecordBatch
    private var batchHashes: Set<String> = []
    /// The content hashes of the last batches handed over (at most the hand-off's depth), oldest first.
    private var handedHashes: [Set<String>] = []

    init(
        stream: GestureStreamReader, engine: TransitionEngine, scenarios: ScenarioResolver, lookup: Archive,
        options: Recorder.Options
    ) {
        self.stream = stream
        self.engine = engine
        self.scenarios = scenarios
        self.lookup = lookup
        self.options = options
        batch = RecordBatch(engineIdentity: engine.identity)
    }

    /// Reads the whole stream into `handOff`, batch after batch; the last one says how the stream
    /// ended. Returns early when the writer stops.
    func run(into handOff: RecordHandOff) {
        while let next = stream.next() {
            guard !handOff.isStopped else { return }
            do {
                switch next {
                case .success(let session): try prepare(session)
                case .failure(let error): throw ReelFailure(.dataError, error.description)
                }
            } catch let failure as ReelFailure where failure.status == .dataError {
                batch.errors.append(failure.message)
                if !options.keepGoing {
                    _ = hand(ending: .stopped(failure), to: handOff)
                    return
                }
            } catch {
                _ = hand(ending: .failed(error), to: handOff)
                return
            }
            if batch.sessions.count >= options.batchSize {
                guard hand(ending: .more, to: handOff) else { return }
            }
        }
        _ = hand(ending: .endOfStream, to: handOff)
    }

    private func prepare(_ input: GestureSession) throws {
        let location = "\(input.sourceFile):\(input.line)"
        let spec: ScenarioSpec
        do {
            spec = try scenarios.resolve(input)
        } catch {
            throw ReelFailure(.dataError, "\(location): \(error.message)")
        }
        let specJSON = spec.canonicalJSON
        let hash = SessionHash.hash(specJSON: specJSON, device: input.device, refreshHz: input.refreshHz, touches: input.touches)
        if try isRecorded(hash) {
            batch.duplicates += 1
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
        batch.sessions.append(RecordedSession(header: header, touches: input.touches, trace: trace))
        batchHashes.insert(hash)
    }

    /// Whether a session with content `hash` is in the archive or on its way there. The recent
    /// batches are asked first: one the archive does not show yet is still among them.
    private func isRecorded(_ hash: String) throws -> Bool {
        try batchHashes.contains(hash) || handedHashes.contains { $0.contains(hash) }
            || lookup.sessionID(contentHash: hash) != nil
    }

    /// Hands the batch over, with the engine's identity now, and starts the next one; false when
    /// the writer stopped.
    private func hand(ending: RecordBatch.Ending, to handOff: RecordHandOff) -> Bool {
        batch.engineIdentity = engine.identity
        batch.ending = ending
        guard handOff.put(batch) else { return false }
        // Every batch put before the last `depth` is committed: the archive shows its sessions.
        handedHashes.append(batchHashes)
        if handedHashes.count > handOff.depth { handedHashes.removeFirst() }
        batch = RecordBatch(engineIdentity: engine.identity)
        batchHashes = []
        return true
    }
}
