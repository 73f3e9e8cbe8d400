import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 33: the replay's text output never hides a flip. It lists every flipped session first,
/// grouped by scenario, then counts the other diverged sessions by kind; `--verbose` lists every one.
@Suite("Replay text output: flips first")
struct ReplayTextOutputTests {
    /// Session ids of replay `replay` by (flipped, scenario), and the other diverged sessions' kinds.
    private func stored(_ archive: String, replay: Int64) throws -> (flips: [String: Set<Int64>], rest: [Int64: [String]]) {
        let database = try Database.open(archive, mode: .readOnly)
        let rows = try database.prepare(
            """
            SELECT rr.session_id, sc.name, rr.decision_expected IS NOT NULL AND rr.decision_actual IS NOT NULL
                AND rr.decision_expected <> rr.decision_actual, rr.kinds_json
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = \(replay) AND rr.status <> 'matched'
            """)
        var flips: [String: Set<Int64>] = [:]
        var rest: [Int64: [String]] = [:]
        while try rows.step() {
            if rows.int64(at: 2) == 1 {
                flips[rows.string(at: 1), default: []].insert(rows.int64(at: 0))
            } else {
                let kinds = try JSONSerialization.jsonObject(with: Data(rows.string(at: 3).utf8)) as? [String] ?? []
                rest[rows.int64(at: 0)] = kinds
            }
        }
        return (flips, rest)
    }

    private func sessionID(_ line: Substring) -> Int64? {
        guard line.hasPrefix("  session ") else { return nil }
        return Int64(line.dropFirst("  session ".count).prefix { $0 != ":" })
    }

    @Test func flipsComeFirstByScenarioAndTheRestAreCountedUnlessVerbose() throws {
        let (folder, archive, _) = try swipeDismissCorpus(count: 60)
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 60, seed: 3, in: folder), into: archive)
        let run = try runReel(["replay", "a.sqlite", "--engine", "legacy-0.3"], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let (flips, rest) = try stored(archive, replay: 1)
        #expect(flips.values.reduce(0) { $0 + $1.count } > 0 && !rest.isEmpty, "the corpus has flips and other divergences")
        let lines = run.standardOutput.split(separator: "\n")

        // Every flip is listed, before anything else, under its scenario's heading, and only flips.
        let listed = lines.compactMap(sessionID)
        #expect(Set(listed) == Set(flips.values.flatMap { $0 }), "\(run.standardOutput)")
        var scenario: String?
        for line in lines {
            if line.hasPrefix("  "), !line.hasPrefix("  session "), line.hasSuffix("):"), let open = line.lastIndex(of: "(") {
                scenario = String(line.dropFirst(2)[..<open]).trimmingCharacters(in: .whitespaces)
            }
            guard let id = sessionID(line) else { continue }
            let group = try #require(scenario, "\(line) under no heading")
            #expect(flips[group]?.contains(id) == true, "session \(id) listed under \(group)")
            #expect(line.contains("[\(group); ") && line.contains("decision"), "scenario and kinds: \(line)")
        }
        // Then the rest, counted by kind: sessions per kind as the archive has them.
        let countLine = try #require(lines.first { $0.contains("sessions by kind: ") }, "\(run.standardOutput)")
        let lastSession = try #require(lines.lastIndex { sessionID($0) != nil })
        #expect(lines.firstIndex(of: countLine)! > lastSession)
        var perKind: [String: Int] = [:]
        for kinds in rest.values { for kind in Set(kinds) { perKind[kind, default: 0] += 1 } }
        for (kind, count) in perKind { #expect(countLine.contains("\(kind) \(count)"), "\(kind) \(count) in \(countLine)") }
        #expect(countLine.contains("\(rest.count) other diverged or failed session"), "\(countLine)")

        // --verbose: every diverged session, each once, flips first.
        let verbose = try runReel(["replay", "a.sqlite", "--engine", "legacy-0.3", "--verbose"], in: folder)
        #expect(verbose.status == 1)
        let (flips2, rest2) = try stored(archive, replay: 2)
        let all = verbose.standardOutput.split(separator: "\n").compactMap(sessionID)
        #expect(all.count == Set(all).count)
        #expect(Set(all) == Set(flips2.values.flatMap { $0 }).union(rest2.keys), "\(verbose.standardOutput)")
        let flipCount = flips2.values.reduce(0) { $0 + $1.count }
        #expect(Set(all.prefix(flipCount)) == Set(flips2.values.flatMap { $0 }), "flips first")
    }
}
