import ArgumentParser
import Foundation
import ReelReplay
import ReelStore

/// `reel record ARCHIVE [FILES...]`: runs gesture streams through an engine into an archive.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run gesture streams (JSON Lines) through an engine and store the sessions in an archive.",
        discussion: """
            Reads every FILE (or standard input when there is none, or for '-'), runs each session \
            through the engine and stores touches, frames, events and outcome. The archive is created \
            or migrated as needed. Sessions already in the archive (same content) are skipped, so \
            recording the same input twice adds nothing. The first bad session stops the run (the \
            good ones before it are kept) unless --keep-going is given. Exit codes: 0 all recorded, \
            65 bad input, 66 missing file.
            """)

    @Argument(help: "The archive to record into (created when missing).")
    var archive: String

    @Argument(help: "Gesture stream files (JSON Lines); standard input when none or '-'.")
    var files: [String] = []

    @Option(help: "builtin, legacy-0.3, a profile .json file, or exec:COMMAND.")
    var engine = "builtin"

    @Flag(help: "Record every valid session and report every bad one instead of stopping at the first.")
    var keepGoing = false

    @Option(help: "Sessions per transaction.")
    var batchSize = 256

    @Option(help: "Summary format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        try reportingErrors {
            let factory = try EngineFactory(EngineSpec(parsing: engine))
            let inputs = files.isEmpty ? ["-"] : files
            for path in inputs where path != "-" && !FileManager.default.fileExists(atPath: path) {
                throw ReelFailure(.noInput, "\(path): no such gesture stream file")
            }
            let store = try Archive.open(archive, mode: .readWrite)
            let recorder = Recorder(
                archive: store, engine: try factory.make(),
                options: Recorder.Options(keepGoing: keepGoing, batchSize: batchSize))
            let progress = ProgressLine(enabled: standardErrorIsTerminal)
            var stopped: ReelFailure?
            for path in inputs {
                let reader = path == "-"
                    ? GestureStreamReader(fileDescriptor: 0, name: "-", closeOnDeinit: false)
                    : try GestureStreamReader(path: path)
                do {
                    try recorder.record(reader) { summary in
                        progress.update(
                            "\(path): \(summary.recorded) sessions recorded (\(summary.frames) frames), "
                                + "\(summary.duplicates) already recorded, \(summary.rejected) rejected")
                    }
                } catch let failure as ReelFailure where failure.status == .dataError {
                    stopped = failure
                    break
                }
            }
            progress.finish()
            let summary = recorder.summary
            // Without --keep-going the one bad session is reported by the thrown failure below.
            if stopped == nil {
                for message in summary.errors { printError(message) }
            }
            print(render(summary))
            if let stopped { throw stopped }
            if summary.rejected > 0 { throw ExitCode(ExitStatus.dataError.rawValue) }
        }
    }

    private func render(_ s: Recorder.Summary) -> String {
        switch format {
        case .json:
            return "{\"recorded\":\(s.recorded),\"duplicates\":\(s.duplicates),\"rejected\":\(s.rejected),"
                + "\"frames\":\(s.frames),\"frame_views\":\(s.frameViews),\"finished\":\(s.finished),\"cancelled\":\(s.cancelled)}"
        case .text:
            return "\(archive): recorded \(s.recorded) sessions (\(s.finished) finished, \(s.cancelled) cancelled), "
                + "\(s.frames) frames, \(s.frameViews) frame views; \(s.duplicates) already recorded, \(s.rejected) rejected"
        }
    }
}

/// `--format` of commands that print a summary.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// A single self-overwriting status line on standard error, drawn only on a terminal.
final class ProgressLine {
    private let enabled: Bool
    private var drawn = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func update(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
        drawn = true
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
