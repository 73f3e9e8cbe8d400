import ArgumentParser
import Foundation
import ReelDiff
import ReelFormats
import ReelRunner
import ReelStore
import ReelTrace

/// `reel replay ARCHIVE`: re-runs recorded sessions on a candidate engine and flags divergence.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run archived sessions on an engine and flag where decisions, lifecycle or frames diverge.",
        discussion: """
            Results go to the replays, replay_results and divergences tables of the archive (or of \
            --results); query them with `reel query` or any SQLite client (views regressions and \
            divergence_summary). Exit codes: 0 nothing diverged (or only in kinds --fail-on lets pass), \
            1 divergences found in a failing kind, 2 engine errors on some sessions, 64 usage, 65 bad archive or profile, or a --scenario, \
            --session, --tag or --diverged-in replay the archive does not have, or a selection that selects no session, 66 missing file, 130/143 stopped by SIGINT/SIGTERM (after the chunk \
            being written; the message says how to resume). An external engine gets --timeout seconds \
            per session; past it the engine is killed, the session is an error and the next session \
            starts a new engine process. An external engine that fails its first 3 sessions without \
            answering one stops the replay (exit 2); its command runs in the current folder, where a \
            relative path in it starts. A replay killed half-way (its \
            replays row still says running) continues with --resume ID and the same options: only the \
            sessions without a verdict are replayed, into the same replay, and the summary is the whole \
            replay's. Without --session, --scenario, --tag and --diverged-in, a resume takes the selection the replay was begun \
            with. The selection options narrow each other: a session is replayed when it passes each one given. A finished or unknown replay, another engine, tolerance, shard or selection, or a replay \
            whose process still runs on this host is refused (65).
            """)

    @Argument(help: "The archive of recorded sessions.")
    var archive: String

    @OptionGroup var engineOption: EngineOption
    /// The candidate engine.
    var engine: String { engineOption.engine ?? "builtin" }

    @Option(name: .customLong("session"), help: "Replay only this session id (repeatable).")
    var sessions: [Int64] = []

    @Option(
        name: .customLong("scenario"),
        help:
            "Replay only sessions of this scenario, or of the scenarios a glob such as 'nav.*' matches (repeatable: sessions of any of them)."
    )
    var scenarios: [String] = []

    @Option(
        name: .customLong("tag"),
        help: "Replay only sessions carrying this tag, such as reel capture's device:... tags (repeatable: sessions carrying any of them).")
    var tags: [String] = []

    @Option(
        name: .customLong("diverged-in"),
        help: ArgumentHelp(
            "Replay only the sessions this replay of ARCHIVE did not match (diverged or engine error), as a test runner's --last-failed.",
            valueName: "replay"))
    var divergedIn: Int64?

    @Option(help: "Parallel workers, 1-256; this machine's core count when not given.")
    var jobs: Int = min(256, ProcessInfo.processInfo.activeProcessorCount)

    @Option(
        help: """
            Replay one shard I/N of the sessions (session id modulo N = I - 1), or `auto`: the shard a job \
            scheduler gave this process (Kubernetes, GitLab, Buildkite, Slurm, or REEL_SHARD_INDEX and \
            REEL_SHARD_COUNT; docs/SCALE.md).
            """)
    var shard: String?

    @Option(help: "With --shard auto: the number of shards, for schedulers that give only an index (a Kubernetes Indexed Job).")
    var shardCount: Int?

    @Option(help: "exact, default (1/3 pt, 1/255 alpha, 1e-3 transform and progress), or overrides such as position=0.5,alpha=0.")
    var tolerance = "default"

    @Option(help: "Seconds an external engine (exec:) may take to answer one session before it is killed (0.001-86400).")
    var timeout: Double = 10

    @Option(help: "Bytes an external engine's response line may hold; a longer one fails its session.")
    var maxReplyBytes: Int = ExternalEngine.defaultMaxReplyBytes

    @Option(
        help:
            "How to print the summary (junit: JUnit XML, one test case per session; markdown: for a CI step summary; github: an ::error annotation per flipped session; docs/CI.md)."
    )
    var format: ReplayReport.Format = .text

    @Option(
        name: .customLong("fail-on"),
        help: """
            The divergence kinds that fail the replay (exit 1), comma-separated: \
            \(DivergenceKind.allCases.map(\.rawValue).joined(separator: ", ")) (default: every kind). Sessions \
            diverging only in other kinds are reported, not failed; engine errors always fail (exit 2).
            """)
    var failOn: String?

    @Option(
        help:
            "Also append the Markdown summary to this file, created when missing (for example \"$GITHUB_STEP_SUMMARY\"), whatever --format prints."
    )
    var markdownSummary: String?

    @Option(
        help:
            "Also write the JUnit XML to this file, which must not exist, whatever --format prints (with --format github: annotations in the log, JUnit for the test page)."
    )
    var junit: String?

    @Option(help: "Write results into this archive instead of the recorded one (for shards; see `reel merge`).")
    var results: String?

    @Flag(
        inversion: .prefixedNo,
        help: """
            Store the candidate's trace of each diverged session in the archive, as that engine's trace of the session, \
            so `reel accept --replay ID` makes it the baseline without running the candidate again (as fast as a pointer, \
            and needed for an exec: engine that is not reproducible or not available where you accept). Default: on when \
            the results go into the archive itself, off with --results (which cannot hold traces).
            """)
    var keepTraces: Bool?

    @Option(help: "Continue this replay (status running, left by a killed run) instead of starting a new one.")
    var resume: Int64?

    @Flag(help: "Text output: list every diverged or failed session, not only the flips (the rest are counted by kind).")
    var verbose = false

    @Option(
        name: .customLong("meta"),
        help: ArgumentHelp(
            "Store KEY=VALUE with the replay (repeatable), beside the commit, branch, pull request and CI URL read from the CI's variables and the host.",
            valueName: "key=value"))
    var metadata: [String] = []

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be within 1-256") }
        if tags.contains(where: \.isEmpty) { throw ValidationError("--tag needs a tag: an empty one selects no session") }
        guard timeout.isFinite, (0.001...86_400).contains(timeout) else {
            throw ValidationError("--timeout must be within 0.001-86400 seconds")
        }
    }

    func run() throws {
        let policy = try reportingErrors {
            if let markdownSummary { try OutputFile.checkCanWrite(markdownSummary, force: true) }
            if let junit { try OutputFile.checkCanWrite(junit, force: false) }
            return try failOn.map { try FailurePolicy(parsing: $0) } ?? .everyKind
        }
        let summary: Replayer.Summary = try reportingErrors {
            guard FileManager.default.fileExists(atPath: archive) else { throw ArchiveError.missingFile(path: archive) }
            let tolerances: Tolerances
            do { tolerances = try Tolerances(parsing: tolerance) } catch { throw ReelFailure(.usage, "\(error)") }
            var options = Replayer.Options(
                jobs: jobs, shard: try chosenShard(), scenarios: scenarios.isEmpty ? nil : scenarios,
                sessionIDs: sessions.isEmpty ? nil : sessions, tolerances: tolerances, keepsTraces: keepTraces ?? (results == nil))
            options.tags = tags.isEmpty ? nil : tags
            options.divergedIn = divergedIn
            var runMetadata = RunMetadata.fromEnvironment(
                ProcessInfo.processInfo.environment, host: ProcessInfo.processInfo.hostName)
            // A results archive names the archive it judged, whose traces its report draws (reel report --recorded).
            if let results, results != archive {
                try? runMetadata.set(RunMetadata.recordedArchiveKey, URL(fileURLWithPath: archive).standardizedFileURL.path)
            }
            try runMetadata.set(arguments: metadata)
            options.metadata = runMetadata
            guard maxReplyBytes >= 1024 else { throw ReelFailure(.usage, "--max-reply-bytes must be at least 1024") }
            let factory = try EngineFactory(
                EngineSpec(parsing: engine), timeLimit: .milliseconds(Int64(timeout * 1000)), maxReplyBytes: maxReplyBytes)
            Interrupted.install()
            let progress = ProgressLine()
            let started = Date()
            do {
                let summary = try Replayer(archivePath: archive, resultsPath: results, engine: factory, options: options).run(
                    resuming: resume,
                    progress: { done, total in
                        let share = percentAndETA(done: Int64(done), total: Int64(total), elapsed: -started.timeIntervalSinceNow)
                        progress.update("replayed \(done)/\(counted(total, "session"))" + (share.map { " (\($0))" } ?? ""))
                        try Interrupted.check()
                    },
                    note: printWarning)
                progress.finish()
                return summary
            } catch let stopped as Replayer.Stopped {
                guard let signal = stopped.cause as? Interrupted else { throw stopped.cause }
                progress.end()
                printNote(
                    "interrupted: replay \(stopped.replayID) keeps the verdicts on the \(counted(stopped.sessionsWritten, "session")) "
                        + "replayed so far in \(results ?? archive); continue it with: \(resumeCommand(stopped.replayID))")
                throw ExitCode(signal.exitStatus)
            }
        }
        let recorded = try reportingErrors {
            ReplayMarkdown.Recorded(
                path: archive,
                archive: format == .markdown || format == .github || markdownSummary != nil
                    ? try Archive.open(archive, mode: .readOnly) : nil,
                holdsResults: results == nil || results == archive)
        }
        try ReplayReport.emit(
            summary, format: format, resultsPath: results ?? archive, policy: policy, recorded: recorded, markdownFile: markdownSummary,
            junitFile: junit,
            verbose: verbose)
    }

    /// `--shard I/N`, or the scheduler's shard for `--shard auto` (said on standard error).
    private func chosenShard() throws(ReelFailure) -> Shard? {
        guard let shard else {
            if shardCount != nil { throw ReelFailure(.usage, "--shard-count goes with --shard auto") }
            return nil
        }
        guard shard == "auto" else {
            if shardCount != nil { throw ReelFailure(.usage, "--shard-count goes with --shard auto, not --shard \(shard)") }
            return try Shard(parsing: shard)
        }
        let resolution = try ShardEnvironment(variables: ProcessInfo.processInfo.environment, countOption: shardCount)
            .resolve()
        printNote("replaying shard \(resolution.shard) from \(resolution.source)")
        return resolution.shard
    }

    /// This command line with `--resume ID` (replacing a `--resume` it had), quoted for a shell.
    private func resumeCommand(_ replayID: Int64) -> String {
        var arguments = ["reel"]
        var skipNext = false
        for argument in CommandLine.arguments.dropFirst() {
            if skipNext {
                skipNext = false
                continue
            }
            if argument == "--resume" {
                skipNext = true
                continue
            }
            if argument.hasPrefix("--resume=") { continue }
            arguments.append(argument)
        }
        return (arguments + ["--resume", String(replayID)]).map(shellQuoted).joined(separator: " ")
    }
}

/// `text` as one shell word: unchanged when it is plain, else in single quotes.
func shellQuoted(_ text: String) -> String {
    let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
    return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
