import Foundation
import ReelEngine
import ReelJSON
import ReelTestSupport
import Testing

/// Columns that name where and when a session was recorded, not what it is.
let recordingPlaceColumns: Set<String> = ["sessions.recorded_at", "sessions.source_file", "sessions.source_line"]

@Suite("reel export, then reel record")
struct ExportRoundTripTests {
    /// Edge pans, pans, a pinch and taps.
    static let families = [
        "nav.interactive-pop", "sheet.drag-dismiss", "modal.swipe-dismiss", "modal.pinch-dismiss", "image.drag-dismiss",
        "nav.push",
    ]

    /// synth -> record -> export -> record into a second archive: every row of every table is the
    /// same (frames, frame views, events, outcomes, touches, content hashes), bit for bit.
    @Test(arguments: [60.0, 120.0])
    func synthRecordExportRecordGivesIdenticalArchives(refreshHz: Double) throws {
        let folder = try temporaryFolder()
        var streams: [String] = []
        for (offset, scenario) in Self.families.enumerated() {
            let stream = "\(scenario).jsonl"
            let synth = try runReel(
                [
                    "synth", "--scenario", scenario, "--count", "6", "--seed", "\(offset + 1)",
                    "--refresh-hz", "\(refreshHz)", "-o", stream,
                ],
                in: folder)
            #expect(synth.status == 0, "\(synth.standardError)")
            streams.append(stream)
        }
        #expect(try runReel(["record", "original.sqlite"] + streams, in: folder).status == 0)
        #expect(try runReel(["export", "original.sqlite", "-o", "export.jsonl"], in: folder).status == 0)
        #expect(try runReel(["record", "copy.sqlite", "export.jsonl"], in: folder).status == 0)

        let original = try archiveDump(folder + "/original.sqlite", ignoring: recordingPlaceColumns)
        let copy = try archiveDump(folder + "/copy.sqlite", ignoring: recordingPlaceColumns)
        for table in ["sessions", "touches", "frames", "frame_views", "events", "outcomes", "scenarios", "engines"] {
            #expect(copy[table] == original[table], "\(table)")
        }
        #expect(original["sessions"]?.count == 6 * Self.families.count)
        #expect(try archiveCount(folder + "/copy.sqlite", "SELECT count(*) FROM sessions WHERE refresh_hz = \(refreshHz)") == 36)
        #expect(try archiveCount(folder + "/copy.sqlite", "SELECT count(*) FROM frame_views") > 0)
    }

    /// The archive keeps every number bit-exact and the writer is the synthesizer's, so exporting
    /// a synthesized stream gives back its bytes.
    @Test func exportingASynthesizedStreamGivesItsBytesBack() throws {
        let folder = try temporaryFolder()
        _ = try runReel(["synth", "--scenario", "modal.pinch-dismiss", "--count", "8", "--seed", "9", "-o", "in.jsonl"], in: folder)
        #expect(try runReel(["record", "a.sqlite", "in.jsonl"], in: folder).status == 0)
        let export = try runReel(["export", "a.sqlite"], in: folder)
        #expect(export.status == 0)
        #expect(export.standardOutput == (try String(contentsOfFile: folder + "/in.jsonl", encoding: .utf8)))
    }

