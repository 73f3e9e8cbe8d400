import ArgumentParser
import Foundation
import ReelFormats
import ReelRunner
import ReelStore
import ReelTrace

/// `reel accept ARCHIVE --replay ID`: a replay's candidate traces become the baselines of the
/// sessions it diverged on.
struct AcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Make a replay's candidate traces the baselines of the sessions it diverged on.",
        discussion: """
            For an intended change: each selected session's baseline becomes the candidate's trace \
            of it, which later replays compare against. A trace the replay stored (`reel replay \
            --keep-traces`, or `reel record --engine`) is taken as it is, without the engine; for the \
            other sessions the candidate of replay ID runs again: this build's engine or a preset as the \
            replay named it, and a profile file or an engine process (`exec:`) only when --engine names \
            it again (an archive never makes Reel run or read anything). The replaced baselines stay in the archive with who \
            accepted, when and which replay (view baseline_changes, docs/SCHEMA.md). A session accepted \
            before (its baseline already is the candidate's trace) is left as it is, and counted: when \
            every selected one was, accept says nothing changed, writes nothing and exits 0. Without \
            --scenario, --session and --kind every diverged session of the replay is accepted. \
            Exit codes: 0 accepted, 64 usage (also: a candidate to run that --engine does not name, \
            or names another file than the replay did: \
            the same file under another spelling is the same engine), 65 an unknown or unfinished replay, an empty \
            selection, a candidate that is no longer the engine the replay ran, or a session the \
            candidate fails on (the sessions accepted before it stay accepted), 66 a missing archive.
            """)

    @Argument(help: "The archive.")
    var archive: String

    @Option(help: "The replay whose candidate to accept.")
    var replay: Int64

    @OptionGroup var engineOption: EngineOption
    /// The replay's candidate as `--engine` names it; nil: the one the replay recorded.
    var engine: String? { engineOption.engine }

    @Option(name: .customLong("scenario"), help: "Only sessions of this scenario (one; run accept once per scenario).")
    var scenarios: [String] = []

    func validate() throws {
        if scenarios.count > 1 {
            throw ValidationError("--scenario is given \(scenarios.count) times; accept takes one scenario (run it once per scenario)")
        }
    }

    @Option(name: .customLong("session"), help: "Only this session (repeat for more).")
    var sessions: [Int64] = []

    @Option(
        name: .customLong("kind"),
        help:
            "Only sessions with a divergence of this kind (repeat for more): \(DivergenceKind.allCases.map(\.rawValue).joined(separator: ", "))."
    )
    var kinds: [String] = []

    func run() throws {
        try reportingErrors(archive: archive) {
            guard FileManager.default.fileExists(atPath: archive) else { throw ArchiveError.missingFile(path: archive) }
            let kinds = try self.kinds.map { text in
                guard let kind = DivergenceKind(rawValue: text) else {
                    throw ReelFailure(
                        .usage, "--kind \(text): not a divergence kind (\(DivergenceKind.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                return kind
            }
            let selection = BaselineAcceptor.Selection(
                scenario: scenarios.first, sessionIDs: sessions.isEmpty ? nil : sessions, kinds: kinds.isEmpty ? nil : kinds)
            let progress = ProgressLine()
            let candidate = try engine.map { text throws(ReelFailure) in try EngineSpec(parsing: text) }
            let summary = try BaselineAcceptor(archivePath: archive, replayID: replay, acceptedBy: Self.who(), candidate: candidate)
                .run(selection) {
                    done, total in
                    progress.update("accepted \(done)/\(counted(total, "session"))")
                }
            progress.finish()
            let engineName = shown(summary.engine.map { "\($0.name) \($0.version)" } ?? summary.candidate)
            let before = summary.unchanged.count
            if summary.accepted.isEmpty {
                print(
                    "\(archive): nothing changed: \(counted(before, "session")) of replay \(replay) \(before == 1 ? "was" : "were") "
                        + "accepted before; \(before == 1 ? "its" : "their") baseline already is the trace of \(engineName)")
            } else {
                print(
                    "\(archive): accepted \(counted(summary.accepted.count, "session")) of replay \(replay): "
                        + "their baseline is now the trace of \(engineName)"
                        + (summary.tracesReused > 0 ? " (\(summary.tracesReused) already stored)" : "")
                        + (before > 0 ? "; \(before) \(before == 1 ? "was" : "were") accepted before (unchanged)" : ""))
            }
        }
    }

    /// Who accepts: the user and host, as `user@host`.
    static func who() -> String {
        let environment = ProcessInfo.processInfo.environment
        let user = environment["USER"] ?? environment["LOGNAME"] ?? NSUserName()
        return "\(user)@\(ProcessInfo.processInfo.hostName)"
    }
}
