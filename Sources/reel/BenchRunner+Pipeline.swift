import Foundation
import ReelEngine
import ReelReplay
import ReelStore

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
        add(BenchFigure(id: "record.sessions_per_s", label: "record: \(sessions) sessions end to end", value: Double(large.sessions) / large.run.seconds, unit: "sessions/s"))
        add(BenchFigure(id: "store.insert_recorded", label: "store: raw insert of the same rows", value: raw.frameViewRowsPerSecond, unit: "rows/s"))
        add(BenchFigure(
            id: "record.rows_per_s", label: "record: frame-view rows", value: recordRate, unit: "rows/s",
            goal: .ratioAtLeast(0.7, of: "raw insert"), ratio: recordRate / raw.frameViewRowsPerSecond))
        add(memoryFigure(id: "record.peak_memory", label: "record", small: small.run, large: large.run, largeSessions: large.sessions))
        add(BenchFigure(
            id: "archive.bytes_per_row", label: "archive: frame_views bytes per row (recorded corpus)",
            value: try StoreBenchmark.frameViewBytesPerRow(path: large.path), unit: "B/row", goal: .atMost(80)))
        add(BenchFigure(
            id: "archive.file_bytes_per_row", label: "archive: whole file per frame-view row (all tables)",
            value: Double(archiveFileSize(large.path)) / Double(large.frameViews), unit: "B/row"))

        // Scan, --jobs 1 and --jobs 2 take turns, and each keeps its best round: one pass of each
        // moved by up to 2x on this shared machine (see docs/PERFORMANCE.md).
        let rounds = try (1...Self.replayRounds).map { round in
            note("round \(round) of \(Self.replayRounds): scan of \(sessions) sessions (Archive.forEachFrame), replay at --jobs 1, at --jobs 2")
            return (
                scan: try self.scanRate(large.path), one: try replay(large.path, jobs: 1, name: "replay-large-1-\(round)"),
                two: try replay(large.path, jobs: 2, name: "replay-large-2-\(round)"))
        }
        let bestScanRate = rounds.map(\.scan).max()!
        let one = rounds.map(\.one).min { $0.seconds < $1.seconds }!
        let two = rounds.map(\.two).min { $0.seconds < $1.seconds }!
        add(BenchFigure(id: "scan.rows_per_s", label: "scan: frames with the store's reader (best of \(Self.replayRounds))", value: bestScanRate, unit: "rows/s"))

        note("replay: \(BenchFigure.format(Double(small.sessions))) sessions at --jobs 1 (memory)")
        let smallOne = try replay(small.path, jobs: 1, name: "replay-small-1")
        let oneRate = Double(large.frameViews) / one.seconds
        let twoRate = Double(large.frameViews) / two.seconds
        add(BenchFigure(id: "replay.sessions_per_s", label: "replay --jobs 1: \(sessions) sessions (best of \(Self.replayRounds))", value: Double(large.sessions) / one.seconds, unit: "sessions/s"))
        add(BenchFigure(
            id: "replay.rows_per_s", label: "replay --jobs 1: frame-view rows verified (best of \(Self.replayRounds))", value: oneRate, unit: "rows/s",
            goal: .ratioAtLeast(0.5, of: "scan"), ratio: oneRate / bestScanRate))
        add(BenchFigure(
            id: "replay.jobs2_rows_per_s", label: "replay --jobs 2: frame-view rows verified (best of \(Self.replayRounds))", value: twoRate, unit: "rows/s",
            goal: .ratioAtLeast(1.6, of: "--jobs 1"), ratio: twoRate / oneRate))
        add(memoryFigure(id: "replay.peak_memory", label: "replay --jobs 1", small: smallOne, large: one, largeSessions: large.sessions))

        note("replay against the demo's candidate profile at --jobs 2, then queries on the \(sessions)-session archive")
        let candidate = "\(work)/candidate.json"
        try Data(DemoCommand.candidateProfile.utf8).write(to: URL(fileURLWithPath: candidate))
        _ = try reel(
            ["replay", large.path, "--engine", candidate, "--jobs", "2", "--format", "json"], name: "replay-large-candidate",
            acceptedStatuses: [0, 1])
        // Every round replayed twice, plus the candidate replay.
        let replaysBeforeQueries = 2 * Self.replayRounds + 1
        for query in ["regressions", "decision-changes-by-scenario", "divergence-by-view", "near-boundary"] {
            add(BenchFigure(
                id: "query.\(query)", label: "query: --saved \(query) (\(sessions) sessions, \(replaysBeforeQueries) replays)",
                value: try queryMilliseconds(EmbeddedQuery.named(query)!.sql, path: large.path), unit: "ms"))
        }
        for (id, sql) in [("divergence_summary", "SELECT * FROM divergence_summary")] {
            add(BenchFigure(
                id: "query.\(id)", label: "query: \(id) view (\(sessions) sessions, \(replaysBeforeQueries) replays)",
                value: try queryMilliseconds(sql, path: large.path), unit: "ms"))
        }
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
    private func scanRate(_ path: String) throws -> Double {
        let archive = try Archive.open(path, mode: .readOnly)
        var rows = 0
        let start = monotonicSeconds()
        try archive.forEachFrame(sessionID: nil) { _, frame in rows += frame.views.count }
        return Double(rows) / (monotonicSeconds() - start)
    }

    /// The best of three runs of `sql` to its last row, in milliseconds.
    private func queryMilliseconds(_ sql: String, path: String) throws -> Double {
        let archive = try Archive.open(path, mode: .readOnly)
        var best = Double.infinity
        for _ in 0..<3 {
            let start = monotonicSeconds()
            let statement = try archive.database.prepare(sql)
            while try statement.step() {}
            best = min(best, monotonicSeconds() - start)
        }
        return best * 1000
    }

    /// Peak memory at the large size, with its ratio to the small size.
    private func memoryFigure(id: String, label: String, small: MeasuredProcess, large: MeasuredProcess, largeSessions: Int) -> BenchFigure {
        BenchFigure(
            id: id, label: "\(label): peak memory at \(BenchFigure.format(Double(largeSessions))) sessions (vs \(sizes.smallSessions))",
            value: megabytes(large.peakResidentBytes), unit: "MB", goal: .flat(Self.flatMemoryRatio),
            ratio: Double(large.peakResidentBytes) / Double(max(small.peakResidentBytes, 1)))
    }
}
