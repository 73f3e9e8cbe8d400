import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 49, item 4: `reel demo` cut its summary at 12 lines with no marker, showing one flipped
/// scenario of three. Every flipped scenario is listed with its count and first sessions, and the
/// sessions not listed are counted with the command that lists them.
@Suite("reel demo lists every flipped scenario")
struct DemoFlipListTests {
    @Test func everyFlippedScenarioIsListedWithItsCount() throws {
        let folder = try temporaryFolder()
        let demo = try runReel(["demo", "--directory", "d", "--count", "60"], in: folder)
        #expect(demo.status == 0 || demo.status == 1, "\(demo.standardError)")
        let output = demo.standardOutput
        // The flips by scenario, from the archive's rows.
        let statement = try Database.open(folder + "/d/demo.sqlite", mode: .readOnly).prepare(
            """
            SELECT sc.name, rr.session_id FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id
            JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = 1 AND rr.decision_expected <> rr.decision_actual ORDER BY rr.session_id
            """)
        var flips: [String: [Int64]] = [:]
        while try statement.step() { flips[statement.string(at: 0), default: []].append(statement.int64(at: 1)) }
        let total = flips.values.map(\.count).reduce(0, +)
        try #require(flips.count >= 2, "the demo's candidate flips several scenarios")
        #expect(output.contains("\(total) flips (the decision changed) in \(flips.count) scenarios:"), "\(output)")
        var listed = 0
        for (scenario, ids) in flips {
            let shown = ids.prefix(3).map(String.init).joined(separator: ", ")
            let noun = ids.count == 1 ? "flip" : "flips"
            let line =
                "\(scenario): \(ids.count) \(noun), " + (ids.count == 1 ? "session " : ids.count > 3 ? "first sessions " : "sessions ")
                + shown
            #expect(output.contains(line), "missing: \(line)\n\(output)")
            listed += min(ids.count, 3)
        }
        // The "by kind" line counts divergence rows, and says so (the sessions diverged are fewer).
        let frameRows = try archiveCount(
            folder + "/d/demo.sqlite", "SELECT count(*) FROM divergences WHERE replay_id = 1 AND kind = 'frame'")
        #expect(output.contains("divergences (rows, not sessions) by kind: ") && output.contains(" frame \(frameRows)"), "\(output)")
        if listed < total {
            #expect(
                output.contains("\(total - listed) more flipped sessions not listed; all of them: reel query ")
                    && output.contains("--saved regressions --param replay=1"), "\(output)")
        } else {
            #expect(!output.contains("not listed"))
        }
    }
}
