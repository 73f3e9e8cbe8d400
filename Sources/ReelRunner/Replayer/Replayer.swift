import Foundation
import ReelDiff
import ReelStore
import ReelTrace

/// Re-runs archived sessions on a candidate engine and stores where they diverge.
///
/// Sessions are taken in ascending id order, `chunkSize` at a time; within a chunk, `jobs`
/// workers (each with its own read-only connection and engine) take `sessionsPerRead` sessions at a
/// time from a shared cursor, read them with one query per table and replay them, in parallel,
/// without stopping between chunks; the calling thread writes each chunk's verdicts in id order in
/// one transaction as soon as the chunk is complete (`ReplayPipeline`). Memory is bounded by a few
/// chunks, and the stored results are identical for any job count and any shard split.
public final class Replayer {
    public struct Options: Sendable {
        public var jobs: Int
        public var shard: Shard?
        /// Only sessions of these scenarios (`--scenario`, repeatable); nil for any scenario.
        public var scenarios: [String]?
        public var sessionIDs: [Int64]?
        /// Only sessions carrying one of these tags (`--tag`, repeatable); nil for any tags.
        package var tags: [String]? = nil
        /// Only the sessions this replay did not match (`--diverged-in`); nil for any verdict.
        package var divergedIn: Int64? = nil
        public var tolerances: Tolerances
        /// Sessions replayed between two writes of verdicts.
        public var chunkSize: Int
        /// Sessions a worker reads with one query per table, then replays: enough to amortize the
        /// queries, few enough that a chunk still splits among the workers.
        public var sessionsPerRead: Int
        /// Whether the candidate's trace of each diverged session is stored in the archive as that
        /// engine's trace of the session (`reel replay --keep-traces`), so `reel accept` takes it
        /// instead of running the candidate again. Only with results in the recorded archive.
        public var keepsTraces: Bool
        /// Where the run runs (`replays.metadata_json`): CI variables, host and `--meta`; nil stores none.
        package var metadata: RunMetadata? = nil

        public init(
            jobs: Int = 1, shard: Shard? = nil, scenario: String? = nil, scenarios: [String]? = nil, sessionIDs: [Int64]? = nil,
            tolerances: Tolerances = .default, chunkSize: Int = 512, sessionsPerRead: Int = 64, keepsTraces: Bool = false
        ) {
            self.jobs = max(1, jobs)
            self.shard = shard
            self.scenarios = scenarios ?? scenario.map { [$0] }
            self.sessionIDs = sessionIDs
            self.tolerances = tolerances
            self.chunkSize = max(1, chunkSize)
            self.sessionsPerRead = max(1, sessionsPerRead)
            self.keepsTraces = keepsTraces
        }

        /// The sessions `scenarios`, `sessionIDs`, `tags` and `divergedIn` select.
        public var selection: ReplaySelection {
            ReplaySelection(sessionIDs: sessionIDs, scenarios: scenarios, tags: tags, divergedIn: divergedIn)
        }
    }

    /// What a replay found.
    public struct Summary: Sendable {
        public var replayID: Int64 = 0
        public var candidate: EngineIdentity?
        public var sessions = 0
        public var matched = 0
        public var diverged = 0
        public var errors = 0
        /// Divergences per kind, in `DivergenceKind` order, kinds with none left out.
        public var byKind: [(kind: DivergenceKind, count: Int)] = []
        /// The first `Replayer.findingsKept` diverging or failing sessions with their verdicts, in
        /// session order (the results tables hold all of them).
        public var findings: [(sessionID: Int64, comparison: SessionComparison)] = []
        /// The sessions that did not match, by status and set of divergence kinds (`VerdictGroup`):
        /// what the exit status and `--fail-on` count (`VerdictTally(groups:policy:)`), from the
        /// verdicts as this run made them, or from the stored rows for a summary read from them.
        package var verdictGroups: [VerdictGroup] = []
        /// The seconds `Replayer.run` took in this process (from opening the archive to finishing the
        /// replay); nil for a summary read from results.
        package var wallSeconds: Double?
    }

