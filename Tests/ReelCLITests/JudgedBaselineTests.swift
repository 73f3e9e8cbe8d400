import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 33: after `reel accept`, the report and `reel show` of an earlier replay drew the current
/// baseline (the accepted candidate's trace), so a flip appeared as two identical players. They
/// draw the baseline the replay was judged against (the trace the first later acceptance replaced,
/// docs/SCHEMA.md) and say that an accept has replaced it since: who, when, which replay.
@Suite("A replay is shown against the baseline it was judged against")
struct JudgedBaselineTests {
    /// A flipped session of replay 1 and its stored decisions, read from `replay_results`.
    private func flipped(in archive: String) throws -> (session: Int64, expected: String, actual: String) {
        let database = try Database.open(archive, mode: .readOnly)
        let rows = try database.prepare(
            """
            SELECT session_id, decision_expected, decision_actual FROM replay_results
            WHERE replay_id = 1 AND decision_expected <> decision_actual ORDER BY session_id LIMIT 1
            """)
        #expect(try rows.step(), "replay 1 flipped no session")
        return (rows.int64(at: 0), rows.string(at: 1), rows.string(at: 2))
    }

    /// Who accepted and when, as `baseline_history` holds it.
    private func acceptance(of session: Int64, in archive: String) throws -> (by: String, at: String) {
        let database = try Database.open(archive, mode: .readOnly)
        let rows = try database.prepare("SELECT accepted_by, replaced_at FROM baseline_history WHERE session_id = \(session)")
        #expect(try rows.step())
        return (rows.string(at: 0), rows.string(at: 1))
    }

    /// The outcome line of `reel show`: "... outcome  finished (N frames)".
    private func shownOutcome(_ text: String) -> String? {
        let line = text.split(separator: "\n").first { $0.contains("  outcome  ") }
        return line.flatMap { $0.contains("finished") ? "finished" : $0.contains("cancelled") ? "cancelled" : nil }
    }

    /// `"finished"` of the player's recorded and replayed sides in a report page.
    private func playerSides(_ html: String) -> (recorded: Bool?, replayed: Bool?) {
        func side(_ name: String) -> Bool? {
            guard let range = html.range(of: "\"\(name)\":{\"finished\":") else { return nil }
            return html[range.upperBound...].hasPrefix("true") ? true : html[range.upperBound...].hasPrefix("false") ? false : nil
        }
        return (side("recorded"), side("replayed"))
    }

    @Test func showAndReportOfAnEarlierReplayDrawTheReplacedBaseline() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 60)
        let replay = try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        let flip = try flipped(in: archive)
        #expect(flip.expected != flip.actual)
        let accept = try runReel(["accept", "a.sqlite", "--replay", "1"], in: folder)
        #expect(accept.status == 0, "\(accept.standardError)")
        let (who, when) = try acceptance(of: flip.session, in: archive)
        let again = try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder)
        #expect(again.status == 0, "\(again.standardError)")

        // Replay 1 compared against the recorded trace: that is what show draws for it, and it says
        // who replaced it, when and from which replay.
        let earlier = try runReel(["show", "a.sqlite", String(flip.session), "--replay", "1"], in: folder)
        #expect(earlier.status == 0, "\(earlier.standardError)")
        #expect(shownOutcome(earlier.standardOutput) == flip.expected, "\(earlier.standardOutput)")
        #expect(earlier.standardOutput.contains("  recorded by reel-builtin "), "\(earlier.standardOutput)")
        #expect(
            earlier.standardOutput.contains(
                "this is the baseline replay 1 compared against; replaced since: \(who) accepted replay 1's trace"),
            "\(earlier.standardOutput)")
        #expect(earlier.standardOutput.contains(when))
        // Replay 2 compared against the accepted trace, which is still the baseline.
        let later = try runReel(["show", "a.sqlite", String(flip.session), "--replay", "2"], in: folder)
        #expect(later.status == 0, "\(later.standardError)")
        #expect(shownOutcome(later.standardOutput) == flip.actual, "\(later.standardOutput)")
        #expect(!later.standardOutput.contains("replaced since"))

        // The session page of replay 1: recorded and replayed sides differ as the verdict says.
        let page = try runReel(
            ["report", "a.sqlite", "--replay", "1", "--session", String(flip.session), "-o", "s.html"], in: folder)
        #expect(page.status == 0, "\(page.standardError)")
        let html = try String(contentsOfFile: folder + "/s.html", encoding: .utf8)
        let sides = playerSides(html)
        #expect(sides.recorded == (flip.expected == "finished"), "recorded side")
        #expect(sides.replayed == (flip.actual == "finished"), "replayed side")
        #expect(
            html.contains("It has been replaced since: \(who) accepted replay 1&#39;s trace")
                || html.contains(
                    "It has been replaced since: \(who) accepted replay 1's trace")
        )

        // The whole report of replay 1 draws the same for the flipped session.
        let whole = try runReel(["report", "a.sqlite", "--replay", "1", "-o", "r.html"], in: folder)
        #expect(whole.status == 0, "\(whole.standardError)")
        let report = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
        let anchor = try #require(report.range(of: "\"id\":\(flip.session),"))
        let sidesInReport = playerSides(String(report[anchor.lowerBound...]))
        #expect(sidesInReport.recorded == (flip.expected == "finished"))
        #expect(sidesInReport.replayed == (flip.actual == "finished"))
    }
}
