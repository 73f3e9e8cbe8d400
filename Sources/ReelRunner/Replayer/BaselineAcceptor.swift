import ReelEngine
import ReelFormats
import ReelStore
import ReelTrace

/// `reel accept`: makes a replay's candidate traces the baselines of the sessions it diverged on.
///
/// A selected session of which the replay's engine has a stored trace (kept by `reel replay
/// --keep-traces`, or recorded with `reel record --engine`) takes it: the baseline becomes a pointer
/// to it, and the candidate is not run. Otherwise the candidate runs again, and must still have the
/// fingerprint the replay recorded: a profile file edited since, or an external engine that now
/// names itself otherwise, is refused.
///
/// An archive is data: it never names what Reel runs or reads. The candidate is made from the
/// replay's `candidate` text alone only when that is this build's own engine (`builtin` or a
/// preset); a profile file or an engine process (`exec:COMMAND`) is run only when the command line
/// names it (`reel accept --engine`, the same text the replay was given), so an archive edited to
/// say `exec:...` starts nothing. The session is re-run on it (the same touches and engine give
/// the same trace), the trace is stored as the engine's trace of the session, and it becomes the
/// baseline; the replaced baseline stays, in `baseline_history`, with who accepted,
/// when, and the replay. Sessions are accepted in transactions of `batchSize`; a failure keeps the
/// batches before it.
package final class BaselineAcceptor {
    /// Which of the replay's diverged sessions to accept.
    package struct Selection: Sendable {
        /// Only sessions of this scenario.
        package var scenario: String?
        /// Only these sessions.
        package var sessionIDs: [Int64]?
        /// Only sessions with a divergence of one of these kinds.
        package var kinds: [DivergenceKind]?

        package init(scenario: String? = nil, sessionIDs: [Int64]? = nil, kinds: [DivergenceKind]? = nil) {
            self.scenario = scenario
            self.sessionIDs = sessionIDs
            self.kinds = kinds
        }
    }

    /// What an acceptance did.
    package struct Summary: Sendable, Hashable {
        /// The sessions whose baseline is now the candidate's trace, ascending.
        package var accepted: [Int64] = []
        /// The selected sessions whose baseline already was the candidate's trace (accepted
        /// before), ascending: nothing is written for them.
        package var unchanged: [Int64] = []
        /// Of those, the ones whose candidate trace was stored already (`reel replay --keep-traces`,
        /// `reel record --engine`): the candidate did not run on them.
        package var tracesReused = 0
        /// The candidate as the replay named it, and its engine.
        package var candidate = ""
        package var engine: EngineIdentity?
    }

    private let archive: Archive
    private let replayID: Int64
    private let acceptedBy: String
    private let givenCandidate: EngineSpec?
    private static let batchSize = 256

    /// Opens the archive at `archivePath` for writing; `acceptedBy` says who accepts (user@host).
    /// `candidate` is the engine the command line names (`--engine`), the only source of a profile
    /// file or engine process to run; nil runs only this build's own engine, when the replay's was.
    package convenience init(archivePath: String, replayID: Int64, acceptedBy: String, candidate: EngineSpec? = nil) throws {
        try self.init(
            archive: Archive.open(archivePath, mode: .readWrite), replayID: replayID, acceptedBy: acceptedBy, candidate: candidate)
    }

    /// Accepts into `archive`, open for writing, which the caller may read and write besides
    /// (`reel review` stores its rejects there).
    package init(archive: Archive, replayID: Int64, acceptedBy: String, candidate: EngineSpec? = nil) {
        self.archive = archive
        self.replayID = replayID
        self.acceptedBy = acceptedBy
        givenCandidate = candidate
    }

    /// What `prepare` checked and made: the selected sessions, each with the candidate's stored
    /// trace of it if there is one, and the candidate engine when one of them has none.
    package struct Plan {
        /// The selected diverged sessions, ascending, each with the id of the candidate's kept trace.
        package let sessions: [(sessionID: Int64, storedTrace: Int64?)]
        /// The replay's candidate as it stored it, and the engine it recorded.
        let candidate: String
        let recorded: EngineIdentity?
        /// The candidate, made only when a selected session has no kept trace to take.
        let engine: TransitionEngine?
    }

    /// Accepts the selected sessions; `progress` gets (done, total) after each batch.
    package func run(_ selection: Selection, progress: ((Int, Int) throws -> Void)? = nil) throws -> Summary {
        let plan = try prepare(selection)
        return try accept(plan.sessions.map(\.sessionID), of: plan, progress: progress)
    }

    /// Everything that can refuse an acceptance of the selection, before any is made: the replay is
    /// finished, the selection is not empty, and when a selected session has no kept trace the
    /// candidate can be made (`--engine` names the replay's engine: the same file, not only the same
    /// spelling) and is still the engine the replay recorded. `reel review` prepares the sessions it
    /// will ask about before its first question, then accepts each as it is answered.
    package func prepare(_ selection: Selection) throws -> Plan {
        guard let replay = try archive.replayRun(id: replayID) else {
            throw ReelFailure(.dataError, "\(archive.path): no replay \(replayID) (reel info lists the replays)")
        }
        guard replay.status == .finished else {
            throw ReelFailure(
                .dataError,
                "\(archive.path): replay \(replayID) is \(replay.status.rawValue), not finished; "
                    + "only a finished replay's verdicts can be accepted")
        }
        let selected = try selectedSessions(selection, engineID: replay.engineID)
        guard !selected.isEmpty else {
            throw ReelFailure(.dataError, "\(archive.path): replay \(replayID) has no diverged session \(Self.describe(selection))")
        }
        let recorded = try archive.engine(id: replay.engineID)
        // The candidate is made only when a session has no stored trace of it to take.
        let toRun = selected.filter { $0.storedTrace == nil }.count
        let engine: TransitionEngine? = toRun > 0 ? try EngineFactory(candidateSpec(stored: replay.candidate, toRun: toRun)).make() : nil
        if let engine {
            if !engine.identityIsKnown, let first = selected.first(where: { $0.storedTrace == nil }) {
                try introduce(engine, on: first.sessionID)
            }
            try checkIdentity(engine.identity, recorded: recorded, candidate: replay.candidate)
        }
        return Plan(sessions: selected, candidate: replay.candidate, recorded: recorded, engine: engine)
    }

    /// Accepts `sessionIDs`, all of them sessions of `plan`, in transactions of `batchSize`: each
    /// batch is on disk when `progress` hears of it. A session a review rejected is no longer
    /// remembered as rejected once accepted. A session whose baseline already is the candidate's
    /// trace is left as it is (`Summary.unchanged`); when every one is, nothing is written.
    package func accept(_ sessionIDs: [Int64], of plan: Plan, progress: ((Int, Int) throws -> Void)? = nil) throws -> Summary {
        let stored = Dictionary(plan.sessions.map { ($0.sessionID, $0.storedTrace) }, uniquingKeysWith: { first, _ in first })
        var summary = Summary(candidate: plan.candidate)
        var selected: [(sessionID: Int64, storedTrace: Int64?)] = []
        for id in sessionIDs {
            guard let trace = stored[id] else { throw ArchiveError.sessionNotFound(id: id) }
            // Accepted before: the baseline is the candidate's stored trace already; nothing to write.
            if let trace, try archive.baselineTraceID(sessionID: id) == trace {
                summary.unchanged.append(id)
            } else {
                selected.append((sessionID: id, storedTrace: trace))
            }
        }
        let engine = plan.engine
        var specs: [String: ScenarioSpec] = [:]
        var done = 0
        // Every id written is one just inserted or looked up: foreign keys hold by construction
        // (`reel info --check` verifies them), as when recording.
        try archive.withForeignKeysHeldByConstruction {
            while done < selected.count {
                let batch = selected[done..<min(done + Self.batchSize, selected.count)]
                try archive.write {
                    var traceIDs: [Int64: Int64] = [:]
                    for (sessionID, stored) in batch {
                        guard let stored else { continue }
                        traceIDs[sessionID] = stored
                        summary.tracesReused += 1
                    }
                    let toRun = batch.filter { $0.storedTrace == nil }.map(\.sessionID)
                    if !toRun.isEmpty {
                        guard let engine else { throw ArchiveError.sessionNotFound(id: toRun[0]) }
                        let sessions = try archive.loadSessions(
                            toRun, contents: SessionContents(frames: false, events: false, tags: false, hierarchy: false))
                        for session in sessions {
                            traceIDs[session.id] = try runAndStore(
                                session, on: engine, recorded: plan.recorded, candidate: plan.candidate, specs: &specs)
                        }
                    }
                    for (sessionID, _) in batch {
                        guard let traceID = traceIDs[sessionID] else { throw ArchiveError.sessionNotFound(id: sessionID) }
                        try archive.acceptBaseline(sessionID: sessionID, traceID: traceID, replayID: replayID, acceptedBy: acceptedBy)
                        try archive.forgetReject(replayID: replayID, sessionID: sessionID)
                        summary.accepted.append(sessionID)
                    }
                }
                done += batch.count
                try progress?(done, selected.count)
            }
        }
        summary.engine = engine?.identity ?? plan.recorded
        return summary
    }

    /// An external engine tells who it is only in an answer: it is run once on `sessionID` (the
    /// trace is not kept), so a changed engine or one that fails is refused before any acceptance.
    private func introduce(_ engine: TransitionEngine, on sessionID: Int64) throws {
        guard
            let session = try archive.loadSessions(
                [sessionID], contents: SessionContents(frames: false, events: false, tags: false, hierarchy: false)
            ).first
        else { throw ArchiveError.sessionNotFound(id: sessionID) }
        let header = session.header
        let spec = try ScenarioSpec.decode(json: header.scenarioSpecJSON)
        do {
            _ = try engine.run(
                scenario: spec, device: header.device, refreshHz: header.refreshHz, touches: session.touches, outcomeHierarchy: false)
        } catch {
            throw ReelFailure(.dataError, "session \(sessionID): the candidate failed on it: \(error)")
        }
    }

    /// Runs `session` on the candidate `engine` and stores its trace as the engine's trace of the
    /// session; returns the trace's id.
    private func runAndStore(
        _ session: RecordedSession, on engine: TransitionEngine, recorded: EngineIdentity?, candidate: String,
        specs: inout [String: ScenarioSpec]
    ) throws -> Int64 {
        let header = session.header
        let spec = try specs[header.scenarioSpecJSON] ?? ScenarioSpec.decode(json: header.scenarioSpecJSON)
        specs[header.scenarioSpecJSON] = spec
        var trace: Trace
        let decision: StoredDecision?
        do {
            (trace, decision) = try engine.runExplaining(
                scenario: spec, device: header.device, refreshHz: header.refreshHz, touches: session.touches, outcomeHierarchy: true)
        } catch {
            throw ReelFailure(.dataError, "session \(session.id): the candidate failed on it: \(error)")
        }
        // An engine may leave the optional outcome.hierarchy out (docs/PROTOCOL.md): stored as JSON
        // null, as the recorder stores it; the hierarchy is then not compared.
        if trace.outcome.hierarchy.isEmpty { trace.outcome.hierarchy = Outcome.noHierarchy }
        try checkIdentity(engine.identity, recorded: recorded, candidate: candidate)
        let engineID = try archive.engineID(for: engine.identity)
        if let decision { try archive.insertDecision(decision, sessionID: session.id, engineID: engineID) }
        return try archive.addTrace(
            trace, sessionID: session.id, engineID: engineID, replayID: replayID, input: (header.refreshHz, session.touches))
    }

    /// The engine to run on the sessions without a kept trace: the command line's `--engine`, which
    /// must be the text the replay was given, or, without it, the replay's candidate only when it is
    /// this build's own engine. Never a file or a process that only the archive names.
    private func candidateSpec(stored: String, toRun: Int) throws -> EngineSpec {
        let shown = UntrustedText.sanitized(stored, limit: 200)
        if let givenCandidate {
            guard SameEngineText.check(givenCandidate, stored: stored) else {
                throw ReelFailure(
                    .usage,
                    "\(archive.path): replay \(replayID) was run with --engine \(shown), not "
                        + "\(UntrustedText.sanitized(givenCandidate.description, limit: 200)); accept a replay with the engine it ran")
            }
            return givenCandidate
        }
        switch try? EngineSpec(parsing: stored) {
        case .builtin?: return .builtin
        case .preset(let name)?: return .preset(name: name)
        case .profile?, .exec?, .inProcess?, nil:
            throw ReelFailure(
                .usage,
                "\(archive.path): \(counted(toRun, "session")) of replay \(replayID) have no kept trace, so its candidate "
                    + "must run again, and the archive names it as \(shown). Reel never runs or reads what an archive "
                    + "names: if you trust that engine, name it yourself with --engine (the text the replay was given)")
        }
    }

    private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// Refuses a candidate that is not the engine the replay ran.
    private func checkIdentity(_ identity: EngineIdentity, recorded: EngineIdentity?, candidate: String) throws {
        guard let recorded, recorded.name != "exec" || recorded.version != "unknown" else { return }
        guard identity.fingerprint == recorded.fingerprint else {
            throw ReelFailure(
                .dataError,
                "\(archive.path): replay \(replayID)'s candidate \(candidate) is now \(identity.name) \(identity.version) "
                    + "(fingerprint \(identity.fingerprint)), not the \(recorded.name) \(recorded.version) it replayed "
                    + "(fingerprint \(recorded.fingerprint)); replay again with the engine as it is, then accept that replay")
        }
    }

    /// The replay's diverged sessions that `selection` keeps, ascending, each with the id of the
    /// candidate engine's stored trace of it, if there is one (`reel replay --keep-traces`, `reel record --engine`).
    private func selectedSessions(_ selection: Selection, engineID: Int64) throws -> [(sessionID: Int64, storedTrace: Int64?)] {
        try archive.divergedSessions(
            replayID: replayID, scenario: selection.scenario, sessionIDs: selection.sessionIDs, kinds: selection.kinds,
            traceOfEngine: engineID)
    }

    private static func describe(_ selection: Selection) -> String {
        var parts: [String] = []
        if let scenario = selection.scenario { parts.append("of scenario \(scenario)") }
        if let ids = selection.sessionIDs { parts.append("among sessions \(ids.map(String.init).joined(separator: ", "))") }
        if let kinds = selection.kinds { parts.append("with a divergence of kind \(kinds.map(\.rawValue).joined(separator: " or "))") }
        return parts.isEmpty ? "to accept" : parts.joined(separator: " ")
    }
}
