import Foundation
import ReelEngine

extension BenchRunner {
    /// Issue 37, engines over the protocol: the same recorded corpus replayed at `--jobs 1` with the
    /// built-in engine and with `exec:reel engine serve` (the built-in engine behind the engine
    /// protocol), in sessions per CPU-second. The CPU time is the kernel's for the replay process
    /// and the engine process it started and reaped (`wait4`'s usage counts waited-for
    /// descendants), so the exec figure pays for encoding the answers, the pipes and decoding them.
    /// Both take turns for `replayRounds` rounds and keep their least CPU time.
    func execEngineFigures() throws {
        // A fifth of the small corpus: 2,000 sessions in the full bench, 40 in the quick one.
        let sessions = max(40, sizes.smallSessions / 5)
        let scenarios = ScenarioCatalog.all.count
        let perScenario = max(1, sessions / scenarios)
        let corpus = "\(work)/exec-engine.jsonl"
        let archive = "\(work)/exec-engine.sqlite"
        note("exec engine: \(perScenario) sessions of each of \(scenarios) scenarios, replayed by builtin and by exec:reel engine serve")
        _ = try reel(
            ["synth", "--scenario", "all", "--count", String(perScenario), "--seed", "1", "-o", corpus], name: "synth-exec-engine")
        _ = try reel(["record", archive, corpus, "--batch-size", String(Self.recordBatchSize)], name: "record-exec-engine")
        try? FileManager.default.removeItem(atPath: corpus)
        let replayed = perScenario * scenarios
        // The path is quoted for the shell that runs the command (`/bin/sh -c`).
        let serve = "exec:exec '\(reel.replacingOccurrences(of: "'", with: "'\\''"))' engine serve"
        var builtin: MeasuredProcess?
        var exec: MeasuredProcess?
        for round in 1...Self.replayRounds {
            let one = try reel(
                ["replay", archive, "--jobs", "1", "--results", "\(work)/exec-builtin-\(round).sqlite", "--format", "json"],
                name: "replay-builtin-\(round)")
            let two = try reel(
                [
                    "replay", archive, "--jobs", "1", "--engine", serve, "--results", "\(work)/exec-serve-\(round).sqlite", "--format",
                    "json",
                ],
                name: "replay-exec-serve-\(round)")
            removeArchive("\(work)/exec-builtin-\(round).sqlite")
            removeArchive("\(work)/exec-serve-\(round).sqlite")
            if builtin.map({ one.cpuSeconds < $0.cpuSeconds }) ?? true { builtin = one }
            if exec.map({ two.cpuSeconds < $0.cpuSeconds }) ?? true { exec = two }
        }
        removeArchive(archive)
        guard let builtin, let exec else { return }
        let builtinRate = Double(replayed) / builtin.cpuSeconds
        let execRate = Double(replayed) / exec.cpuSeconds
        add(
            BenchFigure(
                id: "exec.builtin_sessions_per_cpu_s",
                label: "replay --jobs 1, builtin: \(replayed) sessions per CPU-second (least CPU of \(Self.replayRounds))",
                value: builtinRate, unit: "sessions/CPU-s"))
        add(
            BenchFigure(
                id: "exec.serve_sessions_per_cpu_s",
                label:
                    "replay --jobs 1, exec:reel engine serve: sessions per CPU-second, both processes (wall \(BenchFigure.format(exec.seconds)) s vs \(BenchFigure.format(builtin.seconds)) s)",
                value: execRate, unit: "sessions/CPU-s", goal: .ratioAtLeast(0.7, of: "builtin"), ratio: execRate / builtinRate))
    }
}