    /// A replay stopped by its `progress` callback between two chunks: replay `replayID` of the
    /// results archive holds the verdicts of `sessionsWritten` sessions and stays 'running'.
    public struct Stopped: ReelError {
        public let replayID: Int64
        public let sessionsWritten: Int
        public let cause: any Error

        /// The cause's kind (a library error's), else a bug's.
        public var failureKind: FailureKind { (cause as? any ReelError)?.failureKind ?? .internalError }
        public var description: String { "replay \(replayID) stopped after \(sessionsWritten) sessions: \(cause)" }
    }

    /// How many findings a summary keeps in memory.
    public static let findingsKept = 200

    private let sourcePath: String
    private let resultsPath: String?
    private let factory: EngineFactory
    private let options: Options

    public init(archivePath: String, resultsPath: String? = nil, engine: EngineFactory, options: Options) {
        sourcePath = archivePath
        self.resultsPath = resultsPath
        factory = engine
        self.options = options
    }

    /// Runs the replay. `progress(done, total)` is called after each chunk's verdicts are committed;
    /// when it throws, the replay stops there with a `Replayer.Stopped` (the replay stays 'running',
    /// to be continued with `resuming`).
    ///
    /// - Parameters:
    ///   - resumedID: a replay of the results archive that a killed run left at status 'running':
    ///     checked (`ResumedReplay`), then continued with the sessions of its selection that it has
    ///     no verdict on, and finished; the summary is then the whole replay's.
    ///   - progress: called with (sessions done, sessions in all) after each chunk's verdicts are
    ///     committed; throwing stops the replay there.
    ///   - note: told what a resume could not check but did not stop for (see `ResumedReplay`).
    public func run(
        resuming resumedID: Int64? = nil, progress: ((Int, Int) throws -> Void)? = nil, note: (String) -> Void = { _ in }
    ) throws -> Summary {
        if options.keepsTraces, let resultsPath, resultsPath != sourcePath {
            throw ReelFailure(
                .usage,
                "--keep-traces stores the candidate's traces beside the recorded sessions, so it needs the results in "
                    + "\(sourcePath), not in \(resultsPath) (leave out --results)")
        }
        if let resultsPath, resultsPath != sourcePath, SameFile.check(resultsPath, sourcePath) {
            throw ReelFailure(
                .usage,
                "--results \(resultsPath) is the archive \(sourcePath) itself (a link to the same file): leave out "
                    + "--results to store the verdicts in the archive, or name a file of their own")
        }
        let began = ContinuousClock.now
        let source = try Archive.open(sourcePath, mode: .readOnly)
        // A new replay's selection is checked before anything is written (a resume's is its replay's).
        let checked = resumedID == nil ? try options.selection.checkedScenarios(in: source) : nil
        let workers = try (0..<options.jobs).map { _ in
            try ReplayWorker(
                archivePath: sourcePath, engine: factory.make(), tolerances: options.tolerances, keepsTraces: options.keepsTraces)
        }
        let results = try ResultsArchive(sourcePath: sourcePath, resultsPath: resultsPath, mustExist: resumedID != nil)
        let resumed = try resumedID.map { id in
            try ResumedReplay(
                id, in: results.archive, engine: factory, options: options,
                current: (candidate(of: workers), candidateIsKnown(workers)), note: note)
        }
        let selection = resumed?.selection ?? options.selection
        // The ids are read a block at a time, never listed: memory does not grow with the selection.
        let sessions = SelectedSessions(
            archive: source, selection: selection, scenarios: try checked ?? selection.resolvedScenarios(in: source),
            shard: options.shard, judged: resumed?.judged)
        let census = try sessions.census(copyingHeadersInto: results.copiesHeaders ? results : nil)
        let selectionJSON = results.copiesHeaders ? options.selection.json(selected: census.digest) : options.selection.json
        var summary = Summary()
        var counts = [DivergenceKind: Int]()
        var groups = VerdictGroupCount()
        var begun: BegunReplay? = resumed.map { ($0.run.id, $0.candidate) }
        // Who the candidate is, as the results received so far tell it (workers keep running
        // while chunks are written, so their engines are not asked directly until the end).
        var answered = (identity: candidate(of: workers), isKnown: candidateIsKnown(workers))

        let pipeline = ReplayPipeline(workers: workers, chunkSize: options.chunkSize, sessionsPerRead: options.sessionsPerRead)
        let chunkSize = options.chunkSize
        try pipeline.run(
            nextChunk: { try sessions.nextChunk(chunkSize) },
            receive: { chunk, batches in
                if !answered.isKnown, let known = batches.first(where: \.candidateIsKnown) {
                    answered = (known.candidate, true)
                }
                if !answered.isKnown, let failure = batches.lazy.compactMap(\.engineStartupFailure).first {
                    throw engineNeverAnswered(failure)
                }
                let verdicts = batches.flatMap(\.verdicts)
                let kept = batches.flatMap(\.kept)
                // Stored with each verdict (`replay_results.engine_seconds`, JUnit's test case times).
                let seconds = batches.flatMap(\.seconds)
                let decisions = batches.flatMap(\.decisions)
                try resumed?.check(candidate: answered.identity, isKnown: answered.isKnown)
                // The candidate's identity is known for sure once it has answered (external engines).
                let run = try begun ?? beginReplay(results.archive, candidate: answered.identity, selectionJSON: selectionJSON)
                begun = run
                try results.archive.write {
                    for (index, (sessionID, verdict)) in zip(chunk, verdicts).enumerated() {
                        try results.archive.insertVerdict(
                            verdict, sessionID: sessionID, replayID: run.id, engineSeconds: index < seconds.count ? seconds[index] : nil)
                    }
                    try keep(kept, of: chunk, by: answered, replayID: run.id, in: results.archive)
                    try storeDecisions(decisions, of: chunk, by: answered, in: results.archive)
                }
                for (sessionID, verdict) in zip(chunk, verdicts) {
                    summary.sessions += 1
                    switch verdict.status {
                    case .matched: summary.matched += 1
                    case .diverged: summary.diverged += 1
                    case .error: summary.errors += 1
                    }
                    if verdict.status != .matched && summary.findings.count < Self.findingsKept {
                        summary.findings.append((sessionID, verdict))
                    }
                    for divergence in verdict.divergences { counts[divergence.kind, default: 0] += 1 }
                    groups.add(verdict)
                }
                do {
                    try progress?(summary.sessions, census.toReplay)
                } catch {
                    throw Stopped(replayID: run.id, sessionsWritten: summary.sessions, cause: error)
                }
            })
        let finalCandidate = candidate(of: workers)
        let run = try begun ?? beginReplay(results.archive, candidate: finalCandidate, selectionJSON: selectionJSON)
        // An external engine that failed on every session of the first chunk but answered later.
        let lateIdentity = run.candidate == finalCandidate || !candidateIsKnown(workers) ? nil : finalCandidate
        try results.archive.write {
            try results.archive.finishReplay(run.id, engineID: lateIdentity.map(results.archive.engineID(for:)))
        }
        if resumed != nil {
            var whole = try Summary(replayID: run.id, in: results.archive)
            whole.wallSeconds = (ContinuousClock.now - began).inSeconds
            return whole
        }
        summary.wallSeconds = (ContinuousClock.now - began).inSeconds
        summary.replayID = run.id
        summary.candidate = finalCandidate
        summary.byKind = DivergenceKind.allCases.compactMap { kind in counts[kind].map { (kind, $0) } }
        summary.verdictGroups = groups.groups
        return summary
    }

