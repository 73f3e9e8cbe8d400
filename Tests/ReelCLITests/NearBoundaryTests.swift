import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 49, item 2: `--saved near-boundary` ranks each session by the stored decision's own
/// numbers (the `decision_rows` the engine wrote), not by the scenario spec's threshold and the
/// events' rounded text, names the rule per row, and leaves out gesture cancellations.
@Suite("near-boundary reads the stored decisions")
struct NearBoundaryTests {
    /// Swipe dismissals recorded by a profile whose `swipe.threshold` is 0.45 (the spec's is 0.5).
    @Test func anArchiveRecordedWithThreshold045IsRankedAgainst045() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("modal.swipe-dismiss", count: 200, seed: 3, in: folder)
        let profile = try profile("\"swipe.threshold\":0.45", in: folder, name: "t45")
        let record = try runReel(["record", "a.sqlite", stream, "--engine", profile], in: folder)
        #expect(record.status == 0, "\(record.standardError)")

        // The expected ranking, from the raw tables: every stored decision but the gesture
        // cancellations, by |value - threshold| then session id.
        let statement = try Database.open(folder + "/a.sqlite", mode: .readOnly).prepare(
            """
            SELECT d.session_id, r.rule, d.value, d.threshold, d.finish FROM decision_rows AS d
            JOIN decision_rules AS r ON r.id = d.rule_id
            """)
        var rows: [(id: Int64, rule: String, value: Double, threshold: Double, finish: Bool)] = []
        var cancelledByGesture: Set<Int64> = []
        while try statement.step() {
            let rule = statement.string(at: 1)
            if rule == "gestureCancelled" {
                cancelledByGesture.insert(statement.int64(at: 0))
                continue
            }
            rows.append((statement.int64(at: 0), rule, statement.double(at: 2), statement.double(at: 3), statement.int64(at: 4) == 1))
        }
        try #require(rows.count > 20)
        #expect(rows.allSatisfy { $0.threshold == 0.45 }, "the profile's threshold is what the engine compared")
        let expected = rows.sorted { (abs($0.value - $0.threshold), $0.id) < (abs($1.value - $1.threshold), $1.id) }.prefix(10)

        let query = try runReel(
            [
                "query", "a.sqlite", "--saved", "near-boundary", "--param", "scenario=modal.swipe-dismiss", "--param", "limit=10",
                "--format", "json",
            ],
            in: folder)
        #expect(query.status == 0, "\(query.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(query.standardOutput.utf8)) as? [String: Any])
        let got = try #require(object["rows"] as? [[String: Any]])
        #expect(got.compactMap { ($0["session_id"] as? NSNumber)?.int64Value } == expected.map(\.id))
        for (row, want) in zip(got, expected) {
            #expect(row["rule"] as? String == want.rule)
            #expect((row["threshold"] as? NSNumber)?.doubleValue == want.threshold)
            // The stored double to its last bit (JSONSerialization rounds the last bit: read the text).
            #expect(
                query.standardOutput.contains("{\"session_id\":\(want.id),") && query.standardOutput.contains("\"value\":\(want.value),"),
                "session \(want.id): the stored double \(want.value), not a rounded event text")
            #expect(row["sign"] as? String == (want.value > want.threshold ? ">" : want.value < want.threshold ? "<" : "="))
            #expect(row["decision"] as? String == (want.finish ? "finished" : "cancelled"))
        }
        // No session a gesture cancellation decided, at any limit.
        let all = try runReel(["query", "a.sqlite", "--saved", "near-boundary", "--param", "limit=1000", "--format", "json"], in: folder)
        let allRows = try #require(
            (try JSONSerialization.jsonObject(with: Data(all.standardOutput.utf8)) as? [String: Any])?["rows"] as? [[String: Any]])
        #expect(allRows.count == rows.count)
        #expect(allRows.allSatisfy { !cancelledByGesture.contains(($0["session_id"] as? NSNumber)?.int64Value ?? -1) })
    }
}
