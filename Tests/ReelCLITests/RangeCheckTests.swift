import Foundation
import ReelTestSupport
import Testing

/// Issue 15 item 5: every option and every profile parameter is range-checked; a value out of
/// range is a clear 64 (option) or 65 (profile), never a signal.
@Suite("Range checks on options and profile parameters")
struct RangeCheckTests {
    @Test(arguments: [
        (["replay", "a.sqlite", "--jobs", "9223372036854775807"], "--jobs must be within 1-256"),
        (["replay", "a.sqlite", "--jobs", "0"], "--jobs must be within 1-256"),
        (["replay", "a.sqlite", "--timeout", "1e300"], "--timeout must be within 0.001-86400 seconds"),
        (["replay", "a.sqlite", "--timeout", "nan"], "--timeout must be within"),
        (["replay", "a.sqlite", "--shard", "9223372036854775807/9223372036854775807"], "--shard"),
        (["record", "a.sqlite", "--batch-size", "0"], "--batch-size must be within 1-100000"),
        (["synth", "--scenario", "all", "--count", "99999999999"], "--count must be within 0-1000000"),
        (["synth", "--scenario", "all", "--width", "1e300"], "--width and --height must be within 1-100000"),
        (["synth", "--scenario", "all", "--refresh-hz", "1e300"], "--refresh-hz must be within 1-240"),
        (["report", "a.sqlite", "-o", "r.html", "--plots", "5000"], "--plots must be within 0-1000"),
        (["demo", "--count", "9223372036854775807"], "--count must be within 1-100000"),
    ])
    func anOptionOutOfRangeIs64(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 2, seed: 2, in: folder), into: folder + "/a.sqlite")
        let run = try runReel(arguments, in: folder)
        #expect(run.status == 64, "\(arguments): \(run.status) \(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test(arguments: [
        ("\"backswipe.sample_window\": 1e300", "'backswipe.sample_window' must be within 1 to 1000 (whole) count; got 1e+300"),
        ("\"backswipe.min_samples\": 2.5", "'backswipe.min_samples' is a count and takes a whole number; got 2.5"),
        ("\"swipe.threshold\": 7", "'swipe.threshold' must be within 0 to 1 fraction"),
        ("\"nav.duration\": -1", "'nav.duration' must be within 0 to 3600 s"),
    ])
    func aProfileValueOutOfRangeIs65(parameters: String, message: String) throws {
        let folder = try temporaryFolder()
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 2, seed: 2, in: folder), into: folder + "/a.sqlite")
        try Data("{\"parameters\": {\(parameters)}}".utf8).write(to: URL(fileURLWithPath: folder + "/p.json"))
        for command in [["replay", "a.sqlite", "--engine", "p.json"], ["engine", "params", "--engine", "p.json"]] {
            let run = try runReel(command, in: folder)
            #expect(run.status == 65, "\(command): \(run.status) \(run.standardError)")
            #expect(run.standardError.contains(message), "\(run.standardError)")
        }
        #expect(try archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM replays") == 0)
    }

    /// `reel engine params` documents every number parameter's range, and every default lies in it.
    @Test func engineParamsShowsEveryRange() throws {
        let folder = try temporaryFolder()
        let run = try runReel(["engine", "params", "--format", "json"], in: folder)
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let parameters = try #require(document["parameters"] as? [[String: Any]])
        for parameter in parameters {
            guard let value = parameter["value"] as? Double, parameter["choices"] == nil, !(parameter["value"] is Bool) else { continue }
            let minimum = try #require(parameter["min"] as? Double, "\(parameter["name"] ?? "?") has no range")
            let maximum = try #require(parameter["max"] as? Double)
            #expect((minimum...maximum).contains(value), "\(parameter["name"] ?? "?") = \(value) outside \(minimum)...\(maximum)")
        }
        let table = try runReel(["engine", "params"], in: folder)
        #expect(table.standardOutput.contains("1 to 1000 (whole)"))
        #expect(try runReel(["engine", "params", "--json"], in: folder).standardOutput == run.standardOutput)
    }
}