    /// The candidate's identity: the first one a worker's engine has vouched for, else the
    /// placeholder of an engine that never answered ("exec unknown").
    private func candidate(of workers: [ReplayWorker]) -> EngineIdentity {
        (workers.first(where: \.engineIdentityIsKnown) ?? workers[0]).engineIdentity
    }

    /// Whether a worker's engine has vouched for its identity (see `candidate(of:)`).
    private func candidateIsKnown(_ workers: [ReplayWorker]) -> Bool {
        workers.contains(where: \.engineIdentityIsKnown)
    }

    /// The replay's end when its engine failed `EngineFactory.startupAttempts` sessions in
    /// a row before answering any: exit 2, naming the command, its last error (with its stderr) and
    /// the folder a relative path in the command is taken from.
    private func engineNeverAnswered(_ lastError: String) -> ReelFailure {
        ReelFailure(
            .engineFailed,
            "the engine \(factory.spec) failed \(factory.startupAttempts) sessions in a row without answering "
                + "one, so the replay stopped and wrote no verdict. The last failure: \(lastError). The command runs "
                + "as /bin/sh -c COMMAND in the current folder (\(FileManager.default.currentDirectoryPath)): a relative path "
                + "in it is taken from there; give a path that exists from there, or an absolute one.")
    }

