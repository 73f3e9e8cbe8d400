import Foundation
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelReport

@Suite struct ReportPageTests {
    /// Opening and closing tags (void `meta` and self-closed `<x/>` aside) nest properly, and no
    /// `<` or `>` is left in the text once the tags are taken out (so archive text was escaped).
    static func checkWellFormed(_ html: String) throws {
        var body = html
        #expect(body.hasPrefix("<!DOCTYPE html>\n"))
        body.removeFirst("<!DOCTYPE html>\n".count)
        // CSS has no angle brackets; take the style element's text out so the scan sees only markup.
        let tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"<>]*")*)\s*(\/?)>/
        var stack: [String] = []
        var text = ""
        // Script text is not markup (the players' JSON is checked for `<` on its own): scan without it.
        body = body.replacing(/<script\b([^>]*)>[\s\S]*?<\/script>/) { "<script\($0.1)></script>" }
        var rest = Substring(body)
        while let match = rest.firstMatch(of: tag) {
            text += rest[..<match.range.lowerBound]
            let (closing, name, selfClosing) = (match.1 == "/", String(match.2), match.4 == "/")
            if closing {
                let open = stack.popLast()
                #expect(open == name, "</\(name)> closes <\(open ?? "nothing")>")
            } else if !selfClosing && name != "meta" {
                stack.append(name)
            }
            rest = rest[match.range.upperBound...]
        }
        text += rest
        #expect(stack.isEmpty, "unclosed: \(stack)")
        #expect(!text.contains("<") && !text.contains(">"), "stray angle bracket in text")
    }

    @Test func reportStructureAndEscaping() throws {
        let fixture = try ReportFixture()
        let archive = try Archive.open(fixture.archivePath, mode: .readOnly)
        let limit = 4
        let model = try ReportReader(archive: archive, archiveName: "a<b>.sqlite", plottedSessionLimit: limit).read(replayID: nil)
        let html = ReportPage.html(model)
        try Self.checkWellFormed(html)

        for section in ["summary", "scenarios", "divergent-sessions", "decision-maps"] {
            #expect(html.contains("<section id=\"\(section)\">"), "\(section)")
        }
        let divergent = try fixture.integers(
            "SELECT session_id FROM replay_results WHERE replay_id = \(fixture.replayID) AND status <> 'matched'")
        #expect(divergent.count > limit, "the fixture needs more divergent sessions than the cap")
        let plotted = model.sessionPlots.map(\.sessionID)
        let flipCount = try fixture.integers(
            "SELECT count(*) FROM replay_results WHERE replay_id = \(fixture.replayID) AND decision_expected <> decision_actual")[0]
        // --plots sessions, or every flipped session (each gets a player) when there are more.
        #expect(plotted.count == max(limit, Int(flipCount)) && Set(plotted).isSubset(of: Set(divergent)))
        let withViewProperty = try plotted.filter { session in
            try fixture.integers(
                "SELECT count(*) FROM divergences WHERE replay_id = \(fixture.replayID) AND session_id = \(session) AND kind = 'frame' AND view_key IS NOT NULL"
            ) != [0]
        }
        // Decision flips come first.
        let flips = try fixture.integers(
            "SELECT session_id FROM replay_results WHERE replay_id = \(fixture.replayID) AND decision_expected <> decision_actual")
        #expect(!flips.isEmpty)
        if flips.count >= limit {
            #expect(Set(plotted).isSubset(of: Set(flips)))
        } else {
            #expect(Set(plotted.prefix(flips.count)) == Set(flips))
        }
        // One progress plot per plotted session, one property plot where a view property diverged,
        // one decision map for the one interactive scenario (the tap scenario gets none).
        #expect(html.matches(of: /<svg class="plot"/).count == plotted.count + withViewProperty.count + 1)
        #expect(html.contains("\(divergent.count - plotted.count) more divergent or failed sessions are not plotted"))
        // Both engines' decisions for every mapped session: a mark per session per panel.
        let mapped = model.decisionMaps[0].plot.points.count
        #expect(mapped + model.decisionMaps[0].notStarted == 24)
        let marks = html.matches(of: /<circle [^>]*class="finished"/).count + html.matches(of: /<path [^>]*class="cancelled"/).count
        // The synthesized sheet drags are one-finger pans, some of them cancelled by the system:
        // each of those is boxed in both panels, and the legend then shows a boxed cross too.
        let mappedIDs = Set(model.decisionMaps[0].plot.points.map(\.sessionID))
        let touchCancelled = try fixture.integers("SELECT DISTINCT session_id FROM touches WHERE phase = 'cancelled'")
            .filter(mappedIDs.contains).count
        #expect(touchCancelled > 0)
        let legendMarks = touchCancelled > 0 ? 3 : 2
        #expect(marks == 2 * mapped + legendMarks, "the legend's marks besides the sessions' marks")
        #expect(html.matches(of: /class="touch-cancelled"/).count == 2 * touchCancelled + 1)
        #expect(html.contains("\(touchCancelled) with touches the system cancelled"))

        // One inline script, and one JSON blob per player, whose text holds no `<` (so archive text
        // cannot end the script element) yet reads back to the hostile name.
        #expect(html.matches(of: /<script>/).count == 1)
        let blobs = html.matches(of: /<script type="application\/json" class="player-data">([^<]*)<\/script>/).map { String($0.1) }
        #expect(blobs.count == plotted.count)
        #expect(html.matches(of: /<\/script>/).count == plotted.count + 1)
        let names = try blobs.map { blob in
            try #require(JSONSerialization.jsonObject(with: Data(blob.utf8)) as? [String: Any])["scenario"] as? String
        }
        #expect(names.contains(ReportFixture.hostileName))
        #expect(html.contains("sheet.drag-dismiss &lt;script&gt;alert(&quot;x&amp;y&quot;)&lt;/script&gt; &#39;q&#39;"))
        #expect(html.contains("a&lt;b&gt;.sqlite"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        // Links stay on the page: every href is an anchor of an element that exists.
        #expect(!html.contains(" src="))
        for link in html.matches(of: /\ href="([^"]*)"/) {
            #expect(link.1.hasPrefix("#") && html.contains(" id=\"\(link.1.dropFirst())\""), "\(link.1)")
        }
    }

    @Test func summaryCountsAndChangedParameters() throws {
        let fixture = try ReportFixture(sessions: 12)
        let archive = try Archive.open(fixture.archivePath, mode: .readOnly)
        let model = try ReportReader(archive: archive, archiveName: "x").read(replayID: fixture.replayID)
        let statuses = try ["matched", "diverged", "error"].map {
            try fixture.integers("SELECT count(*) FROM replay_results WHERE status = '\($0)'")[0]
        }
        #expect([model.totals.matched, model.totals.diverged, model.totals.errors].map(Int64.init) == statuses)
        #expect(model.totals.sessions == 15)
        #expect(model.scenarios.map(\.name).sorted() == [ReportFixture.hostileName, "nav.push"].sorted())
        #expect(model.replay.changedParameters.sorted() == ["sheet.dismiss_duration: 0.4 -> 0.35", "sheetdrag.threshold: 0.4 -> 0.45"])
        let words = model.replay.changedParameters.sorted().map(SummaryWords.parameterChange)
        #expect(words[0].hasSuffix("(sheet.dismiss_duration): 0.4 s → 0.35 s") && words[1].hasSuffix("(sheetdrag.threshold): 0.4 → 0.45"))
        #expect(
            SummaryWords.tolerances(model.replay.tolerancesJSON).contains("positions (x, y and the transform's tx, ty) within 0.333 pt"))
        #expect(model.candidateTraceNote?.contains("comes from re-running the candidate") == true, "\(model.candidateTraceNote ?? "")")
    }

    /// A results archive (reel replay --results) has session headers but no traces: nothing to plot
    /// or place, and the page says why instead of claiming nothing diverged.
    @Test func aResultsArchiveIsReportedWithoutCurves() throws {
        let fixture = try ReportFixture(sessions: 8)
        let results = fixture.archivePath + ".results.sqlite"
        let profile = (fixture.archivePath as NSString).deletingLastPathComponent + "/candidate.json"
        let replayer = Replayer(
            archivePath: fixture.archivePath, resultsPath: results, engine: try EngineFactory(.profile(path: profile)),
            options: .init())
        let summary = try replayer.run()
        #expect(summary.diverged > 0)
        let model = try ReportReader(archive: try Archive.open(results, mode: .readOnly), archiveName: "r").read(replayID: nil)
        #expect(model.sessionPlots.isEmpty && model.sessionsNotPlotted == summary.diverged + summary.errors)
        #expect(model.decisionMaps.map(\.notStarted) == [8])
        let html = ReportPage.html(model)
        try Self.checkWellFormed(html)
        #expect(
            html.contains("\(summary.diverged + summary.errors) sessions diverged or failed, but this archive holds none of their traces"))
    }

    @Test func aMissingReplayIsAUsageErrorAndNoReplayADataError() throws {
        let fixture = try ReportFixture(sessions: 2)
        let archive = try Archive.open(fixture.archivePath, mode: .readOnly)
        #expect(throws: ReelFailure.self) { try ReportReader(archive: archive, archiveName: "x").read(replayID: 99) }
        let empty = try Archive.open(temporaryPath("empty.sqlite"), mode: .readWrite)
        do {
            _ = try ReportReader(archive: empty, archiveName: "empty").read(replayID: nil)
            Issue.record("expected a failure")
        } catch let failure as ReelFailure {
            #expect(failure.kind == .dataError)
        }
    }
}

