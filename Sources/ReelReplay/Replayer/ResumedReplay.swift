import ReelStore
import ReelTrace

/// A replay that a killed run left at status 'running', checked to be one this run may continue
/// (`reel replay --resume ID`): it exists, is still running, and was begun with the same
/// tolerances, the same shard and the same candidate engine as this run. The verdicts it holds are
/// whole (each chunk's verdicts and divergences are committed together), so continuing means
/// replaying the selected sessions it has no verdict on.
struct ResumedReplay {
    let run: ReplayRunRow
    /// The candidate engine the replays row names.
    let candidate: EngineIdentity
    /// The sessions the replay has a verdict on.
    let judged: Set<Int64>
    private let engine: EngineFactory
    /// The identity an external engine goes by until it answers ("exec unknown" with its command);
    /// nil when the candidate's identity is known before any session.
    private let placeholder: EngineIdentity?
    private let archivePath: String

    /// Reads and checks replay `id` of `archive`, whose verdicts this run would continue.
    /// - Parameters:
    ///   - current: this run's candidate identity before any session, and whether it is known then.
    /// - Throws: a `ReelFailure` (bad input) naming the archive, the replay and the reason.
    init(
        _ id: Int64, in archive: Archive, engine: EngineFactory, options: Replayer.Options,
        current: (identity: EngineIdentity, isKnown: Bool)
    ) throws {
        let failure = { (reason: String) in Self.failure(archive.path, id, reason) }
        guard let run = try archive.replayRun(id: id) else {
            let running = try archive.replayRuns().filter { $0.status == .running }.map { String($0.id) }
            throw failure(
                "there is no replay \(id) in it (replays left running: "
                    + "\(running.isEmpty ? "none" : running.joined(separator: ", ")))")
        }
        switch run.status {
        case .running: break
        case .finished: throw failure("it finished at \(run.finishedAt ?? "?"); there is nothing left to replay")
        case .failed: throw failure("it failed; start a new replay")
        }
        let tolerances = options.tolerances.json
        guard run.tolerancesJSON == tolerances else {
            throw failure(
                "it was begun with the tolerances \(run.tolerancesJSON), this run has \(tolerances); "
                    + "resume with the same --tolerance")
        }
        guard run.shard == options.shard?.description else {
            throw failure(
                "it covers \(Self.describe(run.shard)), this run \(Self.describe(options.shard?.description)); "
                    + "resume with the same --shard")
        }
        guard let candidate = try archive.engine(id: run.engineID) else {
            throw failure("it names engine \(run.engineID), which is not in the engines table")
        }
        self.run = run
        self.candidate = candidate
        self.engine = engine
        archivePath = archive.path
        placeholder = current.isKnown ? nil : current.identity
        judged = Set(try archive.judgedSessionIDs(replayID: id))
        try check(candidate: current.identity, isKnown: current.isKnown)
    }

    /// Refuses a candidate other than the one the replay was begun with: the same fingerprint (for
    /// the built-in engine and profiles: the same engine version and parameter values, wherever
    /// the profile file lies). An external engine that has not answered yet, in this run or in the
    /// interrupted one, is known only by its command, so then the command must be the same.
    func check(candidate current: EngineIdentity, isKnown: Bool) throws {
        if current.fingerprint == candidate.fingerprint { return }
        let sameCommand = run.candidate == engine.spec.description
        let storedIsPlaceholder = candidate.fingerprint == placeholder?.fingerprint
        if sameCommand && (!isKnown || storedIsPlaceholder) { return }
        throw Self.failure(
            archivePath, run.id,
            "it was begun with the candidate \(candidate.name) \(candidate.version) (fingerprint "
                + "\(candidate.fingerprint), --engine \(run.candidate)), this run's is \(current.name) "
                + "\(current.version) (fingerprint \(current.fingerprint), --engine \(engine.spec.description)); "
                + "resume with the same engine")
    }

    private static func failure(_ path: String, _ id: Int64, _ reason: String) -> ReelFailure {
        ReelFailure(.dataError, "\(path): cannot resume replay \(id): \(reason)")
    }

    private static func describe(_ shard: String?) -> String {
        shard.map { "shard \($0)" } ?? "every selected session (no --shard)"
    }
}