    /// A replays row written, and the candidate identity it names.
    private typealias BegunReplay = (id: Int64, candidate: EngineIdentity)

    /// - Parameter selectionJSON: `replays.selection_json`: the selection, and in a separate results
    ///   archive the count and digest of every session it selected.
    private func beginReplay(_ archive: Archive, candidate: EngineIdentity, selectionJSON: String) throws -> BegunReplay {
        let id = try archive.write {
            try archive.beginReplay(
                engineID: archive.engineID(for: candidate), candidate: factory.spec.description,
                tolerancesJSON: options.tolerances.json, shard: options.shard?.description,
                selectionJSON: selectionJSON, runner: ReplayRunner.current?.json, metadataJSON: options.metadata?.json)
        }
        return (id, candidate)
    }

    /// Stores the kept traces of a chunk's diverged sessions as the candidate's traces of them
    /// (`Options.keepsTraces`). A session the candidate already has a trace of keeps that one
    /// (`Archive.addTrace`); a trace without a final hierarchy is kept with JSON null as its hierarchy.
    private func keep(
        _ kept: [KeptTrace?], of chunk: ArraySlice<Int64>, by candidate: (identity: EngineIdentity, isKnown: Bool), replayID: Int64,
        in archive: Archive
    ) throws {
        guard candidate.isKnown, kept.contains(where: { $0 != nil }) else { return }
        let engineID = try archive.engineID(for: candidate.identity)
        for (sessionID, kept) in zip(chunk, kept) {
            guard var kept else { continue }
            if kept.trace.outcome.hierarchy.isEmpty { kept.trace.outcome.hierarchy = Outcome.noHierarchy }
            try archive.addTrace(
                kept.trace, sessionID: sessionID, engineID: engineID, replayID: replayID, input: (kept.refreshHz, kept.touches))
        }
    }

    /// Stores the candidate's completion decisions of a chunk's sessions (those its engine told),
    /// as `reel show` and the report explain them; nothing before the candidate has named itself.
    private func storeDecisions(
        _ decisions: [StoredDecision?], of chunk: ArraySlice<Int64>, by candidate: (identity: EngineIdentity, isKnown: Bool),
        in archive: Archive
    ) throws {
        guard candidate.isKnown, decisions.contains(where: { $0 != nil }) else { return }
        let engineID = try archive.engineID(for: candidate.identity)
        for (sessionID, decision) in zip(chunk, decisions) {
            guard let decision else { continue }
            try archive.insertDecision(decision, sessionID: sessionID, engineID: engineID)
        }
    }
}
