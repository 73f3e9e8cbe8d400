import Foundation
import ReelJSON
import ReelTestSupport
import Testing

/// Issue 36, selection: `reel replay --tag TAG` (the sessions' tags, such as the capture's
/// `device:` tags), `--diverged-in REPLAY` (only what a replay did not match, as Playwright's
/// `--last-failed`) and `--scenario` globs (`nav.*`). Each narrows the selection like `--session`
/// and `--scenario` do; an empty selection is still refused (65), naming the selection.
@Suite("Selecting sessions by tag, by an earlier replay's divergences, by scenario glob")
struct SelectionOptionsTests {
    /// Sessions `first...` of one scenario, each session line given `tag(index)` as its first tag.
    private func tagged(_ scenario: String, count: Int, seed: UInt64, in folder: String, tag: (Int) -> String) throws -> String {
        let stream = try synthesizedStream(scenario, count: count, seed: seed, in: folder)
        var index = 0
        var lines: [String] = []
        for line in try String(contentsOfFile: stream, encoding: .utf8).split(separator: "\n") {
            guard line.contains("\"type\":\"session\"") else {
                lines.append(String(line))
                continue
            }
            #expect(line.contains("\"tags\":[\"synth\""), "a synthesized session carries the tags synth and its style")
            lines.append(line.replacingOccurrences(of: "\"tags\":[", with: "\"tags\":[\"\(tag(index))\","))
            index += 1
        }
        let path = stream + ".tagged.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// 6 swipe dismissals (ids 1...6) tagged device:iphone-16, device:ipad-air alternately (odd ids the
    /// iPhone), then 4 pushes (7...10) all tagged device:ipad-air.
    private func taggedArchive() throws -> (folder: String, archive: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let phones = try tagged("modal.swipe-dismiss", count: 6, seed: 5, in: folder) {
            $0 % 2 == 0 ? "device:iphone-16" : "device:ipad-air"
        }
        _ = try record(phones, into: archive)
        _ = try record(try tagged("nav.push", count: 4, seed: 6, in: folder) { _ in "device:ipad-air" }, into: archive)
        return (folder, archive)
    }

    private func judged(_ replayID: Int64, in archive: String) throws -> [Int64] {
        try verdicts(of: replayID, in: archive).map(\.session)
    }

    @Test func tagSelectsTheSessionsCarryingAnyOfTheTagsGiven() throws {
        let (folder, archive) = try taggedArchive()
        // The ids computed from how the archive was made: odd ids of 1...6 are the iPhone's.
        let iphone: [Int64] = [1, 3, 5]
        let ipad: [Int64] = [2, 4, 6, 7, 8, 9, 10]
        #expect(try archiveCount(archive, "SELECT count(*) FROM sessions") == 10)

        let one = try runReel(["replay", "a.sqlite", "--tag", "device:iphone-16", "--format", "json"], in: folder)
        #expect(one.status == 0, "\(one.standardError)")
        #expect(try JSONParser.parse(one.standardOutput)["sessions"] == .number(Double(iphone.count)))
        #expect(try judged(1, in: archive) == iphone)
        #expect(
            try archiveCount(archive, "SELECT count(*) FROM replays WHERE id = 1 AND selection_json = '{\"tags\":[\"device:iphone-16\"]}'")
                == 1, "the tags are stored with the selection, for --resume and merge")

        let both = try runReel(["replay", "a.sqlite", "--tag", "device:ipad-air", "--tag", "device:iphone-16"], in: folder)
        #expect(both.status == 0, "\(both.standardError)")
        #expect(try judged(2, in: archive) == (iphone + ipad).sorted())

        // With --scenario: the sessions of the tag that are of the scenario.
        let narrowed = try runReel(["replay", "a.sqlite", "--tag", "device:ipad-air", "--scenario", "nav.push"], in: folder)
        #expect(narrowed.status == 0, "\(narrowed.standardError)")
        #expect(try judged(3, in: archive) == [7, 8, 9, 10])

        // A tag no session carries is refused, naming it and the tags there are; nothing is written.
        let unknown = try runReel(["replay", "a.sqlite", "--tag", "device:pixel-9"], in: folder)
        #expect(unknown.status == 65, "\(unknown.standardError)")
        #expect(unknown.standardError.contains("no session tagged 'device:pixel-9'"), "\(unknown.standardError)")
        #expect(unknown.standardError.contains("device:ipad-air"), "\(unknown.standardError)")
        // Tags that exist but no session of the scenario carries: an empty selection, named.
        let empty = try runReel(["replay", "a.sqlite", "--tag", "device:iphone-16", "--scenario", "nav.push"], in: folder)
        #expect(empty.status == 65, "\(empty.standardError)")
        #expect(
            empty.standardError.contains("selects no session: the sessions of scenario nav.push tagged device:iphone-16"),
            "\(empty.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == 3)
        let blank = try runReel(["replay", "a.sqlite", "--tag", ""], in: folder)
        #expect(blank.status == 64, "\(blank.standardError)")
    }

