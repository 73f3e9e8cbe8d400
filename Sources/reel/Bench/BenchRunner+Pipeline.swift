import Foundation
import ReelEngine
import ReelJSON
import ReelStore
import ReelTrace

extension BenchRunner {
    /// A synthesized corpus recorded with `reel record` (time, rows, peak memory), the store's raw
    /// insert of the same rows, a plain scan of the frames, `reel replay` at --jobs 1 and 2, and the
    /// shipped queries on the result; at two corpus sizes for the memory figures.
    func pipelineFigures() throws {
        let small = try recordCorpus(sessions: sizes.smallSessions, name: "small")
        let large = try recordCorpus(sessions: sizes.largeSessions, name: "large")
        let sessions = BenchFigure.format(Double(large.sessions))

        note("store: raw insert of the \(sessions) recorded sessions")
        var rewrite = StoreBenchmark()
        rewrite.sessionsPerTransaction = Self.recordBatchSize
        let raw = try rewrite.rewrite(from: large.path, into: "\(work)/rewrite.sqlite")
        removeArchive("\(work)/rewrite.sqlite")
        let recordRate = Double(large.frameViews) / large.run.seconds
        add(
            BenchFigure(
                id: "record.sessions_per_s", label: "record: \(sessions) sessions end to end",
                value: Double(large.sessions) / large.run.seconds, unit: "sessions/s"))
        add(
            BenchFigure(
                id: "store.insert_recorded", label: "store: raw insert of the same rows", value: raw.frameViewRowsPerSecond, unit: "rows/s")
        )
        add(
            BenchFigure(
                id: "record.rows_per_s", label: "record: frame-view rows", value: recordRate, unit: "rows/s",
                goal: .ratioAtLeast(0.7, of: "raw insert"), ratio: recordRate / raw.frameViewRowsPerSecond))
        if let cRates {
            add(
                BenchFigure(
                    id: "record.rows_per_s_vs_c", label: "record: frame-view rows, against the C loop", value: recordRate, unit: "rows/s",
                    goal: .ratioAtLeast(0.6, of: "C loop"), ratio: recordRate / cRates.insert))
        }
        add(memoryFigure(id: "record.peak_memory", label: "record", small: small.run, large: large.run, largeSessions: large.sessions))
        add(
            BenchFigure(
                id: "archive.bytes_per_row", label: "archive: frame_views bytes per row (recorded corpus)",
                value: try StoreBenchmark.frameViewBytesPerRow(path: large.path), unit: "B/row", goal: .atMost(80)))
        add(
            BenchFigure(
                id: "archive.file_bytes_per_row", label: "archive: whole file per frame-view row (all tables)",
                value: Double(archiveFileSize(large.path)) / Double(large.frameViews), unit: "B/row"))

        // Scan, --jobs 1 and --jobs 2 take turns, and each keeps its best round: one pass of each
        // moved by up to 2x on this shared machine (see docs/PERFORMANCE.md).
        let rounds = try (1...Self.replayRounds).map { round in
            note(
                "round \(round) of \(Self.replayRounds): scan of \(sessions) sessions (Archive.forEachFrame), replay at --jobs 1, at --jobs 2"
            )
            return (
                scan: try self.scanRate(large.path), one: try replay(large.path, jobs: 1, name: "replay-large-1-\(round)"),
                two: try replay(large.path, jobs: 2, name: "replay-large-2-\(round)")
            )
        }
        let bestScanRate = rounds.map(\.scan).max()!
        let one = rounds.map(\.one).min { $0.seconds < $1.seconds }!
        let two = rounds.map(\.two).min { $0.seconds < $1.seconds }!
        add(
            BenchFigure(
                id: "scan.rows_per_s", label: "scan: frames with the store's reader (best of \(Self.replayRounds))", value: bestScanRate,
                unit: "rows/s"))

        note("replay: \(BenchFigure.format(Double(small.sessions))) sessions at --jobs 1 (memory)")
        let smallOne = try replay(small.path, jobs: 1, name: "replay-small-1")
        let oneRate = Double(large.frameViews) / one.seconds
        let twoRate = Double(large.frameViews) / two.seconds
        add(
            BenchFigure(
                id: "replay.sessions_per_s", label: "replay --jobs 1: \(sessions) sessions (best of \(Self.replayRounds))",
                value: Double(large.sessions) / one.seconds, unit: "sessions/s"))
        add(
            BenchFigure(
                id: "replay.rows_per_s", label: "replay --jobs 1: frame-view rows verified (best of \(Self.replayRounds))", value: oneRate,
                unit: "rows/s",
                goal: .ratioAtLeast(0.5, of: "scan"), ratio: oneRate / bestScanRate))
        if let cRates {
            add(
                BenchFigure(
                    id: "replay.rows_per_s_vs_c", label: "replay --jobs 1: frame-view rows verified, against the C scan", value: oneRate,
                    unit: "rows/s", goal: .ratioAtLeast(0.5, of: "C scan"), ratio: oneRate / cRates.scan))
        }
        add(
            BenchFigure(
                id: "replay.jobs2_rows_per_s", label: "replay --jobs 2: frame-view rows verified (best of \(Self.replayRounds))",
                value: twoRate, unit: "rows/s",
                goal: .ratioAtLeast(1.6, of: "--jobs 1"), ratio: twoRate / oneRate))
        // What the machine gave the two runs: --jobs 2 can only reach 1.6x when its threads get
        // more than one core between them (a shared machine's other load takes them).
        add(
            BenchFigure(
                id: "replay.jobs2_cores_used",
                label:
                    "replay --jobs 2: CPU time over wall time (cores it got; --jobs 1 got \(BenchFigure.format(one.cpuSeconds / one.seconds)))",
                value: two.cpuSeconds / two.seconds, unit: "cores"))
        add(
            BenchFigure(
                id: "replay.jobs2_cpu_vs_jobs1", label: "replay --jobs 2: CPU time, against --jobs 1 (work added by the second job)",
                value: two.cpuSeconds, unit: "s", ratio: two.cpuSeconds / one.cpuSeconds))
        add(memoryFigure(id: "replay.peak_memory", label: "replay --jobs 1", small: smallOne, large: one, largeSessions: large.sessions))

        try viewFigures(large.path, frameViews: large.frameViews)

        note("replay against the demo's candidate profile at --jobs 1, then queries on the \(sessions)-session archive")
        let candidate = "\(work)/candidate.json"
        try Data(DemoCommand.candidateProfile.utf8).write(to: URL(fileURLWithPath: candidate))
        let candidateRun = try reel(
            ["replay", large.path, "--engine", candidate, "--jobs", "1", "--no-keep-traces", "--format", "json"],
            name: "replay-large-candidate",
            acceptedStatuses: [0, 1])
        // Every round replayed twice, plus the candidate replay.
        let replaysBeforeQueries = 2 * Self.replayRounds + 1
        for query in ["regressions", "decision-changes-by-scenario", "divergence-by-view", "near-boundary"] {
            add(
                BenchFigure(
                    id: "query.\(query)", label: "query: --saved \(query) (\(sessions) sessions, \(replaysBeforeQueries) replays)",
                    value: try queryMilliseconds(path: large.path) { try $0.countRows(of: EmbeddedQuery.named(query)!) }, unit: "ms"))
        }
        for view in ["divergence_summary"] {
            add(
                BenchFigure(
                    id: "query.\(view)", label: "query: \(view) view (\(sessions) sessions, \(replaysBeforeQueries) replays)",
                    value: try queryMilliseconds(path: large.path) { try $0.countRows(ofView: view) }, unit: "ms"))
        }
        try acceptFigure(large.path, candidate: candidate, candidateReplay: candidateRun, replayID: Int64(replaysBeforeQueries))
        try popSessionBytes(sessions: sizes.smallSessions)
    }

