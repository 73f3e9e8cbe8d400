import ArgumentParser
import Foundation
import ReelReport
import ReelStore

/// `reel report ARCHIVE [--replay ID] -o report.html`: one self-contained HTML page of a replay.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a replay's report: one self-contained HTML file with tables and SVG plots.",
        discussion: """
            The page has the replay's summary, a table per scenario, progress and property curves of \
            divergent sessions (recorded vs replayed: the candidate's trace the replay kept, else a re-run \
            of the candidate when it is this build's engine; the page says which) each with a player of the recorded and replayed screens, the flipped \
            sessions, and a decision map per interactive scenario. One inline script (the players), no network. \
            --session ID writes one session's page instead. A results archive (reel replay --results, reel merge) \
            holds no traces: its report draws them from the recorded archive --recorded names (required: a \
            report opens no file you did not name), which must hold the judged sessions with the same content hashes (66 otherwise).
            """)

    @Argument(help: "The archive.")
    var archive: String

    @Option(help: "The replay to report (default: the latest).")
    var replay: Int64?

    @Option(name: .shortAndLong, help: "The HTML file to write.")
    var output: String

    @Option(help: "How many divergent sessions get plots.")
    var plots = 6

    @Flag(help: "Overwrite the -o file when it exists.")
    var force = false

    func validate() throws {
        guard (0...1000).contains(plots) else { throw ValidationError("--plots must be within 0-1000") }
    }

    @Option(help: "Write only this session's page: its player and plots (any verdict).")
    var session: Int64?

    @Option(
        help: ArgumentHelp(
            "For a results archive (reel replay --results, reel merge): the recorded archive it judged, whose traces the players and maps draw (required for a results archive: the path the run stored is never opened).",
            valueName: "archive"))
    var recorded: String?

    func run() throws {
        try reportingErrors(archive: archive) {
            try OutputFile.checkCanWrite(output, force: force)
            let store = try Archive.open(archive, mode: .readOnly)
            let replayOfPage = try session.flatMap { try store.sessionVerdict(sessionID: $0, replayID: replay)?.replayID } ?? replay
            let source = try RecordedSource.open(for: store, named: archive, option: recorded, replayID: replayOfPage)
            let reader = ReportReader(archive: store, archiveName: archive, recorded: source, plottedSessionLimit: plots)
            if let session {
                let page = try reader.readSession(session, replayID: replay)
                try write(SessionPage.html(page))
                print("wrote \(output): session \(session) in replay \(page.replayID) (\(page.status))")
                return
            }
            let model = try reader.read(replayID: replay)
            try write(ReportPage.html(model))
            print(
                "wrote \(output): replay \(model.replay.id), \(model.totals.sessions) sessions, \(model.sessionPlots.count) sessions plotted, \(model.decisionMaps.count) decision maps"
            )
        }
    }

    /// Writes the page through `output` (created, or replaced with --force).
    private func write(_ html: String) throws {
        let file = try OutputFile(path: output, force: force)
        try file.write(html)
        try file.close()
    }
}
