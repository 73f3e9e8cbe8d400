import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 54, item 3: reel's JUnit validates against the JUnit XML of Ant's `<junit>` task (JUnit
/// 4, what Jenkins' JUnit plugin, GitLab and GitHub's test reporters read) and against Jenkins'
/// xUnit plugin's JUnit schema, checked by `xmllint --schema` with the two schemas this folder
/// carries (JUnitSchemas/, written from each schema's documentation). xmllint comes with Debian's
/// libxml2-utils (tools/setup test): without it these tests fail, they do not skip.
@Suite("JUnit validates against the Ant and xUnit schemas")
struct JUnitSchemaTests {
    static let schemas = ["ant-junit4.xsd", "xunit-junit.xsd"].map {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("JUnitSchemas/" + $0).path
    }

    /// xmllint's verdict on `xml` against `schema`: its exit status and what it printed.
    private func validate(_ xml: String, against schema: String, in folder: String) throws -> (status: Int32, output: String) {
        let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let tool = try #require(xmllint, "xmllint is missing: tools/setup test installs Debian's libxml2-utils")
        let file = folder + "/junit-\(UUID().uuidString).xml"
        try Data(xml.utf8).write(to: URL(fileURLWithPath: file))
        let run = try startProcess([tool, "--noout", "--schema", schema, file], in: folder, captureFolder: folder).wait()
        return (run.status, run.standardError)
    }

    private func expectValid(_ xml: String, _ what: String, in folder: String) throws {
        #expect(xml.hasPrefix("<?xml"), "\(what): \(xml.prefix(300))")
        for schema in Self.schemas {
            let verdict = try validate(xml, against: schema, in: folder)
            #expect(verdict.status == 0, "\(what) against \(URL(fileURLWithPath: schema).lastPathComponent): \(verdict.output)")
        }
    }

    private func attribute(_ name: String, of element: String, in xml: String) throws -> String? {
        let regex = try NSRegularExpression(pattern: "<\(element) [^>]*\\b\(name)=\"([^\"]*)\"")
        guard let match = regex.firstMatch(in: xml, range: NSRange(xml.startIndex..., in: xml)) else { return nil }
        return String(xml[Range(match.range(at: 1), in: xml)!])
    }

    /// A corpus whose external ids repeat (the 60 and 120 Hz pair of `reel synth --seed 1`) and a
    /// candidate that flips some of its sessions.
    private func repeatedIDCorpus() throws -> (folder: String, candidate: String) {
        let folder = try temporaryFolder()
        for hz in ["60", "120"] {
            let synth = try runReel(
                ["synth", "--scenario", "modal.swipe-dismiss", "--count", "12", "--seed", "1", "--refresh-hz", hz, "-o", "s\(hz).jsonl"],
                in: folder)
            #expect(synth.status == 0, "\(synth.standardError)")
            #expect(try runReel(["record", "a.sqlite", "s\(hz).jsonl"], in: folder).status == 0)
        }
        let repeated = try archiveCount(
            folder + "/a.sqlite", "SELECT count(*) FROM (SELECT external_id FROM sessions GROUP BY external_id HAVING count(*) > 1)")
        #expect(repeated == 12, "the two rates share their external ids")
        return (folder, try profile("\"swipe.threshold\":0.3", in: folder))
    }

    @Test func oneRunWithFlipsAndRepeatedIDsValidates() throws {
        let (folder, candidate) = try repeatedIDCorpus()
        let run = try runReel(["replay", "a.sqlite", "--engine", candidate, "--format", "junit"], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let flips = try archiveCount(
            folder + "/a.sqlite", "SELECT count(*) FROM replay_results WHERE replay_id = 1 AND decision_expected <> decision_actual")
        #expect(flips > 0 && run.standardOutput.components(separatedBy: "<failure type=\"decision\"").count - 1 == Int(flips))
        try expectValid(run.standardOutput, "one replay", in: folder)

        // The suite's timestamp and host, from the archive's row of the replay.
        let store = try Archive.open(folder + "/a.sqlite", mode: .readOnly)
        let started = try #require(try store.replayRun(id: 1)?.startedAt)
        #expect(try attribute("timestamp", of: "testsuite", in: run.standardOutput) == String(started.prefix(19)))
        let host = try #require(try store.runMetadata(replayID: 1)?.host, "reel replay stores its host")
        #expect(try attribute("hostname", of: "testsuite", in: run.standardOutput) == host)

        // Sessions that diverge only in kinds --fail-on lets pass: their notes in the suite's output.
        let lenient = try runReel(["replay", "a.sqlite", "--engine", candidate, "--fail-on", "error", "--format", "junit"], in: folder)
        #expect(lenient.status == 0, "\(lenient.standardError)")
        let diverged = try archiveCount(
            folder + "/a.sqlite", "SELECT count(*) FROM replay_results WHERE replay_id = 2 AND status = 'diverged'")
        #expect(diverged > 0 && lenient.standardOutput.components(separatedBy: ": diverged only in ").count - 1 == Int(diverged))
        try expectValid(lenient.standardOutput, "a replay with passing divergences", in: folder)
    }

    @Test func mergedShardsValidateWithTheirStoredCaseTimes() throws {
        let (folder, candidate) = try repeatedIDCorpus()
        for index in 1...2 {
            let shard = try runReel(
                ["replay", "a.sqlite", "--engine", candidate, "--shard", "\(index)/2", "--results", "s\(index).sqlite"], in: folder)
            #expect(shard.status == 1, "\(shard.standardError)")
        }
        let merged = try runReel(["merge", "s1.sqlite", "s2.sqlite", "-o", "m.sqlite", "--format", "junit"], in: folder)
        #expect(merged.status == 1, "\(merged.standardError)")
        try expectValid(merged.standardOutput, "merged shards", in: folder)
        // Every case's time is the one its shard stored with the verdict.
        let stored = try archiveCount(folder + "/m.sqlite", "SELECT count(*) FROM replay_results WHERE engine_seconds IS NOT NULL")
        #expect(stored == 24)
        let times = try NSRegularExpression(pattern: "<testcase [^>]*time=\"([0-9.]+)\"")
        let text = merged.standardOutput
        let cases = times.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
        let database = try Database.open(folder + "/m.sqlite", mode: .readOnly)
        let rows = try database.prepare("SELECT engine_seconds FROM replay_results WHERE replay_id = 1 ORDER BY session_id")
        var expected: [String] = []
        while try rows.step() { expected.append(String(format: "%.6f", rows.double(at: 0))) }
        #expect(cases == expected)
        #expect(!text.contains("reel.untimed_cases"))
    }

    @Test func engineErrorsValidateWithTheirType() throws {
        let (folder, _) = try repeatedIDCorpus()
        let script = folder + "/failing-engine.sh"
        try "while read -r request; do printf '%s\\n' '{\"error\":\"no <scene> for \\\"this\\\" & that\"}'; done\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let run = try runReel(["replay", "a.sqlite", "--engine", "exec:sh " + script, "--format", "junit"], in: folder)
        #expect(run.status == 2, "\(run.standardError)")
        let errors = try archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM replay_results WHERE status = 'error'")
        #expect(
            errors > 0 && run.standardOutput.components(separatedBy: "<error type=\"engine_error\" message=\"").count - 1 == Int(errors))
        #expect(try attribute("errors", of: "testsuite", in: run.standardOutput) == String(errors))
        try expectValid(run.standardOutput, "engine errors", in: folder)
    }

    /// The schemas reject what they must: a check that cannot fail checks nothing.
    @Test func theAntSchemaRefusesASuiteWithoutTimestampOrACaseWithoutTime() throws {
        let (folder, candidate) = try repeatedIDCorpus()
        let run = try runReel(["replay", "a.sqlite", "--engine", candidate, "--format", "junit"], in: folder)
        let xml = run.standardOutput
        let noTimestamp = try NSRegularExpression(pattern: " timestamp=\"[^\"]*\"").stringByReplacingMatches(
            in: xml, range: NSRange(xml.startIndex..., in: xml), withTemplate: "")
        let noCaseTime = try NSRegularExpression(pattern: "(<testcase [^>]*) time=\"[^\"]*\"").stringByReplacingMatches(
            in: xml, range: NSRange(xml.startIndex..., in: xml), withTemplate: "$1")
        for (broken, why) in [(noTimestamp, "no timestamp"), (noCaseTime, "no case time")] {
            #expect(broken != xml)
            #expect(try validate(broken, against: Self.schemas[0], in: folder).status != 0, "\(why) passed the Ant schema")
        }
        // xUnit's schema does not require either, but refuses a case without its name.
        let noName = xml.replacingOccurrences(of: "\" name=\"", with: "\" label=\"")
        #expect(try validate(noName, against: Self.schemas[1], in: folder).status != 0)
    }
}