    /// `reel accept` of the candidate replay (run with `--no-keep-traces`, so the candidate runs again
    /// on every diverged session), in sessions per second, against the rate of that replay at --jobs 1 over all sessions.
    /// Then a replay that keeps its candidate's traces (engine 0.3's decisions, `--keep-traces`),
    /// against the same rate, and the accept of it, which takes the kept traces.
    private func acceptFigure(_ path: String, candidate: String, candidateReplay: MeasuredProcess, replayID: Int64) throws {
        let judged = try Archive.open(path, mode: .readOnly).replayResults(replayID: replayID)
        let diverged = judged.filter { $0.status == .diverged }.count
        guard diverged > 0 else { return }
        note("accept: the \(diverged) diverged sessions of replay \(replayID)")
        // The candidate profile is named again: accept never reads a file because an archive names it.
        let run = try reel(["accept", path, "--replay", String(replayID), "--engine", candidate], name: "accept-large")
        let acceptRate = Double(diverged) / run.seconds
        let replayRate = Double(judged.count) / candidateReplay.seconds
        add(
            BenchFigure(
                id: "accept.sessions_per_s", label: "accept: \(BenchFigure.format(Double(diverged))) sessions", value: acceptRate,
                unit: "sessions/s", goal: .ratioAtLeast(1, of: "replay --jobs 1"), ratio: acceptRate / replayRate))

        note("replay --keep-traces on legacy-0.3 at --jobs 1, then accept of it")
        let keeping = try reel(
            ["replay", path, "--engine", "legacy-0.3", "--jobs", "1", "--keep-traces", "--format", "json"], name: "replay-large-keep",
            acceptedStatuses: [0, 1])
        let keptJudged = try Archive.open(path, mode: .readOnly).replayResults(replayID: replayID + 1)
        let kept = keptJudged.filter { $0.status == .diverged }.count
        let keepingRate = Double(keptJudged.count) / keeping.seconds
        add(
            BenchFigure(
                id: "replay.keep_traces_sessions_per_s",
                label: "replay --keep-traces --jobs 1: \(BenchFigure.format(Double(kept))) traces kept", value: keepingRate,
                unit: "sessions/s", ratio: keepingRate / replayRate))
        guard kept > 0 else { return }
        let keptRun = try reel(["accept", path, "--replay", String(replayID + 1)], name: "accept-large-kept")
        let keptRate = Double(kept) / keptRun.seconds
        add(
            BenchFigure(
                id: "accept.kept_sessions_per_s", label: "accept of kept traces: \(BenchFigure.format(Double(kept))) sessions",
                value: keptRate, unit: "sessions/s", goal: .ratioAtLeast(1, of: "replay --jobs 1"), ratio: keptRate / replayRate))
    }

