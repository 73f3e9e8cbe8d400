import Foundation
import ReelEngine
import ReelJSON
import ReelStore
import ReelTestSupport
import Testing

/// Issue 33: each decision is stored with its inputs and its rule (the recognizer's final state,
/// progress, velocity, acceleration where the rule uses it, the projected value, the threshold, the
/// rule's name and source), read back through the `decisions` view, and `reel show` prints the
/// stored arithmetic (re-running the engine only for sessions stored without one).
@Suite("Stored decisions")
struct StoredDecisionTests {
    /// The rows of `sql` as `reel query --format json` prints them, numbers as doubles (parsed
    /// exactly, by ReelJSON: every bit of a stored double).
    private func rows(_ archive: String, _ sql: String, in folder: String) throws -> [[String: Any]] {
        let run = try runReel(["query", archive, sql, "--format", "json"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        guard case .array(let items)? = try JSONParser.parse(run.standardOutput)["rows"] else {
            Issue.record("not a JSON array: \(run.standardOutput)")
            return []
        }
        return items.map { item in
            var row: [String: Any] = [:]
            if case .object(let members) = item {
                for member in members {
                    switch member.value {
                    case .number(let number): row[member.key] = number
                    case .string(let text): row[member.key] = text
                    default: continue
                    }
                }
            }
            return row
        }
    }

    /// The line `reel show` prints for one side ("(baseline)", "candidate)").
    private func decisionLine(_ archive: String, _ session: Int64, side: String, in folder: String, replay: Int64? = nil) throws -> String?
    {
        let run = try runReel(["show", archive, String(session)] + (replay.map { ["--replay", String($0)] } ?? []), in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput.split(separator: "\n").map(String.init).first { $0.hasPrefix("  decision by ") && $0.contains(side) }
    }

    /// Every interactive catalog scenario recorded by `reel record`: each session whose rule decided
    /// has one row, and every row's numbers satisfy its published rule, recomputed here: D26's
    /// back-swipe projection p + a T²/2 + v T against min(187.5 / width, 0.5), the seeds' progress
    /// thresholds, and the recognizer's final state telling the outcome.
    @Test func recordingStoresEveryDecisionWithTheNumbersItsRuleUsed() throws {
        let folder = try temporaryFolder()
        let interactive = ScenarioCatalog.all.filter { $0.interaction != nil }
        let streams = try interactive.map { try synthesizedStream($0.name, count: 40, seed: 33, in: folder) }
        let recorded = try runReel(["record", "a.sqlite"] + streams, in: folder)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        let all = try rows(
            "a.sqlite",
            """
            SELECT d.*, o.decision AS outcome, s.device_width FROM decisions AS d
            JOIN outcomes AS o USING (session_id) JOIN sessions AS s ON s.id = d.session_id ORDER BY d.session_id
            """, in: folder)
        #expect(all.count > 100, "\(all.count) decisions stored")
        var outcomes: [String: Set<String>] = [:]
        var byScenario: [String: Int] = [:]
        for row in all {
            let scenario = try #require(row["scenario"] as? String)
            let spec = try #require(ScenarioCatalog.named(scenario))
            #expect(spec.interaction != nil, "\(scenario) is no gesture's, yet a row: \(row)")
            byScenario[scenario, default: 0] += 1
            let rule = try #require(row["rule"] as? String)
            #expect(!(row["source"] as? String ?? "").isEmpty, "\(row)")
            let decision = try #require(row["decision"] as? String)
            let number = { (key: String) in row[key] as? Double }
            if let p = number("progress"), let a = number("acceleration"), let t = number("horizon"), let v = number("velocity"),
                let value = number("value"), let threshold = number("threshold")
            {
                #expect(rule == "uikitBackSwipe" || rule == "backSwipe" || rule == "gestureCancelled", "\(row)")
                // D26: the progress projected over the remaining duration T, same operations, same bits.
                #expect(value == p + a * 0.5 * t * t + v * t || value == p + v * t + a * t * t / 2, "\(row)")
                let width = try #require(number("device_width"))
                #expect(abs(threshold - min(187.5 / width, 0.5)) < 1e-12, "\(row)")
            }
            if rule == "progressThreshold" { #expect(number("value") == number("progress"), "\(row)") }
            if ["progressThreshold", "uikitBackSwipe", "backSwipe", "projection"].contains(rule), let value = number("value"),
                let threshold = number("threshold")
            {
                // Each of these finishes iff its value passes its threshold.
                #expect(decision == (value > threshold ? "finished" : "cancelled"), "\(row)")
            }
            if rule == "gestureCancelled" { #expect(decision == "cancelled", "\(row)") }
            let state = row["recognizer_state"] as? String ?? ""
            outcomes["\(scenario) \(state) \(decision)", default: []].insert(try #require(row["outcome"] as? String))
        }
        // Given the recognizer's final state, a decision tells the outcome (a back swipe that reverses
        // a push inverts it).
        for (key, seen) in outcomes { #expect(seen.count == 1, "\(key): \(seen)") }
        for spec in interactive {
            if !["nav.content-swipe-pop", "nav.interrupt-push"].contains(spec.name) {
                #expect(byScenario[spec.name, default: 0] > 0, "\(spec.name): no decision stored")
            }
        }
        // A tap scenario stores none.
        #expect(
            try archiveCount(
                folder + "/a.sqlite",
                "SELECT count(*) FROM decision_rows AS d JOIN sessions AS s ON s.id = d.session_id "
                    + "JOIN scenarios AS c ON c.id = s.scenario_id WHERE json_extract(c.spec_json, '$.interaction') IS NULL") == 0)
    }

    /// `reel show` prints what the archive stores (a changed threshold shows), and re-runs the
    /// engine only for a session stored without a decision (as archives recorded before v9).
    @Test func showReadsTheStoredArithmeticAndFallsBackForOlderSessions() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("modal.swipe-dismiss", count: 12, seed: 5, in: folder)
        #expect(try runReel(["record", "a.sqlite", stream], in: folder).status == 0)
        let archive = folder + "/a.sqlite"
        let session = try archiveCount(archive, "SELECT min(session_id) FROM decision_rows")
        #expect(session > 0)
        let original = try #require(try decisionLine("a.sqlite", session, side: "(baseline)", in: folder))
        #expect(original.contains(" -> ") && original.contains("[progressThreshold: "), "\(original)")

        let database = try Database.open(archive, mode: .readWrite)
        try database.execute("UPDATE decision_rows SET threshold = 0.987654 WHERE session_id = \(session)")
        let changed = try #require(try decisionLine("a.sqlite", session, side: "(baseline)", in: folder))
        #expect(changed.contains("0.988"), "the stored threshold is printed: \(changed)")

        try database.execute("DELETE FROM decision_rows WHERE session_id = \(session)")
        let rerun = try #require(try decisionLine("a.sqlite", session, side: "(baseline)", in: folder))
        #expect(rerun == original, "re-run for a session without a stored decision")
    }

    /// A replay stores its candidate's decisions; the swipe candidate's threshold 0.3 is the stored one.
    @Test func aReplayStoresTheCandidatesDecisions() throws {
        let (folder, _, candidate) = try swipeDismissCorpus(count: 40)
        let run = try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let thresholds = try rows(
            "a.sqlite", "SELECT engine, threshold, count(*) AS n FROM decisions GROUP BY engine, threshold ORDER BY engine", in: folder)
        let byThreshold = Dictionary(
            uniqueKeysWithValues: thresholds.map { (($0["threshold"] as? Double) ?? -1, ($0["n"] as? Double) ?? 0) })
        #expect(byThreshold[0.5] != nil && byThreshold[0.5] == byThreshold[0.3], "\(thresholds)")
        let flipped = try archiveCount(folder + "/a.sqlite", "SELECT min(session_id) FROM regressions")
        let line = try #require(try decisionLine("a.sqlite", flipped, side: "candidate)", in: folder))
        #expect(line.contains("> 0.300 -> finish"), "\(line)")
    }

    /// `reel merge` carries the shards' stored decisions: the merged results hold the same
    /// decisions, numbers and rules as one unsharded results run of the same candidate.
    @Test func aMergedRunKeepsItsShardsDecisions() throws {
        let (folder, _, candidate) = try swipeDismissCorpus(count: 40)
        for shard in 1...2 {
            let run = try runReel(
                ["replay", "a.sqlite", "--engine", candidate, "--shard", "\(shard)/2", "--results", "s\(shard).sqlite"], in: folder)
            #expect([0, 1].contains(run.status), "\(run.standardError)")
        }
        let merge = try runReel(["merge", "s1.sqlite", "s2.sqlite", "-o", "m.sqlite"], in: folder)
        #expect([0, 1].contains(merge.status), "\(merge.standardError)")
        let whole = try runReel(["replay", "a.sqlite", "--engine", candidate, "--results", "w.sqlite"], in: folder)
        #expect([0, 1].contains(whole.status), "\(whole.standardError)")
        let sql = """
            SELECT session_id, engine, engine_version, recognizer_state, rule, source, progress, velocity, acceleration,
                horizon, value, threshold, velocity_threshold, scale, scale_threshold, decision
            FROM decisions ORDER BY session_id, engine
            """
        let merged = try runReel(["query", "m.sqlite", sql, "--format", "csv"], in: folder)
        let unsharded = try runReel(["query", "w.sqlite", sql, "--format", "csv"], in: folder)
        #expect(merged.status == 0 && unsharded.status == 0, "\(merged.standardError) \(unsharded.standardError)")
        // 40 sessions, each decided by the candidate's progress-threshold rule: a header and 40 rows.
        #expect(unsharded.standardOutput.split(separator: "\n").count == 41, "\(unsharded.standardOutput)")
        #expect(merged.standardOutput == unsharded.standardOutput)
    }

    /// An exec: engine's optional outcome.decision is stored and shown as its own rule; an engine
    /// that sends none is "not explained", saying why.
    @Test func anExecEnginesDecisionIsStoredAndOneWithoutIsNotExplained() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 6, seed: 51, in: folder)
        let example = "exec:python3 \(repositoryRoot)/tools/example_engine.py"
        #expect(try runReel(["record", "a.sqlite", stream, "--engine", example + " --explain"], in: folder).status == 0)
        #expect(try runReel(["record", "b.sqlite", stream, "--engine", example], in: folder).status == 0)
        let stored = try rows("a.sqlite", "SELECT * FROM decisions ORDER BY session_id", in: folder)
        #expect(stored.count == 6)
        for row in stored where row["rule"] as? String == "progressThreshold" {
            let p = try #require(row["progress"] as? Double)
            #expect(row["threshold"] as? Double == 0.5)
            #expect(row["decision"] as? String == (p > 0.5 ? "finished" : "cancelled"), "\(row)")
            #expect(row["engine"] as? String == "example-percent-engine")
        }
        let explained = try #require(try decisionLine("a.sqlite", 1, side: "(baseline)", in: folder))
        #expect(
            explained.contains("[progressThreshold: example_engine.py: finish iff progress > threshold at release]")
                || explained.contains("[gestureCancelled: example_engine.py"), "\(explained)")
        let silent = try #require(try decisionLine("b.sqlite", 1, side: "(baseline)", in: folder))
        #expect(silent.contains("not explained: ") && silent.contains("outcome.decision"), "\(silent)")
    }
}