    @Test func divergedInReplaysOnlyWhatThatReplayDidNotMatch() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 30)
        let first = try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder)
        #expect(first.status == 1, "\(first.standardError)")
        let failed = try verdicts(of: 1, in: archive).filter { $0.status != "matched" }.map(\.session)
        #expect(!failed.isEmpty && failed.count < 30, "some of the 30 sessions diverge on the lower threshold: \(failed.count)")

        let again = try runReel(["replay", "a.sqlite", "--engine", candidate, "--diverged-in", "1", "--format", "json"], in: folder)
        #expect(again.status == 1, "\(again.standardError)")
        let summary = try JSONParser.parse(again.standardOutput)
        #expect(summary["sessions"] == .number(Double(failed.count)))
        #expect(try judged(2, in: archive) == failed)
        #expect(
            try archiveCount(archive, "SELECT count(*) FROM replays WHERE id = 2 AND selection_json = '{\"diverged_in\":1}'") == 1)

        // Narrowed by --session: the given sessions that replay 1 did not match.
        let matchedOne = try #require(try verdicts(of: 1, in: archive).first { $0.status == "matched" }?.session)
        let narrowed = try runReel(
            [
                "replay", "a.sqlite", "--engine", candidate, "--diverged-in", "1", "--session", String(failed[0]), "--session",
                String(matchedOne),
            ], in: folder)
        #expect(narrowed.status == 1, "\(narrowed.standardError)")
        #expect(try judged(3, in: archive) == [failed[0]])

        // The recorded engine matches everything: nothing diverged in that replay, so nothing to re-run.
        let clean = try runReel(["replay", "a.sqlite"], in: folder)
        #expect(clean.status == 0, "\(clean.standardError)")
        let nothing = try runReel(["replay", "a.sqlite", "--diverged-in", "4"], in: folder)
        #expect(nothing.status == 65, "\(nothing.standardError)")
        #expect(nothing.standardError.contains("selects no session: the sessions that replay 4 did not match"), "\(nothing.standardError)")
        let unknown = try runReel(["replay", "a.sqlite", "--diverged-in", "99"], in: folder)
        #expect(unknown.status == 65, "\(unknown.standardError)")
        #expect(unknown.standardError.contains("no replay 99"), "\(unknown.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == 4)
    }

    @Test func scenarioGlobsSelectEveryScenarioTheyMatch() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 5, seed: 2, in: folder), into: archive)
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 3, seed: 3, in: folder), into: archive)
        _ = try record(try synthesizedStream("nav.push", count: 2, seed: 4, in: folder), into: archive)

        let nav = try runReel(["replay", "a.sqlite", "--scenario", "nav.*", "--format", "json"], in: folder)
        #expect(nav.status == 0, "\(nav.standardError)")
        #expect(try judged(1, in: archive) == Array(6...10))
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays WHERE selection_json = '{\"scenario\":\"nav.*\"}'") == 1)

        // `?` is one character; a glob and a name together: the union.
        let pattern = try runReel(["replay", "a.sqlite", "--scenario", "nav.pus?", "--scenario", "modal.swipe-dismiss"], in: folder)
        #expect(pattern.status == 0, "\(pattern.standardError)")
        #expect(try judged(2, in: archive) == [1, 2, 3, 4, 5, 9, 10])

        // A glob no scenario of the archive matches is refused, naming it and the scenarios there are.
        let none = try runReel(["replay", "a.sqlite", "--scenario", "sheet.*"], in: folder)
        #expect(none.status == 65, "\(none.standardError)")
        #expect(none.standardError.contains("no scenario matches 'sheet.*'"), "\(none.standardError)")
        #expect(none.standardError.contains("nav.interactive-pop"), "\(none.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == 2)
    }

    @Test func aResumeTakesTheStoredTagsAndRefusesOthers() throws {
        let (folder, archive) = try taggedArchive()
        let base = ["replay", "a.sqlite", "--results", "r.sqlite", "--format", "json"]
        let whole = try runReel(base + ["--tag", "device:ipad-air"], in: folder)
        #expect(whole.status == 0, "\(whole.standardError)")
        let results = folder + "/r.sqlite"
        let ipad: [Int64] = [2, 4, 6, 7, 8, 9, 10]
        #expect(try judged(1, in: results) == ipad)
        // Killed after session 4: its verdicts on 2 and 4 stay, the rest is to do.
        try interruptReplay(1, in: results, after: 4)
        let other = try runReel(base + ["--tag", "device:iphone-16", "--resume", "1"], in: folder)
        #expect(other.status == 65, "\(other.standardError)")
        #expect(
            other.standardError.contains(
                "it was begun for the sessions tagged device:ipad-air, this run selects the sessions tagged device:iphone-16; "
                    + "resume with the same --session, --scenario, --tag and --diverged-in options, or with none"),
            "\(other.standardError)")
        let resumed = try runReel(base + ["--resume", "1"], in: folder)
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(try judged(1, in: results) == ipad, "the stored tags select the rest")
        _ = archive
    }
}
