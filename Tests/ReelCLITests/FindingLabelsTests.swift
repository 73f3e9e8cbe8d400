import Foundation
import ReelJSON
import ReelStore
import ReelTestSupport
import Testing

/// Issue 33: the replay's JSON findings and text lines carry each session's scenario and the kinds
/// it diverged in.
@Suite("Findings name their scenario and kinds")
struct FindingLabelsTests {
    /// Session id -> (scenario, kinds ascending), from the archive's own tables.
    private func stored(_ archive: String) throws -> [Int64: (String, [String])] {
        let database = try Database.open(archive, mode: .readOnly)
        let rows = try database.prepare(
            """
            SELECT rr.session_id, sc.name, (SELECT group_concat(kind, ',') FROM (SELECT DISTINCT kind FROM divergences AS d
                WHERE d.replay_id = rr.replay_id AND d.session_id = rr.session_id ORDER BY kind))
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = 1 AND rr.status <> 'matched'
            """)
        var result: [Int64: (String, [String])] = [:]
        while try rows.step() {
            result[rows.int64(at: 0)] = (
                rows.string(at: 1), rows.optionalString(at: 2).map { $0.split(separator: ",").map(String.init) } ?? []
            )
        }
        return result
    }

    @Test func jsonAndTextFindingsCarryScenarioAndKinds() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 30)
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 10, seed: 3, in: folder), into: archive)
        let run = try runReel(["replay", "a.sqlite", "--engine", "legacy-0.3", "--format", "json"], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let expected = try stored(archive)
        guard case .array(let findings)? = try JSONParser.parse(run.standardOutput)["findings"] else {
            Issue.record("no findings")
            return
        }
        #expect(!findings.isEmpty)
        for finding in findings {
            guard case .number(let id)? = finding["session"], let (scenario, kinds) = expected[Int64(id)] else {
                Issue.record("\(finding)")
                continue
            }
            #expect(finding["scenario"] == .string(scenario))
            #expect(finding["kinds"] == .array(kinds.map { .string($0) }))
        }

        let text = try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder)
        let lines = text.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  session ") }
        #expect(!lines.isEmpty)
        for line in lines {
            let id = Int64(line.dropFirst("  session ".count).prefix { $0 != ":" })!
            let database = try Database.open(archive, mode: .readOnly)
            let kinds = try database.prepare(
                "SELECT DISTINCT kind FROM divergences WHERE replay_id = 2 AND session_id = \(id) ORDER BY kind")
            var names: [String] = []
            while try kinds.step() { names.append(kinds.string(at: 0)) }
            let scenario = try #require(
                try database.prepare("SELECT sc.name FROM sessions AS s JOIN scenarios AS sc ON sc.id = s.scenario_id WHERE s.id = \(id)")
                    .stepped())
            #expect(line.hasSuffix(" [\(scenario); \(names.joined(separator: ", "))]"), "\(line)")
        }
    }
}

extension Statement {
    /// The first column of the first row as text, nil without a row.
    fileprivate func stepped() throws -> String? { try step() ? string(at: 0) : nil }
}
