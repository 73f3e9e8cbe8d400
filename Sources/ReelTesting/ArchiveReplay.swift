import Foundation
import ReelFormats
import ReelReport
import ReelRunner
import ReelStore
import ReelTrace

/// Replays a recorded archive against a candidate engine inside a team's own test run, and says
/// what a test reader needs when it fails: the flipped sessions with both engines' decision
/// arithmetic, the other divergences, and the path of the report page it wrote.
///
/// The archive itself is left as it is: verdicts go into a results archive in `artifacts`
/// (as `reel replay --results` does), unless the accept mode is on. In accept mode
/// (`accept: true`, or `REEL_ACCEPT=1` in the environment, as a snapshot tool's record mode) the
/// replay is stored in the archive with the candidate's traces kept, the diverged sessions'
/// baselines become the candidate's traces (`reel accept`), and the outcome says so; the test
/// helpers then fail, so an accept never passes unnoticed.
///
/// ```swift
/// import ReelTesting
/// import Testing
///
/// @Test func cardDismissalStillDecidesAsRecorded() throws {
///     let engine = EngineFactory(inProcess: "my-scenes") { MyScenes.engine() }
///     try expectArchiveReplays("Fixtures/gestures.sqlite", against: engine, failOn: [.decision, .lifecycle])
/// }
/// ```
public struct ArchiveReplay: Sendable {
    /// The recorded archive (sessions and baselines).
    public var archivePath: String
    /// The candidate engine: `EngineFactory(EngineSpec(parsing: "exec:..."))`, a preset, or an
    /// in-process engine (`EngineFactory(inProcess:make:)`, e.g. a ReelKit scene engine).
    public var engine: EngineFactory
    /// The divergence kinds that fail; nil (or an empty set) for every kind (`reel replay --fail-on`).
    /// An engine error always fails.
    public var failOn: Set<DivergenceKind>?
    /// Where the results archive and the report go; nil for `REEL_TEST_ARTIFACTS`, else a new
    /// folder under the system's temporary folder.
    public var artifacts: String?
    /// Whether to accept the candidate's traces as the new baselines; nil reads `REEL_ACCEPT`.
    public var accept: Bool?
    /// Replay workers (results are the same for any count).
    public var jobs: Int

    public init(
        archivePath: String, engine: EngineFactory, failOn: Set<DivergenceKind>? = nil, artifacts: String? = nil,
        accept: Bool? = nil, jobs: Int = 1
    ) {
        self.archivePath = archivePath
        self.engine = engine
        self.failOn = failOn
        self.artifacts = artifacts
        self.accept = accept
        self.jobs = jobs
    }

    /// Whether this run accepts: `accept`, else `REEL_ACCEPT=1`.
    public var accepts: Bool {
        accept ?? (ProcessInfo.processInfo.environment["REEL_ACCEPT"] == "1")
    }

    /// Runs the replay (and, in accept mode, the acceptance), writes the report, and returns what
    /// happened. Throws when the replay cannot run (a missing archive, an engine that fails to start).
    ///
    /// Called on the main thread (an XCTest case, a `@MainActor` test), the replay runs on a thread
    /// of its own while the main thread keeps its run loop turning: a ReelKit engine runs each
    /// session on the main actor, as UIKit code runs, and would otherwise wait for a main thread
    /// that waits for it.
    public func run(name: String = "replay") throws -> ArchiveReplayOutcome {
        try MainThreadRelief.run { try replayAndReport(name: name) }
    }

    private func replayAndReport(name: String) throws -> ArchiveReplayOutcome {
        let folder = try artifactsFolder()
        let safeName = ArchiveReplayOutcome.fileName(name)
        let resultsPath = accepts ? nil : folder + "/\(safeName).results.sqlite"
        if let resultsPath { try? FileManager.default.removeItem(atPath: resultsPath) }
        let replayer = Replayer(
            archivePath: archivePath, resultsPath: resultsPath, engine: engine,
            options: Replayer.Options(jobs: jobs, keepsTraces: accepts))
        let summary = try replayer.run()
        let resultsArchive = try Archive.open(resultsPath ?? archivePath, mode: .readOnly)
        let recorded = resultsPath == nil ? resultsArchive : try Archive.open(archivePath, mode: .readOnly)
        let policy =
            try failOn.flatMap { $0.isEmpty ? nil : $0 }.map { kinds in
                try FailurePolicy(parsing: DivergenceKind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ","))
            } ?? .everyKind
        let tally = VerdictTally(groups: try resultsArchive.verdictGroups(replayID: summary.replayID), policy: policy)
        let findings = try ArchiveReplayOutcome.Finding.read(
            replayID: summary.replayID, results: resultsArchive, recorded: recorded, candidate: summary.candidate,
            policy: policy)

        let reportPath = folder + "/\(safeName).html"
        let reader = ReportReader(
            archive: resultsArchive, archiveName: resultsPath ?? archivePath, recorded: resultsPath == nil ? nil : recorded,
            plottedSessionLimit: 6)
        try ReportPage.html(try reader.read(replayID: summary.replayID)).write(toFile: reportPath, atomically: true, encoding: .utf8)

        var accepted: [Int64] = []
        if accepts, summary.diverged > 0 {
            let acceptor = try BaselineAcceptor(
                archivePath: archivePath, replayID: summary.replayID, acceptedBy: "ReelTesting (REEL_ACCEPT=1)",
                candidate: engine.spec)
            accepted = try acceptor.run(BaselineAcceptor.Selection()).accepted
        }
        return ArchiveReplayOutcome(
            archivePath: archivePath, candidate: engine.spec.description, replayID: summary.replayID,
            sessions: summary.sessions, matched: summary.matched, diverged: summary.diverged, errors: summary.errors,
            failing: tally.failingSessions, findings: findings, reportPath: reportPath,
            resultsPath: resultsPath, accepted: accepted, failOn: failOn)
    }

    private func artifactsFolder() throws -> String {
        let folder =
            artifacts ?? ProcessInfo.processInfo.environment["REEL_TEST_ARTIFACTS"]
            ?? (NSTemporaryDirectory() + "/reel-test-artifacts-\(getpid())")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

extension ArchiveReplay {
    /// Records the gesture stream at `streamPath` (JSON Lines, docs/GESTURES.md) into the archive
    /// at `archivePath` (created when missing) with `engine`: how a test makes the baseline archive
    /// of a fixture stream, as `reel record --engine` does.
    public static func record(_ streamPath: String, into archivePath: String, with engine: EngineFactory) throws {
        try MainThreadRelief.run { try recordStream(streamPath, into: archivePath, with: engine) }
    }

    private static func recordStream(_ streamPath: String, into archivePath: String, with engine: EngineFactory) throws {
        let archive = try Archive.open(archivePath, mode: .readWrite)
        let recorder = Recorder(archive: archive, engine: try engine.make())
        try recorder.record(try GestureStreamReader(path: streamPath))
    }
}