    /// A scenario from a JSON file is exported inline, so the export records without the file.
    @Test func aScenarioFileIsExportedInline() throws {
        let folder = try temporaryFolder()
        var spec = try #require(ScenarioCatalog.named("nav.interactive-pop"))
        spec.name = "my.pop"
        try Data(spec.canonicalJSON.utf8).write(to: URL(fileURLWithPath: folder + "/my-pop.json"))
        _ = try runReel(["synth", "--scenario", "nav.interactive-pop", "--count", "6", "--seed", "4", "-o", "pops.jsonl"], in: folder)
        let stream = try String(contentsOfFile: folder + "/pops.jsonl", encoding: .utf8)
            .replacingOccurrences(of: "\"scenario\":\"nav.interactive-pop\"", with: "\"scenario\":\"my-pop.json\"")
        try Data(stream.utf8).write(to: URL(fileURLWithPath: folder + "/custom.jsonl"))

        #expect(try runReel(["record", "original.sqlite", "custom.jsonl"], in: folder).status == 0)
        #expect(try runReel(["export", "original.sqlite", "-o", "export.jsonl"], in: folder).status == 0)
        try FileManager.default.removeItem(atPath: folder + "/my-pop.json")
        let record = try runReel(["record", "copy.sqlite", "export.jsonl"], in: folder)
        #expect(record.status == 0, "\(record.standardError)")

        let firstLine = try String(contentsOfFile: folder + "/export.jsonl", encoding: .utf8).prefix { $0 != "\n" }
        let sessionLine = try JSONParser.parse(String(firstLine))
        #expect(sessionLine["scenario"]?["name"] == .string("my.pop"))
        #expect(sessionLine["scenario"]?["interaction"] == .string("backSwipe"))
        #expect(
            try archiveDump(folder + "/copy.sqlite", ignoring: recordingPlaceColumns)
                == archiveDump(folder + "/original.sqlite", ignoring: recordingPlaceColumns))
    }

    @Test func recordingAnExportIntoItsOwnArchiveAddsNothing() throws {
        let folder = try temporaryFolder()
        _ = try runReel(["synth", "--scenario", "sheet.drag-dismiss", "--count", "5", "--seed", "2", "-o", "in.jsonl"], in: folder)
        #expect(try runReel(["record", "a.sqlite", "in.jsonl"], in: folder).status == 0)
        #expect(try runReel(["export", "a.sqlite", "-o", "out.jsonl"], in: folder).status == 0)
        let before = try archiveFileHash(folder + "/a.sqlite")
        let again = try runReel(["record", "a.sqlite", "out.jsonl", "--format", "json"], in: folder)
        #expect(again.status == 0)
        let summary = try JSONParser.parse(again.standardOutput)
        #expect(summary["recorded"] == .number(0))
        #expect(summary["duplicates"] == .number(5))
        #expect(try archiveFileHash(folder + "/a.sqlite") == before)
    }

    /// `--session` picks sessions (each once, in id order); an id that is not stored is exit 65
    /// before any output is written.
    @Test func sessionSelection() throws {
        let folder = try temporaryFolder()
        _ = try runReel(["synth", "--scenario", "nav.push", "--count", "4", "--seed", "5", "-o", "in.jsonl"], in: folder)
        #expect(try runReel(["record", "a.sqlite", "in.jsonl"], in: folder).status == 0)

        let picked = try runReel(["export", "a.sqlite", "--session", "3", "--session", "1", "--session", "3"], in: folder)
        #expect(picked.status == 0)
        let sessionLines = try picked.standardOutput.split(separator: "\n").map { try JSONParser.parse(String($0)) }
            .filter { $0["type"] == .string("session") }
        #expect(sessionLines.map { $0["id"] } == [.string("synth-nav.push-5-0"), .string("synth-nav.push-5-2")])

        let missing = try runReel(["export", "a.sqlite", "--session", "2", "--session", "99", "-o", "out.jsonl"], in: folder)
        #expect(missing.status == 65)
        #expect(missing.standardError.contains("99"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.jsonl"))
    }
}

/// Issue 32 item 8: an archive reads -0.0 back as 0, so `reel export` wrote touches of -0.0 as 0
/// and re-recording the export stored those sessions again as new ones (their content hash had
/// been computed on -0.0). Touches now hold +0.0 for a zero of either sign from the moment they are
/// read, so the export records as the same sessions.
@Suite("Negative zero in touches")
struct NegativeZeroTouchTests {
    @Test func anExportOfNegativeZeroTouchesRecordsAsTheSameSessions() throws {
        let folder = try temporaryFolder()
        let synthesized = try synthesizedStream("modal.swipe-dismiss", count: 12, seed: 9, in: folder)
        let text = try String(contentsOfFile: synthesized, encoding: .utf8)
        // Every finger now begins at x = -0.0 (the screen's left edge).
        let began = try NSRegularExpression(pattern: "\"phase\":\"began\",\"x\":[0-9.]+")
        let negative = began.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\"phase\":\"began\",\"x\":-0.0")
        #expect(negative != text, "the synthesized stream has touches at t = 0 to rewrite")
        let stream = folder + "/negative.jsonl"
        try negative.write(toFile: stream, atomically: true, encoding: .utf8)

        #expect(try runReel(["record", "a.sqlite", stream], in: folder).status == 0)
        let sessions = try archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM sessions")
        #expect(sessions == 12)
        let export = try runReel(["export", "a.sqlite", "-o", "export.jsonl"], in: folder)
        #expect(export.status == 0, "\(export.standardError)")
        let again = try runReel(["record", "a.sqlite", "export.jsonl"], in: folder)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM sessions") == sessions)
        // The same touches read from the original stream also find the sessions already recorded.
        let original = try runReel(["record", "a.sqlite", stream], in: folder)
        #expect(original.status == 0, "\(original.standardError)")
        #expect(try archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM sessions") == sessions)
    }
}
