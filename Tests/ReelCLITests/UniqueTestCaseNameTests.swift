import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 49, item 3: `reel synth --seed 1` at 60 and at 120 Hz gives the same external ids, and
/// `reel record` takes both; every output must still name each session once within its scenario
/// (GitLab keeps only the first of two JUnit test cases with one classname and name).
@Suite("Test case names are unique")
struct UniqueTestCaseNameTests {
    private func matches(_ pattern: String, in text: String) throws -> [[String]] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
        }
    }

    @Test func theSixtyAndHundredTwentyHertzPairGetsUniqueNamesInEveryOutput() throws {
        let folder = try temporaryFolder()
        for hz in ["60", "120"] {
            let synth = try runReel(
                ["synth", "--scenario", "modal.swipe-dismiss", "--count", "20", "--seed", "1", "--refresh-hz", hz, "-o", "s\(hz).jsonl"],
                in: folder)
            #expect(synth.status == 0, "\(synth.standardError)")
            let record = try runReel(["record", "a.sqlite", "s\(hz).jsonl"], in: folder)
            #expect(record.status == 0, "\(record.standardError)")
        }
        // The repeated external ids, from the archive's rows.
        let repeated = try archiveCount(
            folder + "/a.sqlite",
            "SELECT count(*) FROM (SELECT external_id FROM sessions GROUP BY scenario_id, external_id HAVING count(*) > 1)")
        #expect(repeated == 20, "the two rates share their external ids")
        let candidate = try profile("\"swipe.threshold\":0.3", in: folder)

        let junit = try runReel(["replay", "a.sqlite", "--engine", candidate, "--format", "junit"], in: folder)
        #expect(junit.status == 1, "\(junit.standardError)")
        let cases = try matches(#"<testcase classname="([^"]*)" name="([^"]*)""#, in: junit.standardOutput)
        let judged = try archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM replay_results WHERE replay_id = 1")
        #expect(cases.count == Int(judged))
        #expect(Set(cases.map { $0[0] + "\u{0}" + $0[1] }).count == cases.count, "a (classname, name) repeats")
        // Each name is the external id with the session id where the id repeats: from the rows.
        // Read and closed before the next replay writes (an open read would hold the archive).
        let expected = try { () throws -> [String] in
            let statement = try Database.open(folder + "/a.sqlite", mode: .readOnly).prepare(
                "SELECT s.id, s.external_id FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id WHERE rr.replay_id = 1")
            var expected: [String] = []
            while try statement.step() { expected.append("\(statement.string(at: 1)) (session \(statement.int64(at: 0)))") }
            return expected
        }()
        #expect(cases.map { $0[1] }.sorted() == expected.sorted())

        let markdown = try runReel(["replay", "a.sqlite", "--engine", candidate, "--format", "markdown"], in: folder)
        let listed = try matches(#"(?m)^\| (\d+) \|"#, in: markdown.standardOutput).map { $0[0] }
        #expect(!listed.isEmpty && Set(listed).count == listed.count, "the Markdown lists each session once, by id")

        let json = try runReel(["replay", "a.sqlite", "--engine", candidate, "--format", "json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]]).compactMap { $0["session"] as? Int }
        #expect(!findings.isEmpty && Set(findings).count == findings.count, "the JSON keys findings by session id, once each")
    }
}
