import ReelDiff
import ReelEngine
import ReelFormats
import ReelStore
import ReelTrace

/// A candidate's trace of a diverged session kept for `reel replay --keep-traces`, with the
/// session's input its stored layout needs.
struct KeptTrace: Sendable {
    var trace: Trace
    var refreshHz: Double
    var touches: [Touch]
}

/// A candidate's trace while its session is compared, and its final hierarchy when the engine
/// left it to be described (`HierarchyDeferringEngine`): only a kept trace needs it.
struct CandidateTrace {
    var trace: Trace
    var hierarchy: FinalHierarchy?
    /// The trace's frames when the engine's answer left them packed (`trace` then holds none).
    var packed: FrameColumns?
    /// The trace's events when the engine's answer left them packed (`trace` then holds none).
    var packedEvents: PackedEvents?
    /// The events whose details the answer's reader left as their heads.
    var heads: DetailHeads?

    /// The trace as it is kept, its outcome describing the final hierarchy.
    var kept: Trace {
        guard hierarchy != nil || packed != nil || packedEvents != nil || heads != nil else { return trace }
        var trace = trace
        if let hierarchy { trace.outcome.hierarchy = hierarchy.json }
        if let packed { trace.frames = packed.frames }
        if let packedEvents { trace.events = packedEvents.events }
        if let heads { trace.events = heads.details(of: trace.events) }
        return trace
    }
}

/// One replay thread's own resources: a read-only connection to the recorded archive and an
/// engine instance. Used by one thread at a time.
final class ReplayWorker: @unchecked Sendable {
    // @unchecked: while a pipeline runs, each worker is only touched by the one thread that owns it;
    // the replayer asks it for its engine's identity only before and after.
    private let archive: Archive
    private let engine: TransitionEngine
    private let diff: TraceDiff
    /// Whether the candidate's traces of diverged sessions come back with their verdicts, each with
    /// its final hierarchy (as a baseline stores it), for `reel replay --keep-traces`.
    private let keepsTraces: Bool
    private var specs: [String: ScenarioSpec] = [:]
    /// The spec decoded last, checked before `specs`: consecutive sessions mostly share a scenario,
    /// and a read hands them the same JSON string, so the check costs no hashing of the JSON.
    private var lastSpec: (json: String, spec: ScenarioSpec)?

    /// What a replay reads of each session up front: what the comparison needs first. No frames
    /// and no events (they stream through it), no tags and no final hierarchy.
    private static let contents = SessionContents(frames: false, events: false, tags: false, hierarchy: false)

    init(archivePath: String, engine: TransitionEngine, tolerances: Tolerances, keepsTraces: Bool = false) throws {
        archive = try Archive.open(archivePath, mode: .readOnly)
        self.engine = engine
        diff = TraceDiff(tolerances: tolerances)
        self.keepsTraces = keepsTraces
    }

    var engineIdentity: EngineIdentity { engine.identity }
    var engineIdentityIsKnown: Bool { engine.identityIsKnown }
    /// Why the worker's engine was given up on, if it was (see `TransitionEngine.startupFailure`).
    var engineStartupFailure: String? { engine.startupFailure }

    /// A session's verdict and, when the worker keeps traces and the session diverged, the
    /// candidate's trace of it; the seconds the candidate engine took on it (0 when it did not run);
    /// and the candidate's completion decision, when its engine tells it.
    typealias Judged = (verdict: SessionComparison, kept: KeptTrace?, seconds: Double, decision: StoredDecision?)

    /// Replays sessions `ids` (ascending) together; verdicts come back in `ids` order. When the
    /// sessions cannot be read together, each is read alone, so only the sessions that cannot be
    /// read get an error verdict. Throws when the archive itself is damaged
    /// (`SQLiteError.isDamagedFile`): then no verdict of it can be trusted, and the replay must stop.
    ///
    /// `upcoming`, when given, are the ids of the batch this worker replays next: an engine in
    /// another process (`AheadEngine`) is then sent that batch's first sessions while this one's
    /// last are answered and compared, so it does not stand idle between batches.
    func replay(_ ids: [Int64], upcoming: [Int64]? = nil) throws -> [Judged] {
        if let judged = try? replayTogether(ids, upcoming: upcoming) { return judged }
        // Sessions sent ahead and not run are of the batch given up on (or of the next one).
        prepared = nil
        (engine as? AheadEngine)?.dropAhead()
        return try ids.map { id in
            do {
                return try replayTogether([id], upcoming: nil)[0]
            } catch let error as SQLiteError where error.isDamagedFile {
                throw error
            } catch {
                let verdict = SessionComparison(
                    status: .error, decisionExpected: false, decisionActual: nil,
                    divergences: [Divergence(kind: .error, detail: "cannot read the session: \(error)")],
                    firstDivergentFrame: nil, maxError: 0)
                return (verdict, nil, 0, nil)
            }
        }
    }

