import ArgumentParser
import Foundation
import ReelFormats
import ReelJSON
import ReelRunner
import ReelStore
import ReelTrace

#if canImport(Glibc)
    import Glibc
#endif

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
            good ones before it are kept) unless --keep-going is given. On a terminal a progress line \
            shows a percentage and the time left when the input's size is known. SIGINT or SIGTERM \
            stops it after the batch being written (run the same command again to record the rest). \
            A device file (ReelRecorder's output, docs/DEVICE.md: session lines carrying the device's \
            trace) is recorded with the device's traces as its baselines, as the engine they name \
            (e.g. uikit 26.1 iPhone17,1), each checked as an engine's answer; --engine does not apply to it. \
            Exit codes: 0 all recorded, 65 bad input, 66 missing file, 130/143 stopped by SIGINT/SIGTERM.
            """)

    @Argument(help: "The archive to record into (created when missing).")
    var archive: String

    @Argument(help: "Gesture stream files (JSON Lines); standard input when none or '-'.")
    var files: [String] = []

    @OptionGroup var engineOption: EngineOption
    /// The engine that records.
    var engine: String { engineOption.engine ?? "builtin" }

    @Flag(help: "Record every valid session and report every bad one instead of stopping at the first.")
    var keepGoing = false

    @Option(help: "Sessions per transaction (1-100000).")
    var batchSize = 256

    @Option(help: "How to print the summary.")
    var format: OutputFormat = .text

    @Option(
        name: .customLong("scene"),
        help: ArgumentHelp(
            "A scenario spec file (JSON) that session lines may name by its name: a team's ReelKit scene, as `EXECUTABLE spec NAME > FILE` writes it (repeatable).",
            valueName: "file"))
    var sceneFiles: [String] = []

    func validate() throws {
        guard (1...100_000).contains(batchSize) else { throw ValidationError("--batch-size must be within 1-100000") }
    }

    func run() throws {
        try reportingErrors {
            let factory = try EngineFactory(EngineSpec(parsing: engine))
            let inputs = files.isEmpty ? ["-"] : files
            for path in inputs where path != "-" && !FileManager.default.fileExists(atPath: path) {
                throw ReelFailure(.noInput, "\(path): no such gesture stream file")
            }
            if inputs.contains("-"), isatty(0) == 1 {
                printNote("reading gesture streams from standard input (a terminal): paste JSON Lines and end with Ctrl-D, or give a file")
            }
            let input = try RecordInput(paths: inputs)
            let files = ScenarioResolver()
            let scenes = try sceneFiles.map { path throws(ReelFailure) in
                guard path.hasSuffix(".json") || path.contains("/") else {
                    throw ReelFailure(.usage, "--scene \(path): give a scenario spec file (a .json path)")
                }
                return try files.resolve(path)
            }
            let store = try Archive.open(archive, mode: .readWrite)
            let recorder = Recorder(
                archive: store, engine: try factory.make(),
                options: Recorder.Options(keepGoing: keepGoing, batchSize: batchSize, scenes: scenes))
            Interrupted.install()
            let progress = ProgressLine()
            let started = Date()
            var stopped: ReelFailure?
            var interrupted: Interrupted?
            // Device files' recordings (docs/DEVICE.md), each its device's engine.
            var deviceSummary = Recorder.Summary()
            for (index, path) in inputs.enumerated() {
                let reader = GestureStreamReader(fileDescriptor: input.descriptors[index], name: path, closeOnDeinit: path != "-")
                let isDeviceFile = path != "-" && engineOption.engine == nil && DeviceRecording.isDeviceFile(path: path)
                do {
                    let report = { (summary: Recorder.Summary) throws in
                        let share = percentAndETA(
                            done: input.bytesRead(before: index), total: input.totalBytes, elapsed: -started.timeIntervalSinceNow)
                        progress.update(
                            "\(path): \(counted(summary.recorded, "session")) recorded" + (share.map { " (\($0))" } ?? "")
                                + ", \(summary.duplicates) already recorded, \(summary.rejected) rejected")
                        try Interrupted.check()
                    }
                    if isDeviceFile {
                        // A device file: its sessions carry the device's own traces, stored as recorded by that device.
                        let recording = try DeviceRecording(archive: store, path: path, options: recorder.options)
                        defer { deviceSummary.add(recording.summary) }
                        try recording.record(progress: report)
                    } else {
                        try recorder.record(reader, progress: report)
                    }
                } catch let failure as ReelFailure where failure.kind == .dataError {
                    stopped = failure
                    break
                } catch let signal as Interrupted {
                    interrupted = signal
                    break
                }
            }
            var summary = recorder.summary
            summary.add(deviceSummary)
            if let interrupted {
                progress.end()
                print(render(summary))
                printNote(
                    "interrupted: the \(counted(summary.recorded, "session")) recorded so far are kept in \(archive); "
                        + "run the same `reel record` again to record the rest (sessions already recorded are skipped)")
                throw ExitCode(interrupted.exitStatus)
            }
            progress.finish()
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
            var w = JSONWriter()
            w.object { members in
                members.member("format", JSONOutput.record.format)
                members.member("recorded", s.recorded)
                members.member("duplicates", s.duplicates)
                members.member("traces_added", s.tracesAdded)
                members.member("rejected", s.rejected)
                members.member("frames", s.frames)
                members.member("frame_views", s.frameViews)
                members.member("finished", s.finished)
                members.member("cancelled", s.cancelled)
            }
            return w.text
        case .text:
            return "\(archive): recorded \(counted(s.recorded, "session")) (\(s.finished) finished, \(s.cancelled) cancelled), "
                + "\(counted(s.frames, "frame")), \(counted(s.frameViews, "frame view")); \(s.duplicates) already recorded, \(s.rejected) rejected"
                + (s.tracesAdded > 0 ? "; this engine's trace added to \(counted(s.tracesAdded, "session")) recorded before" : "")
        }
    }
}
