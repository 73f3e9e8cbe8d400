import Foundation
import ReelJSON
import ReelTrace

extension BenchRunner {
    /// The scene of the ReelKit examples that re-implements a catalog scenario, and that scenario.
    static let kitScenario = "modal.swipe-dismiss"

    /// ReelKit's speed against the built-in engine (docs/KIT.md, "Speed"): the same synthesized
    /// `modal.swipe-dismiss` sessions, recorded with the built-in engine, replayed at --jobs 1 and
    /// `--tolerance exact` by the built-in engine in process, by the ReelKit examples' executable
    /// over the engine protocol (`exec:`), and by the built-in engine over the protocol too
    /// (`exec:reel engine serve`), in turns, each keeping its best round. The goal: ReelKit at
    /// least half the built-in engine's sessions per second, protocol included.
    func kitFigures() throws {
        guard let kitEngine else {
            note("kit: no --kit-engine (tools/bench passes the release reelkit-examples): the ReelKit figures are left out")
            return
        }
        let sessions = sizes.kitSessions
        let corpus = "\(work)/kit.jsonl"
        let archive = "\(work)/kit.sqlite"
        note("kit: \(sessions) \(Self.kitScenario) sessions recorded with the built-in engine")
        _ = try reel(
            ["synth", "--scenario", Self.kitScenario, "--count", String(sessions), "--seed", "9", "-o", corpus], name: "synth-kit")
        _ = try reel(["record", archive, corpus, "--batch-size", String(Self.recordBatchSize)], name: "record-kit")
        try? FileManager.default.removeItem(atPath: corpus)

        let engines: [(name: String, engine: String?)] = [
            ("builtin", nil), ("kit", "exec:" + shellQuoted(kitEngine)),
            ("serve", "exec:" + shellQuoted(reel) + " engine serve"),
        ]
        var best: [String: KitReplay] = [:]
        for round in 1...Self.replayRounds {
            note("kit: round \(round) of \(Self.replayRounds): replay with the built-in engine, with \(kitEngine), with reel engine serve")
            for (name, engine) in engines {
                let run = try kitReplay(archive, engine: engine, name: "kit-\(name)-\(round)")
                if best[name].map({ run.run.seconds < $0.run.seconds }) ?? true { best[name] = run }
            }
        }
        let builtin = best["builtin"]!
        let kit = best["kit"]!
        let serve = best["serve"]!
        let count = KitReplay.whole(sessions)
        add(
            BenchFigure(
                id: "kit.builtin_sessions_per_s",
                label: "kit: replay \(count) \(Self.kitScenario), built-in engine in process (\(kit.matchedText(of: builtin)))",
                value: builtin.rate, unit: "sessions/s"))
        add(
            BenchFigure(
                id: "kit.sessions_per_s",
                label: "kit: the same, ReelKit example over the protocol (\(kit.matchedText(of: kit)))",
                value: kit.rate, unit: "sessions/s", goal: .ratioAtLeast(0.5, of: "built-in"), ratio: kit.rate / builtin.rate))
        add(
            BenchFigure(
                id: "kit.serve_sessions_per_s",
                label: "kit: the same, built-in engine over the protocol (reel engine serve; \(serve.matchedText(of: serve)))",
                value: serve.rate, unit: "sessions/s", ratio: serve.rate / builtin.rate))
        add(
            BenchFigure(
                id: "kit.vs_serve", label: "kit: ReelKit against the built-in engine, both over the protocol", value: kit.rate,
                unit: "sessions/s", ratio: kit.rate / serve.rate))
        // CPU time of reel and its engine process together (wait4 counts the engine, which reel waits
        // for): what a loaded machine's scheduling moves least.
        add(
            BenchFigure(
                id: "kit.sessions_per_cpu_s",
                label:
                    "kit: ReelKit per CPU second (reel and engine), against reel engine serve's (built-in in process: "
                    + "\(BenchFigure.format(builtin.cpuRate)))",
                value: kit.cpuRate, unit: "sessions/CPU s", ratio: kit.cpuRate / serve.cpuRate))
        removeArchive(archive)
    }

    /// One timed replay of the kit archive: its process and what it reported.
    struct KitReplay {
        var run: MeasuredProcess
        var sessions: Int
        var matched: Int

        var rate: Double { Double(sessions) / run.seconds }
        var cpuRate: Double { Double(sessions) / run.cpuSeconds }

        /// "2,000 of 2,000 matched" (the built-in engine replaying its own recording, or a candidate).
        func matchedText(of replay: KitReplay) -> String {
            "\(Self.whole(replay.matched)) of \(Self.whole(replay.sessions)) matched"
        }

        /// A count as people read it: "60", "2,000".
        static func whole(_ count: Int) -> String { count >= 1000 ? BenchFigure.format(Double(count)) : String(count) }
    }

    /// `reel replay ARCHIVE [--engine ENGINE] --jobs 1 --tolerance exact --no-keep-traces`: a
    /// divergence (exit 1) is reported in the figure's label rather than stopping the bench.
    private func kitReplay(_ archive: String, engine: String?, name: String) throws -> KitReplay {
        let run = try reel(
            ["replay", archive] + (engine.map { ["--engine", $0] } ?? [])
                + ["--jobs", "1", "--tolerance", "exact", "--no-keep-traces", "--format", "json"],
            name: name, acceptedStatuses: [0, 1])
        let summary = try JSONParser.parse(run.output)
        guard case .number(let sessions)? = summary["sessions"], case .number(let matched)? = summary["matched"] else {
            throw ReelFailure(.internalError, "reel replay printed no summary: \(run.output.prefix(300))")
        }
        return KitReplay(run: run, sessions: Int(sessions), matched: Int(matched))
    }

    /// `text` quoted for /bin/sh (the `exec:` command line).
    private func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