    /// The most bytes of replayed traces a worker holds while their recorded frames stream past
    /// them: a batch whose answers pass it is compared in parts (each part at least one session),
    /// so one job holds at most this plus one session's trace, whatever an engine answers and
    /// however many sessions it replays. 16 MiB holds a whole batch of 64 ordinary sessions (a few
    /// hundred kB of trace each), so parts only split batches of large answers, where one more
    /// query per part costs nothing next to decoding them. With 256 MiB a job's peak rose by 256 MiB
    /// over every run of large answers (answers of 36 MB: +383 MB after 8, docs/PROTOCOL.md, Limits).
    static let heldTraceBudget = 16 << 20

    /// The most heap bytes (`TraceFootprint`: the kept trace with its final hierarchy and its
    /// touches) of candidate traces one batch keeps for `--keep-traces`, in id order, whole traces:
    /// they wait with the batch's verdicts until its chunk is written, and up to
    /// `ReplayPipeline.lead` batches wait so, so this bounds the kept traces a replay holds at
    /// about `lead` times 2 MiB (34 MiB with one job), whatever the archive's size. A diverged
    /// session past it is not kept, and `reel accept` runs the candidate again for it, as for a
    /// replay without `--keep-traces`. With 16 MiB counted in element strides (about a quarter of
    /// the heap they take) the kept traces of legacy-0.3's diverged sessions grew a replay's peak
    /// as more batches of long sessions met in the pipeline: +27 MB at 20,000 sessions, +70 MB at
    /// 60,000 (docs/history/PERFORMANCE.md, session 14); without a bound a job held one trace per
    /// diverged session (33 answers of 2.1 MB: +86 MB).
    static let keptTraceBudget = 2 << 20

    /// Reads the sessions' input, touches and outcomes with one query per table, runs each on the
    /// candidate engine, then streams their recorded frames and lifecycle calls through the
    /// comparisons, one query each: they are compared as they are read, never held. Sessions are
    /// run and compared in parts whose replayed traces stay within `heldTraceBudget`.
    private func replayTogether(_ ids: [Int64], upcoming: [Int64]?) throws -> [Judged] {
        let sessions: [RecordedSession]
        var sentAhead = 0
        if let prepared, prepared.ids == ids {
            // Read, and partly sent ahead, while the previous batch was answered.
            sessions = prepared.sessions
            sentAhead = prepared.sent
        } else {
            if prepared != nil { (engine as? AheadEngine)?.dropAhead() }
            sessions = try archive.loadSessions(ids, contents: Self.contents)
        }
        prepared = nil
        if let missing = ids.first(where: { id in !sessions.contains { $0.id == id } }) {
            throw ArchiveError.sessionNotFound(id: missing)
        }
        // Sessions whose baseline is a device's trace are compared on what the device recorded (DeviceScope).
        let deviceKeys = try archive.deviceBaselineViewKeys(of: ids)
        var judged: [Judged] = []
        judged.reserveCapacity(sessions.count)
        // Kept traces wait in the batch's results until the chunk is written.
        var keptBytes = 0
        var start = 0
        while start < sessions.count {
            var comparisons: [SessionDiff?] = []
            var failures: [SessionComparison?] = []
            var traces: [CandidateTrace?] = []
            var seconds: [Double] = []
            var decisions: [StoredDecision?] = []
            var held = 0
            var end = start
            let partLimit = Self.partLimit(aheadEngine: engine is AheadEngine)
            while end < sessions.count, end == start || (held < Self.heldTraceBudget && end - start < partLimit) {
                let last = Self.lastToSend(
                    waitingFor: end, sentThrough: sentAhead < sessions.count ? sentAhead : sessions.count + (prepared?.sent ?? 0))
                sendAhead(sessions, through: last, sent: &sentAhead)
                sendUpcomingAhead(upcoming, through: last - sessions.count)
                let started = ContinuousClock.now
                defer { seconds.append((ContinuousClock.now - started).inSeconds) }
                do {
                    let (comparison, trace, decision, bytes) = try begin(sessions[end], deviceKeys: deviceKeys[sessions[end].id])
                    comparisons.append(comparison)
                    traces.append(trace)
                    decisions.append(decision)
                    failures.append(nil)
                    held += bytes
                } catch {
                    comparisons.append(nil)
                    traces.append(nil)
                    decisions.append(nil)
                    failures.append(.failed(expected: sessions[end].trace, message: error.message))
                }
                end += 1
            }
            let part = Array(ids[start..<end])
            var position = 0
            try archive.forEachFrameColumns(of: part) { sessionID, frame in
                while part[position] < sessionID { position += 1 }
                comparisons[position]?.compare(recorded: frame, frame: 0)
            }
            position = 0
            try archive.forEachLifecycleCall(of: part) { sessionID, call in
                while part[position] < sessionID { position += 1 }
                comparisons[position]?.compare(recorded: call)
            }
            for index in part.indices {
                let session = sessions[start + index]
                if let failure = failures[index] {
                    judged.append((failure, nil, seconds[index], nil))
                    continue
                }
                let verdict = comparisons[index]!.verdict(recordedOutcome: session.trace.outcome)
                guard verdict.status == .diverged, let candidate = traces[index] else {
                    judged.append((verdict, nil, seconds[index], decisions[index]))
                    continue
                }
                let kept = KeptTrace(trace: candidate.kept, refreshHz: session.header.refreshHz, touches: session.touches)
                let bytes = TraceFootprint.bytes(of: kept.trace) + TraceFootprint.buffer(kept.touches)
                guard keptBytes + bytes <= Self.keptTraceBudget else {
                    judged.append((verdict, nil, seconds[index], decisions[index]))
                    continue
                }
                keptBytes += bytes
                judged.append((verdict, kept, seconds[index], decisions[index]))
            }
            start = end
        }
        return judged
    }