/// Issue 37: the flipped-sessions table lists a bounded number of flips (the first by id) and says
/// how many more there are, with a query that lists them all.
@Suite("The flipped table is bounded")
struct BoundedFlipTableTests {
    @Test func theTableListsTheFirstFlipsByIdAndNamesTheRest() throws {
        let fixture = try ReportFixture()
        let archive = try Archive.open(fixture.archivePath, mode: .readOnly)
        let flips = try fixture.integers(
            "SELECT session_id FROM replay_results WHERE replay_id = \(fixture.replayID) AND decision_expected <> decision_actual ORDER BY session_id"
        )
        #expect(flips.count >= 2, "the fixture needs flips beyond the limit")
        var reader = ReportReader(archive: archive, archiveName: "a.sqlite")
        reader.flippedListLimit = 1
        let model = try reader.read(replayID: nil)
        let html = ReportPage.html(model)
        let listed = html.matches(of: /<tr id="flip-(\d+)"/).map { Int64($0.1)! }
        #expect(listed == Array(flips.prefix(1)))
        #expect(html.contains("The table lists the first 1 by session id; \(flips.count - 1) more flipped session"))
        // The named query lists every flip: the saved query's SQL with its :replay parameter.
        let named = try #require(html.firstMatch(of: /reel query a.sqlite --saved ([a-z-]+) --param replay=(\d+)/))
        #expect(Int64(named.2) == fixture.replayID)
        let saved = try #require(EmbeddedQuery.named(String(named.1)))
        let body = saved.sql.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: ";", with: "")
        let sql = "SELECT session_id FROM (\(body.replacingOccurrences(of: ":replay", with: String(fixture.replayID)))) ORDER BY session_id"
        #expect(try fixture.integers(sql) == flips)
    }
}