    /// The views that expand frames: one session's rows, and all of them, against the C scan.
    private func viewFigures(_ path: String, frameViews: Int) throws {
        note("views: frame_views and touches by session, and full scans")
        let archive = try Archive.open(path, mode: .readOnly)
        let ids = try archive.sessionIDs()
        let sample = stride(from: 0, to: ids.count, by: max(1, ids.count / 200)).map { ids[$0] }
        // frame_views has a goal (issue 22); touches expands the packed touches (schema v6), measured.
        for (view, goals) in [("frame_views", true), ("touches", false)] {
            let start = monotonicSeconds()
            _ = try archive.countRows(ofView: view, sessionIDs: sample)
            let perSession = (monotonicSeconds() - start) / Double(sample.count) * 1000
            add(
                BenchFigure(
                    id: "view.\(view)_by_session", label: "view: SELECT * FROM \(view) WHERE session_id = ? (\(sample.count) sessions)",
                    value: perSession, unit: "ms", goal: goals ? .below(1) : .none))
            let scanStart = monotonicSeconds()
            let rows = try archive.countRows(ofView: view)
            let rate = Double(rows) / (monotonicSeconds() - scanStart)
            add(
                BenchFigure(
                    id: "view.\(view)_scan", label: "view: SELECT * FROM \(view), every row", value: rate, unit: "rows/s",
                    goal: cRates == nil || !goals ? .none : .ratioAtLeast(0.3, of: "C scan"), ratio: cRates.map { rate / $0.scan }))
        }
    }

