import Foundation
import ReelJSON
import ReelTestSupport
import Testing

/// One file of the bad-input corpus (Tests/ReelCLITests/BadInput): a good session
/// `NAME-before`, the bad session, a good session `NAME-after` (no good session precedes a touch
/// before any session line). The expected line and reason follow docs/GESTURES.md's rules; the
/// columns of malformed JSON are counted by hand (51 characters precede the bad value).
struct BadInputCase: CustomTestStringConvertible, Sendable {
    var name: String
    var line: Int
    var reason: String
    var hasGoodSessionBefore = true

    var file: String { name + ".jsonl" }
    var message: String { "\(file):\(line): \(reason)" }
    var goodBefore: [String] { hasGoodSessionBefore ? [name + "-before"] : [] }
    var goodSessions: [String] { goodBefore + [name + "-after"] }
    var testDescription: String { name }

    static let all: [BadInputCase] = [
        .init(name: "malformed-json", line: 7, reason: "malformed JSON at column 52: unexpected end of input"),
        .init(name: "not-an-object", line: 7, reason: "expected a JSON object, not an array"),
        .init(name: "missing-type", line: 7, reason: "missing field \"type\""),
        .init(name: "missing-touch-field", line: 7, reason: "missing field \"x\""),
        .init(name: "missing-device-field", line: 5, reason: "missing field \"device.height\""),
        .init(name: "string-time", line: 7, reason: "field \"t\" must be a number, not a string"),
        .init(name: "fractional-finger", line: 7, reason: "field \"id\" must be an integer, not 1.5"),
        .init(name: "string-scenario-number", line: 5, reason: "field \"scenario\" must be a string or an object, not a number"),
        .init(name: "infinite-number", line: 7, reason: "malformed JSON at column 52: number 1e999 is not finite as a double"),
        .init(name: "nan", line: 7, reason: "malformed JSON at column 52: NaN and Infinity are not numbers JSON allows"),
        .init(name: "time-backwards", line: 8, reason: "touch time goes backwards (0.050 after 0.100)"),
        .init(name: "unknown-phase", line: 7, reason: "unknown phase \"moving\" (expected began, moved, stationary, ended or cancelled)"),
        .init(name: "unknown-type", line: 7, reason: "unknown type \"swipe\" (expected \"session\" or \"touch\")"),
        .init(name: "touch-before-session", line: 1, reason: "touch before any session line", hasGoodSessionBefore: false),
        .init(name: "moved-before-began", line: 7, reason: "finger 1 moved before it began"),
        .init(name: "ended-before-began", line: 8, reason: "finger 2 ended before it began"),
        .init(name: "stationary-before-began", line: 6, reason: "finger 0 was stationary before it began"),
        .init(name: "began-twice", line: 7, reason: "finger 0 began again before it ended"),
        .init(name: "unknown-scenario", line: 5, reason: "unknown scenario 'nav.teleport'"),
        .init(name: "missing-scenario-file", line: 5, reason: "scenario file 'no-such-scenario.json' not found"),
        .init(name: "empty-scenario", line: 5, reason: "field \"scenario\" must not be empty"),
        .init(name: "inline-scenario-without-name", line: 5, reason: "missing field \"scenario.name\""),
        .init(
            name: "inline-scenario-invalid", line: 5,
            reason: "the inline scenario is not a valid scenario spec: missing field \"hierarchy\""),
        // A misspelt name in a spec is caught when the spec is decoded (exit 65), naming the closest
        // name and every name (`InteractionKind`, `AnimatorKind`), the file for a scenario file.
        .init(
            name: "misspelt-interaction", line: 5,
            reason:
                "the inline scenario is not a valid scenario spec: field \"interaction\": unknown interaction controller 'backSwip'; did you mean 'backSwipe'? (one of backSwipe, contentPop, swipeDismiss, sheetDrag, verticalSwipePop, imageDrag, pinchDismiss, zoomDismiss, sheetDetents, sheetDetentsModal, sheetScrollHandoff, reelkit)"
        ),
        .init(
            name: "misspelt-animator-file", line: 5,
            reason:
                "misspelt-animator.json: not a valid scenario spec: field \"animator\": unknown animator 'bounse'; did you mean 'bounce'? (one of system, slide, coverVertical, crossDissolve, flipHorizontal, partialCurl, sheet, containerCrossDissolve, tabCrossDissolve, bounce, zoom, systemZoom, cards, cube, crossfade, flip, fold, portal, shrink, none, reelkit)"
        ),
        .init(name: "zero-width", line: 5, reason: "field \"device.width\" must be positive, not 0"),
        .init(name: "negative-height", line: 5, reason: "field \"device.height\" must be positive, not -844"),
        .init(name: "zero-scale", line: 5, reason: "field \"device.scale\" must be positive, not 0"),
        .init(name: "refresh-rate-zero", line: 5, reason: "field \"refresh_hz\" must be between 1 and 240, not 0"),
        .init(name: "refresh-rate-241", line: 5, reason: "field \"refresh_hz\" must be between 1 and 240, not 241"),
    ]
}

