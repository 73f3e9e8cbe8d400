import ArgumentParser
import Foundation
import ReelEngine
import ReelFormats
import ReelRunner
import ReelStore
import ReelSynth
import ReelTrace

/// `reel demo`: the whole loop on a synthesized corpus, with the built-in engine against a
/// candidate profile that changes a few parameters.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Synthesize a corpus across the catalog, record it, replay it against a candidate profile, show what diverged.")

    @Option(help: "Folder for the demo's files (archive, corpus, candidate profile, saved queries as SQL); replaced on each run.")
    var directory = "reel-demo"

    @Option(help: "Sessions per interactive scenario (tap-driven scenarios get a tenth).")
    var count = 200

    @Option(help: "Seed of the synthesized corpus.")
    var seed: UInt64 = 2026

    /// The shipped candidate: a tuned back-swipe, a lower swipe-dismiss threshold, a quicker sheet.
    static let candidateProfile = """
        {
          "name": "candidate",
          "description": "A tuned build: back-swipe pops earlier, swipe-dismiss finishes earlier, sheets leave faster.",
          "parameters": {
            "backswipe.threshold_width": 150,
            "swipe.threshold": 0.45,
            "sheetdrag.threshold": 0.45,
            "sheet.dismiss_duration": 0.35
          }
        }

        """

    func validate() throws {
        guard (1...100_000).contains(count) else { throw ValidationError("--count must be within 1-100000") }
    }

    func run() throws {
        try reportingErrors {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), !isFolder.boolValue {
                throw ReelFailure(.usage, "\(directory): not a folder; --directory takes a folder (created when missing)")
            }
            let folder = URL(fileURLWithPath: directory)
            let archivePath = folder.appendingPathComponent("demo.sqlite").path
            let corpusPath = folder.appendingPathComponent("corpus.jsonl").path
            let profilePath = folder.appendingPathComponent("candidate.json").path
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: archivePath + suffix) }
            try Data(Self.candidateProfile.utf8).write(to: URL(fileURLWithPath: profilePath))
            let queriesPath = folder.appendingPathComponent("queries").path
            try writeSavedQueries(to: queriesPath)

            let started = Date()
            let sink = try OutputFile(path: corpusPath, force: true)
            var sessions = 0
            for (offset, spec) in ScenarioCatalog.all.enumerated() {
                let perScenario = spec.trigger.kind == .tap ? max(1, count / 10) : count
                for (hz, share) in [(60.0, 0), (120.0, 1)] {
                    let synthesizer = GestureSynthesizer(
                        scenario: spec, device: .phone, refreshHz: hz, seed: seed &+ UInt64(2 * offset + share))
                    for index in 0..<(perScenario / 2 + (share == 0 ? perScenario % 2 : 0)) {
                        try sink.write(GestureStreamWriter.encode(synthesizer.session(index: index)))
                        sessions += 1
                    }
                }
            }
            try sink.close()
            print("1. synthesized \(sessions) sessions across \(ScenarioCatalog.all.count) scenarios -> \(corpusPath)")

            let archive = try Archive.open(archivePath, mode: .readWrite)
            let recorder = Recorder(archive: archive, engine: BuiltinEngine())
            try recorder.record(try GestureStreamReader(path: corpusPath))
            let r = recorder.summary
            print(
                "2. recorded with \(Engine.name) \(Engine.version): \(r.recorded) sessions (\(r.finished) finished, \(r.cancelled) cancelled), \(r.frames) frames -> \(archivePath)"
            )

            let replayer = Replayer(
                archivePath: archivePath, engine: try EngineFactory(.profile(path: profilePath)),
                // The diverged sessions' candidate traces are kept, as `reel replay` keeps them, so
                // `reel review` and `reel accept` take them without running the candidate again.
                options: Replayer.Options(jobs: ProcessInfo.processInfo.activeProcessorCount, keepsTraces: true))
            let summary = try replayer.run()
            print("3. replayed against \(profilePath) (\(Self.changedParameters)):")
            let results = try Archive.open(archivePath, mode: .readOnly)
            let tally = VerdictTally(groups: summary.verdictGroups, policy: .everyKind)
            // Every flipped scenario with its count and first sessions, then the other divergences counted.
            let others = try ReplayFindingLines.render(
                replayID: summary.replayID, in: results, archivePath: archivePath, verbose: false
            ).filter { $0.contains("diverged or failed session") }
            let lines = try DemoFlipList.lines(replayID: summary.replayID, in: results, archivePath: archivePath) + others
            print(
                ReplayReport.text(summary, tally: tally, findingLines: lines).split(separator: "\n").map { "   " + $0 }.joined(
                    separator: "\n"))
            print(String(format: "   (%.1f s in all)", Date().timeIntervalSince(started)))
            let firstSession = summary.findings.first.map { String($0.sessionID) } ?? "1"
            let reportPath = folder.appendingPathComponent("report.html").path
            print(
                """

                Next:
                  reel query \(archivePath) --list
                  reel query \(archivePath) --saved regressions
                  reel query \(archivePath) --saved decision-changes-by-scenario --param replay=\(summary.replayID)
                  reel show \(archivePath) \(firstSession)
                  reel review \(archivePath) --interactive
                  reel report \(archivePath) -o \(reportPath)
                  sqlite3 -header -column \(archivePath) < \(queriesPath)/near-boundary.sql   # any SQLite client
                """)
        }
    }

    /// The saved queries as SQL files (NAME.sql), so any SQLite client can run them from anywhere.
    private func writeSavedQueries(to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for query in EmbeddedQuery.all {
            try Data(query.sql.utf8).write(to: URL(fileURLWithPath: folder + "/" + query.name + ".sql"))
        }
    }

    private static var changedParameters: String {
        "backswipe.threshold_width 187.5 -> 150, swipe.threshold 0.5 -> 0.45, sheetdrag.threshold 0.4 -> 0.45, sheet.dismiss_duration 0.4 -> 0.35"
    }
}