    /// How many sessions after the one running an engine in another process (`AheadEngine`) is
    /// sent before their turn, within a batch: it simulates them while this thread decodes and
    /// compares, so a replay keeps two cores busy. The requests are a few kB each, and the answers
    /// wait in the engine's output pipe (it blocks when the pipe is full), not in Reel's memory.
    /// As many as a part holds (`sessionsPerAheadPart`): while a part's recorded frames are read
    /// and compared, the engine works on the whole next part.
    static let sessionsAhead = 8

    /// How many more sessions go out with the one that must (`lastToSend`): requests sent one by
    /// one woke the engine process once per session (about 1,800 context switches for the
    /// bench's 1,968 sessions, system time the in-process replay does not pay); sent in bursts,
    /// once per burst. The window in flight then runs from `sessionsAhead` to
    /// `sessionsAhead + sendBurst` sessions after the one waited for.
    static let sendBurst = 4

    /// The last session (a position in the batch, past its end for the next batch's) to have
    /// been sent before the answer of `waitingFor` is read, when the sessions before
    /// `sentThrough` were sent: `sessionsAhead` after it must be (nothing more when it is), and
    /// when one is due, `sendBurst` more go with it.
    static func lastToSend(waitingFor position: Int, sentThrough: Int) -> Int {
        let due = position + sessionsAhead
        return sentThrough > due ? due : due + sendBurst
    }

    /// The most sessions of a part when the engine runs in another process (`AheadEngine`). A part's
    /// answers are compared only once all of them are in, and the engine has only the sessions sent
    /// ahead to work on meanwhile: with parts of a whole batch (64 sessions) it stood idle for most
    /// of the comparing, with parts of 8 it simulates the next part while this one is compared.
    /// (Each part costs its own queries of frames and lifecycle calls, a few thousand instructions
    /// a session.)
    static let sessionsPerAheadPart = 8

    /// The most sessions of one part: `sessionsPerAheadPart` for an engine in another process,
    /// unbounded (the trace budget decides) for one in this process.
    static func partLimit(aheadEngine: Bool) -> Int { aheadEngine ? sessionsPerAheadPart : Int.max }

    /// The next batch's sessions, read before their turn (`replay(_:upcoming:)`), and how many of
    /// them were sent ahead.
    private var prepared: (ids: [Int64], sessions: [RecordedSession], sent: Int)?

    /// Sends the next batch's sessions through `last` (its positions; nothing when negative) to an
    /// `AheadEngine`, reading them first: the window of sessions in flight runs on past the end of
    /// the batch. A batch that cannot be read now is read again in its turn.
    private func sendUpcomingAhead(_ upcoming: [Int64]?, through last: Int) {
        guard last >= 0, let upcoming, !upcoming.isEmpty, engine is AheadEngine else { return }
        if prepared == nil {
            guard let sessions = try? archive.loadSessions(upcoming, contents: Self.contents) else { return }
            prepared = (upcoming, sessions, 0)
        }
        guard var next = prepared, next.ids == upcoming else { return }
        sendAhead(next.sessions, through: last, sent: &next.sent)
        prepared = next
    }