    /// Bytes per nav.interactive-pop session of an archive of only those, after a checkpoint.
    private func popSessionBytes(sessions: Int) throws {
        let corpus = "\(work)/pop.jsonl"
        let path = "\(work)/pop.sqlite"
        note("archive: \(sessions) nav.interactive-pop sessions")
        _ = try reel(
            ["synth", "--scenario", "nav.interactive-pop", "--count", String(sessions), "--seed", "1", "-o", corpus], name: "synth-pop")
        _ = try reel(["record", path, corpus, "--batch-size", String(Self.recordBatchSize)], name: "record-pop")
        try? FileManager.default.removeItem(atPath: corpus)
        try Archive.open(path, mode: .readWrite).foldWriteAheadLog()
        add(
            BenchFigure(
                id: "archive.bytes_per_pop_session", label: "archive: bytes per nav.interactive-pop session (checkpointed)",
                value: Double(archiveFileSize(path)) / Double(sessions), unit: "B", goal: .atMost(6000)))
        removeArchive(path)
    }

    /// A recorded corpus: its archive and what `reel record` reported.
    struct RecordedCorpus {
        var path: String
        var sessions: Int
        var frameViews: Int
        var run: MeasuredProcess
    }

    /// `reel synth --scenario all` (as many sessions per scenario as it takes to reach `sessions`,
    /// seed 1), then a timed `reel record` of it into a new archive.
    private func recordCorpus(sessions: Int, name: String) throws -> RecordedCorpus {
        let scenarios = ScenarioCatalog.all.count
        let perScenario = (sessions + scenarios - 1) / scenarios
        let corpus = "\(work)/\(name).jsonl"
        let archive = "\(work)/\(name).sqlite"
        note("synth + record: \(perScenario) sessions of each of \(scenarios) scenarios")
        _ = try reel(["synth", "--scenario", "all", "--count", String(perScenario), "--seed", "1", "-o", corpus], name: "synth-\(name)")
        let run = try reel(
            ["record", archive, corpus, "--batch-size", String(Self.recordBatchSize), "--format", "json"], name: "record-\(name)")
        try? FileManager.default.removeItem(atPath: corpus)
        let summary = try JSONParser.parse(run.output)
        guard case .number(let recorded)? = summary["recorded"], case .number(let frameViews)? = summary["frame_views"] else {
            throw ReelFailure(.internalError, "reel record printed no summary: \(run.output)")
        }
        return RecordedCorpus(path: archive, sessions: Int(recorded), frameViews: Int(frameViews), run: run)
    }

    /// Rounds of scan, replay --jobs 1 and --jobs 2.
    static let replayRounds = 3

    /// A timed `reel replay` with the recording engine; it must find nothing.
    private func replay(_ archive: String, jobs: Int, name: String) throws -> MeasuredProcess {
        try reel(["replay", archive, "--jobs", String(jobs), "--format", "json"], name: name)
    }

    /// Frame-view rows per second of `Archive.forEachFrame` over the whole archive.
    func scanRate(_ path: String) throws -> Double {
        let archive = try Archive.open(path, mode: .readOnly)
        var rows = 0
        let start = monotonicSeconds()
        try archive.forEachFrame(sessionID: nil) { _, frame in rows += frame.views.count }
        return Double(rows) / (monotonicSeconds() - start)
    }

    /// The best of three runs of `read` (a query run to its last row) on the archive at `path`, in milliseconds.
    private func queryMilliseconds(path: String, _ read: (Archive) throws -> Int) throws -> Double {
        let archive = try Archive.open(path, mode: .readOnly)
        var best = Double.infinity
        for _ in 0..<3 {
            let start = monotonicSeconds()
            _ = try read(archive)
            best = min(best, monotonicSeconds() - start)
        }
        return best * 1000
    }

    /// Peak memory at the large size, with its ratio to the small size.
    private func memoryFigure(id: String, label: String, small: MeasuredProcess, large: MeasuredProcess, largeSessions: Int) -> BenchFigure
    {
        BenchFigure(
            id: id, label: "\(label): peak memory at \(BenchFigure.format(Double(largeSessions))) sessions (vs \(sizes.smallSessions))",
            value: megabytes(large.peakResidentBytes), unit: "MB", goal: .flat(Self.flatMemoryRatio),
            ratio: Double(large.peakResidentBytes) / Double(max(small.peakResidentBytes, 1)))
    }
}
