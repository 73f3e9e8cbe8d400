import Foundation
import ReelTestSupport
import Testing

/// Issue 33: `reel show` pointed at `report.html#session-N` for every session, though the whole
/// report plots only the flipped and the most divergent ones. It hints at the anchor only for a
/// session the report plots, with the command that writes that report.
@Suite("reel show hints at a report anchor only where there is one")
struct ShowReportHintTests {
    @Test func theHintFollowsTheReport() throws {
        // A slower dismissal: every session diverges in frames, none flips, and the report plots 6.
        let (folder, archive, _) = try swipeDismissCorpus(count: 20)
        let slower = try profile("\"modal.duration\":0.5", in: folder, name: "slower")
        #expect(try runReel(["replay", "a.sqlite", "--engine", slower], in: folder).status == 1)
        let report = try runReel(["report", "a.sqlite", "--replay", "1", "-o", "report.html"], in: folder)
        #expect(report.status == 0, "\(report.standardError)")
        let html = try String(contentsOfFile: folder + "/report.html", encoding: .utf8)
        let diverged = try verdicts(of: 1, in: archive).filter { $0.status == "diverged" }.map(\.session)
        #expect(diverged.count > 6)
        var hinted = 0
        for id in diverged {
            let show = try runReel(["show", "a.sqlite", String(id), "--replay", "1"], in: folder)
            #expect(show.status == 0)
            let plotted = html.contains("id=\"session-\(id)\"")
            let hint = "or in the whole report: reel report a.sqlite --replay 1 -o report.html, then open report.html#session-\(id)"
            #expect(show.standardOutput.contains(hint) == plotted, "session \(id): plotted \(plotted)")
            #expect(show.standardOutput.contains("report.html#") == plotted)
            if plotted { hinted += 1 }
        }
        #expect(hinted == 6)
    }
}
