import Foundation
import ReelEngine
import ReelJSON
import ReelTestSupport
import Testing

@Suite("reel record")
struct RecordCommandTests {
    /// A synthesized stream `NAME.jsonl` in `folder`, written by `reel synth`.
    private func synth(_ scenario: String, count: Int, seed: Int, name: String, in folder: String) throws {
        let run = try runReel(
            ["synth", "--scenario", scenario, "--count", "\(count)", "--seed", "\(seed)", "-o", name + ".jsonl"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
    }

    /// With no FILES and with '-', the stream comes from standard input, named "-".
    @Test func recordsFromStandardInput() throws {
        let folder = try temporaryFolder()
        try synth("nav.interactive-pop", count: 7, seed: 1, name: "in", in: folder)
        let input = folder + "/in.jsonl"
        #expect(try runReel(["record", "file.sqlite", "in.jsonl"], in: folder).status == 0)
        #expect(try runReel(["record", "implicit.sqlite"], in: folder, input: input).status == 0)
        #expect(try runReel(["record", "dash.sqlite", "-"], in: folder, input: input).status == 0)

        #expect(try archiveCount(folder + "/implicit.sqlite", "SELECT count(*) FROM sessions WHERE source_file = '-'") == 7)
        let fromFile = try archiveDump(folder + "/file.sqlite", ignoring: recordingPlaceColumns)
        #expect(try archiveDump(folder + "/implicit.sqlite", ignoring: recordingPlaceColumns) == fromFile)
        #expect(try archiveDump(folder + "/dash.sqlite", ignoring: recordingPlaceColumns) == fromFile)
    }

    @Test func aBadSessionOnStandardInputIsNamedDash() throws {
        let folder = try temporaryFolder()
        let run = try runReel(["record", "a.sqlite"], in: folder, input: badInputFolder + "/time-backwards.jsonl")
        #expect(run.status == 65)
        #expect(run.standardError.contains("reel: error: -:8: touch time goes backwards (0.050 after 0.100)"))
    }

    /// A scenario file that copies a catalog scenario under another name gives the catalog
    /// scenario's traces; the path may be relative to the stream's folder or absolute.
    @Test func aScenarioGivenAsAJSONFile() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/streams", withIntermediateDirectories: true)
        var spec = try #require(ScenarioCatalog.named("nav.interactive-pop"))
        spec.name = "my.pop"
        spec.summary = "a copy of the catalog's back-swipe"
        try Data(spec.canonicalJSON.utf8).write(to: URL(fileURLWithPath: folder + "/streams/pop.json"))
        try synth("nav.interactive-pop", count: 8, seed: 2, name: "catalog", in: folder)
        let catalogStream = try String(contentsOfFile: folder + "/catalog.jsonl", encoding: .utf8)
        for (name, reference) in [("relative", "pop.json"), ("absolute", folder + "/streams/pop.json")] {
            let stream = catalogStream.replacingOccurrences(
                of: "\"scenario\":\"nav.interactive-pop\"", with: "\"scenario\":\"\(reference)\"")
            try Data(stream.utf8).write(to: URL(fileURLWithPath: folder + "/streams/\(name).jsonl"))
        }

        #expect(try runReel(["record", "catalog.sqlite", "catalog.jsonl"], in: folder).status == 0)
        let catalog = try archiveDump(folder + "/catalog.sqlite")
        for name in ["relative", "absolute"] {
            let run = try runReel(["record", "\(name).sqlite", "streams/\(name).jsonl"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let archive = folder + "/\(name).sqlite"
            let fromFile = "SELECT count(*) FROM sessions JOIN scenarios ON scenarios.id = scenario_id WHERE name = 'my.pop'"
            #expect(try archiveCount(archive, fromFile) == 8)
            let dump = try archiveDump(archive)
            for table in ["touches", "frames", "frame_views", "events", "outcomes"] {
                #expect(dump[table] == catalog[table], "\(name): \(table)")
            }
        }
    }

    /// Recording the same input again, or the same file twice in one run, adds nothing: the
    /// archive file stays byte for byte the same.
    @Test func reRecordingTheSameInputAddsNoDuplicates() throws {
        let folder = try temporaryFolder()
        try synth("modal.pinch-dismiss", count: 6, seed: 3, name: "in", in: folder)
        let first = try runReel(["record", "a.sqlite", "in.jsonl", "in.jsonl", "--format", "json"], in: folder)
        #expect(first.status == 0)
        let firstSummary = try JSONParser.parse(first.standardOutput)
        #expect(firstSummary["recorded"] == .number(6))
        #expect(firstSummary["duplicates"] == .number(6))
        let before = try archiveFileHash(folder + "/a.sqlite")

        let second = try runReel(["record", "a.sqlite", "in.jsonl", "--format", "json"], in: folder)
        #expect(second.status == 0)
        let secondSummary = try JSONParser.parse(second.standardOutput)
        #expect(secondSummary["recorded"] == .number(0))
        #expect(secondSummary["duplicates"] == .number(6))
        #expect(try archiveFileHash(folder + "/a.sqlite") == before)
    }

    /// The summary counts what the archive holds: sessions, frames, frame views, finished and
    /// cancelled outcomes, duplicates and rejections.
    @Test func theSummaryCountsWhatWasRecorded() throws {
        let folder = try temporaryFolder()
        try synth("sheet.drag-dismiss", count: 12, seed: 4, name: "in", in: folder)
        let bad = try String(contentsOfFile: badInputFolder + "/unknown-phase.jsonl", encoding: .utf8)
        try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/bad.jsonl"))

        let text = try runReel(["record", "a.sqlite", "in.jsonl", "bad.jsonl", "--keep-going"], in: folder)
        #expect(text.status == 65)
        let archive = folder + "/a.sqlite"
        let frames = try archiveCount(archive, "SELECT count(*) FROM frames")
        let views = try archiveCount(archive, "SELECT count(*) FROM frame_views")
        let finished = try archiveCount(archive, "SELECT count(*) FROM outcomes WHERE decision = 'finished'")
        let cancelled = try archiveCount(archive, "SELECT count(*) FROM outcomes WHERE decision = 'cancelled'")
        #expect(finished + cancelled == 14)
        #expect(finished > 0 && cancelled > 0, "the synthesizer spreads sessions across the decision boundary")
        #expect(
            text.standardOutput == """
                a.sqlite: recorded 14 sessions (\(finished) finished, \(cancelled) cancelled), \(frames) frames, \
                \(views) frame views; 0 already recorded, 1 rejected\n
                """)

        let json = try runReel(["record", "a.sqlite", "in.jsonl", "bad.jsonl", "--keep-going", "--format", "json"], in: folder)
        #expect(json.status == 65)
        let summary = try JSONParser.parse(json.standardOutput)
        #expect(summary["recorded"] == .number(0))
        #expect(summary["duplicates"] == .number(14))
        #expect(summary["rejected"] == .number(1))
        #expect(summary["frames"] == .number(0))
    }

    /// On a terminal, standard error carries a self-overwriting progress line after every batch;
    /// elsewhere nothing but errors.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func progressIsShownOnATerminalOnly() throws {
        let folder = try temporaryFolder()
        try synth("nav.interactive-pop", count: 6, seed: 5, name: "in", in: folder)
        let command = "\(reelExecutable) record \(folder)/tty.sqlite \(folder)/in.jsonl --batch-size 2"
        let terminal = Process()
        terminal.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        terminal.arguments = ["-qec", command, "/dev/null"]
        let output = Pipe()
        terminal.standardOutput = output
        terminal.standardInput = FileHandle.nullDevice
        try terminal.run()
        let screen = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        terminal.waitUntilExit()
        for recorded in [2, 4, 6] {
            #expect(screen.contains("\r\u{1B}[K\(folder)/in.jsonl: \(recorded) sessions recorded"), "\(screen)")
        }

        let plain = try runReel(["record", "plain.sqlite", "in.jsonl", "--batch-size", "2"], in: folder)
        #expect(plain.status == 0)
        #expect(plain.standardError.isEmpty)
    }
}
