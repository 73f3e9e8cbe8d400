import ReelStore
import ReelTrace

/// A replay that a killed run left at status 'running', checked to be one this run may continue
/// (`reel replay --resume ID`): it exists, is still running, was begun with the same tolerances,
/// the same shard, the same selection (or this run gives none) and the same candidate engine as
/// this run, and the process that wrote it has ended (`ReplayRunner`); then this process is
/// recorded as its runner. The verdicts it holds are whole (each chunk's verdicts and divergences
/// are committed together), so continuing means replaying the selected sessions it has no verdict on.
struct ResumedReplay {
    let run: ReplayRunRow
    /// The candidate engine the replays row names.
    let candidate: EngineIdentity
    /// The sessions the replay covers: the ones it was begun for (or, for a replay begun before
    /// schema v3, which did not record them, the ones this run selects).
    let selection: ReplaySelection
    /// The sessions the replay has a verdict on.
    let judged: Set<Int64>
    private let engine: EngineFactory
    /// The identity an external engine goes by until it answers ("exec unknown" with its command);
    /// nil when the candidate's identity is known before any session.
    private let placeholder: EngineIdentity?
    private let archivePath: String

    /// Reads and checks replay `id` of `archive`, whose verdicts this run would continue, and
    /// records this process as the one writing it.
    /// - Parameters:
    ///   - current: this run's candidate identity before any session, and whether it is known then.
    ///   - note: told when the process that wrote the replay cannot be checked (another host, or
    ///     none recorded), which does not stop the resume.
    /// - Throws: a `ReelFailure` (bad input) naming the archive, the replay and the reason.
    init(
        _ id: Int64, in archive: Archive, engine: EngineFactory, options: Replayer.Options,
        current: (identity: EngineIdentity, isKnown: Bool), note: (String) -> Void
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
        selection = try Self.selection(of: run, given: options.selection, failure: failure)
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
        try Self.takeOver(id, in: archive, note: note, failure: failure)
    }

    /// The replay's stored selection when this run gives none or the same one; a replay begun
    /// before schema v3 recorded none, so then this run's is taken on trust.
    private static func selection(
        of run: ReplayRunRow, given: ReplaySelection, failure: (String) -> ReelFailure
    ) throws -> ReplaySelection {
        guard let json = run.selectionJSON else { return given }
        guard let stored = ReplaySelection(json: json) else {
            throw failure("its selection_json \(json) is not a selection of sessions")
        }
        if given.selectsEverySession || given == stored { return stored }
        throw failure(
            "it was begun for \(stored), this run selects \(given); resume with the same --session, --scenario, "
                + "--tag and --diverged-in options, or with none")
    }

    /// Refuses a replay whose recorded runner still runs, else records this process as its runner;
    /// in one transaction, so of two resumes started together one refuses.
    private static func takeOver(
        _ id: Int64, in archive: Archive, note: (String) -> Void, failure: (String) -> ReelFailure
    ) throws {
        try archive.write {
            guard let recorded = try archive.replayRun(id: id)?.runner else {
                note(
                    "replay \(id) does not record which process wrote it (begun before schema v3, or without /proc); "
                        + "make sure that process has ended")
                return try archive.setReplayRunner(id, runner: ReplayRunner.current?.json)
            }
            guard let runner = ReplayRunner(json: recorded) else {
                throw failure("its runner \(recorded) is not a process (host, boot_id, pid, start_ticks)")
            }
            switch runner.state {
            case .running:
                throw failure("it is still being written by process \(runner.pid) on \(runner.host); wait for it or kill it")
            case .elsewhere:
                note(
                    "replay \(id) was last written by process \(runner.pid) on \(runner.host), which this host cannot "
                        + "check; make sure that process has ended")
            case .gone:
                break
            }
            try archive.setReplayRunner(id, runner: ReplayRunner.current?.json)
        }
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