    /// Sends the sessions from `sent` through `last` (of `sessions`) to an `AheadEngine`.
    private func sendAhead(_ sessions: [RecordedSession], through last: Int, sent: inout Int) {
        guard let ahead = engine as? AheadEngine, sent <= last, sent < sessions.count else { return }
        var burst: [AheadSession] = []
        while sent <= last, sent < sessions.count {
            let header = sessions[sent].header
            if let spec = try? spec(header.scenarioSpecJSON) {
                burst.append(
                    AheadSession(scenario: spec, device: header.device, refreshHz: header.refreshHz, touches: sessions[sent].touches))
            }
            sent += 1
        }
        if !burst.isEmpty { ahead.sendAhead(burst) }
    }

    /// Why a session could not be replayed: its verdict's error message.
    private struct ReplayFailure: ReelError {
        var message: String
        /// The candidate could not run the session: its verdict is an error.
        var failureKind: FailureKind { .engineFailed }
        var description: String { message }
    }

    /// Re-runs one recorded session on the candidate engine and starts comparing its trace; the
    /// trace comes back too when the worker keeps traces.
    /// `bytes` is the heap the replayed trace holds (`TraceFootprint.bytes`). With `deviceKeys` (the
    /// session's baseline is a device's trace holding those views) the trace is compared as
    /// `DeviceScope.project` makes it.
    private func begin(
        _ recorded: RecordedSession, deviceKeys: Set<String>? = nil
    ) throws(ReplayFailure) -> (SessionDiff, CandidateTrace?, StoredDecision?, bytes: Int) {
        let header = recorded.header
        let spec: ScenarioSpec
        do {
            spec = try self.spec(header.scenarioSpecJSON)
        } catch {
            throw ReplayFailure(message: "the stored scenario spec no longer decodes: \(error)")
        }
        do {
            let trace: Trace
            let decision: StoredDecision?
            var hierarchy: FinalHierarchy?
            if let deviceKeys {
                let (replayed, decision) = try engine.runExplaining(
                    scenario: spec, device: header.device, refreshHz: header.refreshHz, touches: recorded.touches,
                    outcomeHierarchy: keepsTraces)
                let trace = DeviceScope.project(replayed, keys: deviceKeys)
                let candidate = keepsTraces ? CandidateTrace(trace: trace, hierarchy: nil) : nil
                return (diff.begin(actual: trace, refreshHz: header.refreshHz), candidate, decision, TraceFootprint.bytes(of: trace))
            }
            if let external = engine as? ExternalTransitionEngine {
                // An external engine's answer is compared as its columns: its frames are
                // made only for a trace that is kept (`CandidateTrace.kept`).
                // Its details with arguments stay heads, which hold the names the lifecycle compares.
                let (trace, packed, events, heads, decision) = try external.runPackingFrames(
                    scenario: spec, device: header.device, refreshHz: header.refreshHz, touches: recorded.touches)
                if let packed {
                    let bytes = TraceFootprint.bytes(of: trace) + packed.heapBytes + (events?.heapBytes ?? 0)
                    let candidate =
                        keepsTraces ? CandidateTrace(trace: trace, hierarchy: nil, packed: packed, packedEvents: events, heads: heads) : nil
                    return (
                        diff.begin(actual: trace, packed: packed, events: events, refreshHz: header.refreshHz), candidate, decision, bytes
                    )
                }
                let candidate = keepsTraces ? CandidateTrace(trace: trace, hierarchy: nil, heads: heads) : nil
                return (diff.begin(actual: trace, refreshHz: header.refreshHz), candidate, decision, TraceFootprint.bytes(of: trace))
            }
            if keepsTraces, let deferring = engine as? HierarchyDeferringEngine {
                // The hierarchy is described only if the trace is kept (`CandidateTrace.kept`).
                (trace, decision, hierarchy) = try deferring.runExplainedDeferringHierarchy(
                    scenario: spec, device: header.device, refreshHz: header.refreshHz, touches: recorded.touches)
            } else {
                (trace, decision) = try engine.runExplaining(
                    scenario: spec, device: header.device, refreshHz: header.refreshHz, touches: recorded.touches,
                    outcomeHierarchy: keepsTraces)
            }
            let bytes = TraceFootprint.bytes(of: trace)
            let candidate = keepsTraces ? CandidateTrace(trace: trace, hierarchy: hierarchy) : nil
            return (diff.begin(actual: trace, refreshHz: header.refreshHz), candidate, decision, bytes)
        } catch {
            throw ReplayFailure(message: "\(error)")
        }
    }

    private func spec(_ json: String) throws -> ScenarioSpec {
        if let lastSpec, lastSpec.json == json { return lastSpec.spec }
        let spec = try specs[json] ?? ScenarioSpec.decode(json: json)
        specs[json] = spec
        lastSpec = (json, spec)
        return spec
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
