import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 36: `reel report` of a results archive built by `reel merge` from shards plotted 0
/// sessions. The report of a merged (or `--results`) run reads the recorded traces from the source
/// archive (`--recorded ARCHIVE`, or the path `reel replay --results` stored with the run) and
/// shows the same players, lists and maps as the report of the same replay run in the archive
/// itself; a missing or different recorded archive is exit 66 naming it.
@Suite("The report of a merged run")
struct MergedRunReportTests {
    /// A swipe-dismiss corpus replayed against a candidate that flips some sessions, once in the
    /// archive and once as two shards merged into m.sqlite.
    private struct Runs {
        let folder: String
        let archive: String
    }

    private func runs() throws -> Runs {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 60)
        for shard in 1...2 {
            let run = try runReel(
                ["replay", "a.sqlite", "--engine", candidate, "--shard", "\(shard)/2", "--results", "s\(shard).sqlite"], in: folder)
            #expect(run.status == 1, "shard \(shard): \(run.standardError)")
        }
        let merge = try runReel(["merge", "s1.sqlite", "s2.sqlite", "-o", "m.sqlite"], in: folder)
        #expect(merge.status == 1 || merge.status == 0, "\(merge.standardError)")
        let replay = try runReel(["replay", "a.sqlite", "--engine", candidate, "--no-keep-traces"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        return Runs(folder: folder, archive: archive)
    }

    private func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            String(text[Range(match.range(at: match.numberOfRanges > 1 ? 1 : 0), in: text)!])
        }
    }

    private func page(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func aMergedRunShowsTheSamePlayersListsAndMapsAsTheInArchiveReplay() throws {
        let runs = try runs()
        let folder = runs.folder
        let inArchive = try runReel(["report", "a.sqlite", "-o", "in.html"], in: folder)
        #expect(inArchive.status == 0, "\(inArchive.standardError)")
        let merged = try runReel(["report", "m.sqlite", "--recorded", "a.sqlite", "-o", "merged.html"], in: folder)
        #expect(merged.status == 0, "\(merged.standardError)")
        let expected = try page(folder + "/in.html")
        let got = try page(folder + "/merged.html")

        let flipped = try archiveCount(runs.archive, "SELECT count(*) FROM replay_results WHERE decision_expected <> decision_actual")
        #expect(flipped >= 2, "the candidate flips some swipes")
        let players = #"<article class="session player" id="session-(\d+)""#
        let expectedPlayers = try matches(players, in: expected)
        #expect(expectedPlayers.count >= Int(flipped))
        #expect(try matches(players, in: got) == expectedPlayers, "the merged report plots the same sessions")
        // Its `reel show` commands name the recorded archive (a results archive holds no session to show).
        for id in expectedPlayers {
            #expect(got.contains("<p><code>reel show a.sqlite \(id)</code></p>"), "session \(id)")
        }
        let data = #"<script type="application/json" class="player-data">(.*?)</script>"#
        #expect(try matches(data, in: got) == (try matches(data, in: expected)), "the players draw the same traces")
        // The flipped table, up to each row's command (which names the archive given).
        let rows = #"(<tr id="flip-\d+"[^>]*>.*?)<td><code>"#
        #expect(try matches(rows, in: got) == (try matches(rows, in: expected)))
        #expect(try matches(rows, in: got).count == Int(flipped))
        let maps = #"(<section id="decision-maps">.*?</section>)"#
        #expect(try matches(maps, in: got) == (try matches(maps, in: expected)), "the decision maps are the same")

        // One session's page of the merged run.
        let first = try #require(expectedPlayers.first)
        let session = try runReel(["report", "m.sqlite", "--session", first, "--recorded", "a.sqlite", "-o", "session.html"], in: folder)
        #expect(session.status == 0, "\(session.standardError)")
        #expect(try page(folder + "/session.html").contains(#"<article class="session player" id="session-\#(first)""#))
    }

    @Test(.enabled(if: HeadlessBrowser.isInstalled, "needs chromium (tools/setup browser)"))
    func theMergedRunsFlippedPlayersDrawInChromium() throws {
        let runs = try runs()
        let folder = runs.folder
        let merged = try runReel(["report", "m.sqlite", "--recorded", "a.sqlite", "-o", "merged.html"], in: folder)
        #expect(merged.status == 0, "\(merged.standardError)")
        let (dom, log) = try HeadlessBrowser.dom(of: folder + "/merged.html", in: folder)
        #expect(HeadlessBrowser.consoleMessages(log).isEmpty, "\(HeadlessBrowser.consoleMessages(log))")
        let flipped = try archiveCount(
            folder + "/m.sqlite", "SELECT count(*) FROM replay_results WHERE decision_expected <> decision_actual")
        #expect(flipped >= 2)
        let database = try Database.open(runs.archive, mode: .readOnly)
        let statement = try database.prepare(
            "SELECT session_id FROM replay_results WHERE replay_id = 1 AND decision_expected <> decision_actual ORDER BY session_id")
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(at: 0)) }
        for id in ids {
            // The player ran: it wrote what it drew (views measured from the page) on both sides.
            let drawn = try matches(#"<article class="session player" id="session-\#(id)"[^>]*data-drawn="([^"]*)""#, in: dom)
            let json = try #require(drawn.first, "session \(id)'s player drew nothing").replacingOccurrences(of: "&quot;", with: "\"")
            let value = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            for side in ["recorded", "replayed"] {
                let views = (value[side] as? [String: Any])?["views"] as? [Any]
                #expect((views?.count ?? 0) > 0, "session \(id): the \(side) screen has no views: \(json.prefix(300))")
            }
        }
    }

    @Test func aMissingOrDifferentRecordedArchiveIsExit66NamingIt() throws {
        let runs = try runs()
        let folder = runs.folder
        // Another corpus: the same session ids with other contents.
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 60, seed: 12, in: folder), into: folder + "/b.sqlite")
        let other = try runReel(["report", "m.sqlite", "--recorded", "b.sqlite", "-o", "x.html"], in: folder)
        #expect(other.status == 66, "\(other.standardError)")
        #expect(other.standardError.contains("b.sqlite") && other.standardError.contains("content hash"), "\(other.standardError)")
        let missing = try runReel(["report", "m.sqlite", "--recorded", "nowhere.sqlite", "-o", "x.html"], in: folder)
        #expect(missing.status == 66, "\(missing.standardError)")
        #expect(missing.standardError.contains("nowhere.sqlite"), "\(missing.standardError)")
        // The stored path, once the recorded archive moved away.
        try FileManager.default.moveItem(atPath: runs.archive, toPath: folder + "/moved.sqlite")
        let moved = try runReel(["report", "m.sqlite", "-o", "x.html"], in: folder)
        #expect(moved.status == 66, "\(moved.standardError)")
        #expect(moved.standardError.contains(runs.archive) && moved.standardError.contains("--recorded"), "\(moved.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.html"))
    }
}