/// The bad-input corpus.
let badInputFolder = repositoryRoot + "/Tests/ReelCLITests/BadInput"

@Suite("reel record rejects bad input")
struct RecordRejectionTests {
    @Test func everyCorpusFileHasAnExpectation() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: badInputFolder).filter { $0.hasSuffix(".jsonl") }
        #expect(Set(files) == Set(BadInputCase.all.map(\.file)))
    }

    /// Without --keep-going: exit 65, the message names file, line and reason, the good session
    /// before the bad one is kept and nothing of the bad one or after it is written. "Unchanged"
    /// means: the archive holding only the good sessions before the bad one is, byte for byte, the
    /// same file after a run over the whole input; and a fresh archive recording the whole input
    /// holds exactly the rows (every table, every column but the recording time) of one recording
    /// only those good sessions.
    @Test(arguments: BadInputCase.all)
    func theFirstBadSessionStopsTheRunAndWritesNothing(_ bad: BadInputCase) throws {
        let folder = try temporaryFolder()
        let goodOnly = try goodPrefix(of: bad, in: folder)

        let reference = folder + "/reference.sqlite"
        let prefixRun = try runReel(["record", reference, bad.file], in: goodOnly)
        #expect(prefixRun.status == 0, "\(prefixRun.standardError)")
        let before = try archiveFileHash(reference)
        let rerun = try runReel(["record", reference, bad.file], in: badInputFolder)
        #expect(rerun.status == 65)
        #expect(rerun.standardError.contains("reel: error: \(bad.message)"), "\(rerun.standardError)")
        #expect(try archiveFileHash(reference) == before)

        let fresh = folder + "/fresh.sqlite"
        let run = try runReel(["record", fresh, bad.file], in: badInputFolder)
        #expect(run.status == 65)
        #expect(run.standardError.contains("reel: error: \(bad.message)"), "\(run.standardError)")
        #expect(try externalIDs(fresh) == bad.goodBefore)
        #expect(try archiveDump(fresh) == archiveDump(reference))
    }

    /// With --keep-going: every valid session is recorded, the bad one reported, exit 65.
    @Test(arguments: BadInputCase.all)
    func keepGoingRecordsTheGoodSessionsAroundTheBadOne(_ bad: BadInputCase) throws {
        let folder = try temporaryFolder()
        let run = try runReel(["record", folder + "/a.sqlite", "--keep-going", bad.file], in: badInputFolder)
        #expect(run.status == 65)
        #expect(run.standardError.contains("reel: error: \(bad.message)"), "\(run.standardError)")
        #expect(try externalIDs(folder + "/a.sqlite") == bad.goodSessions)
    }

    /// One run over the whole corpus with --keep-going reports every bad session, in input order,
    /// and records every good one.
    @Test func keepGoingOverTheWholeCorpusReportsEveryBadSession() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let cases = BadInputCase.all
        let run = try runReel(["record", archive, "--keep-going", "--format", "json"] + cases.map(\.file), in: badInputFolder)
        #expect(run.status == 65)
        let reported = run.standardError.split(separator: "\n").map(String.init)
        #expect(reported.count == cases.count)
        for (line, bad) in zip(reported, cases) {
            #expect(line.hasPrefix("reel: error: \(bad.message)"))
        }
        #expect(try externalIDs(archive) == cases.flatMap(\.goodSessions))
        let summary = try JSONParser.parse(run.standardOutput)
        #expect(summary["rejected"] == .number(Double(cases.count)))
        #expect(summary["recorded"] == .number(Double(cases.flatMap(\.goodSessions).count)))
    }

    /// A folder holding a file named like the case's with only the good sessions before the bad
    /// one (the corpus writes every good session in 4 lines), so both record the same source_file.
    private func goodPrefix(of bad: BadInputCase, in folder: String) throws -> String {
        let prefixFolder = folder + "/good-prefix"
        try FileManager.default.createDirectory(atPath: prefixFolder, withIntermediateDirectories: true)
        let lines = try String(contentsOfFile: badInputFolder + "/" + bad.file, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let prefix = lines.prefix(4 * bad.goodBefore.count).map { $0 + "\n" }.joined()
        try Data(prefix.utf8).write(to: URL(fileURLWithPath: prefixFolder + "/" + bad.file))
        return prefixFolder
    }
}
