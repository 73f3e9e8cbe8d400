import ArgumentParser
import Foundation
import ReelReplay
import ReelStore

/// `reel replay ARCHIVE`: re-runs recorded sessions on a candidate engine and flags divergence.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run archived sessions on an engine and flag where decisions, lifecycle or frames diverge.",
        discussion: """
            Results go to the replays, replay_results and divergences tables of the archive (or of \
            --results); query them with `reel query` or any SQLite client (views regressions and \
            divergence_summary). Exit codes: 0 nothing diverged, 1 divergences found, 2 engine errors \
            on some sessions, 64 usage, 65 bad archive or profile, 66 missing file. An external \
            engine gets --timeout seconds per session; past it the engine is killed, the session is an \
            error and the next session starts a new engine process. A replay killed half-way (its \
            replays row still says running) continues with --resume ID and the same options: only the \
            sessions without a verdict are replayed, into the same replay, and the summary is the whole \
            replay's. Without --session and --scenario, a resume takes the selection the replay was begun \
            with. A finished or unknown replay, another engine, tolerance, shard or selection, or a replay \
            whose process still runs on this host is refused (65).
            """)

    @Argument(help: "The archive of recorded sessions.")
    var archive: String

    @Option(help: "The candidate engine: builtin, a profile .json file, or exec:COMMAND.")
    var engine = "builtin"

    @Option(name: .customLong("session"), help: "Replay only this session id (repeatable).")
    var sessions: [Int64] = []

    @Option(help: "Replay only sessions of this scenario.")
    var scenario: String?

    @Option(help: "Parallel workers (default: all cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Replay one shard I/N of the sessions (session id modulo N = I - 1).")
    var shard: String?

    @Option(help: "exact, default, or overrides such as position=0.5,size=0.5,alpha=0.004,transform=0.001,progress=0.001.")
    var tolerance = "default"

    @Option(help: "Seconds an external engine (exec:) may take to answer one session before it is killed.")
    var timeout: Double = 10

    @Option(help: "Bytes an external engine's response line may hold; a longer one fails its session (default 256 MiB).")
    var maxReplyBytes: Int = ExternalEngine.defaultMaxReplyBytes

    @Option(help: "Output: text, json or junit (JUnit XML, one test case per session).")
    var format: ReplayReport.Format = .text

    @Option(help: "Write results into this archive instead of the recorded one (for shards; see `reel merge`).")
    var results: String?

    @Option(help: "Continue this replay (status running, left by a killed run) instead of starting a new one.")
    var resume: Int64?

    func run() throws {
        let summary: Replayer.Summary = try reportingErrors {
            guard FileManager.default.fileExists(atPath: archive) else { throw ArchiveError.missingFile(path: archive) }
            guard jobs >= 1 else { throw ReelFailure(.usage, "--jobs must be at least 1") }
            guard timeout > 0, timeout.isFinite else { throw ReelFailure(.usage, "--timeout must be a positive number of seconds") }
            let tolerances: Tolerances
            do { tolerances = try Tolerances(parsing: tolerance) } catch { throw ReelFailure(.usage, "\(error)") }
            let options = Replayer.Options(
                jobs: jobs, shard: try shard.map { text throws(ReelFailure) in try Shard(parsing: text) }, scenario: scenario,
                sessionIDs: sessions.isEmpty ? nil : sessions, tolerances: tolerances)
            guard maxReplyBytes >= 1024 else { throw ReelFailure(.usage, "--max-reply-bytes must be at least 1024") }
            let factory = try EngineFactory(
                EngineSpec(parsing: engine), timeLimit: .milliseconds(Int64(timeout * 1000)), maxReplyBytes: maxReplyBytes)
            let progress = ProgressLine(enabled: standardErrorIsTerminal)
            defer { progress.finish() }
            return try Replayer(archivePath: archive, resultsPath: results, engine: factory, options: options).run(
                resuming: resume, progress: { done, total in progress.update("replayed \(done)/\(total) sessions") },
                note: printWarning)
        }
        try ReplayReport.emit(summary, format: format, resultsPath: results ?? archive)
    }
}
