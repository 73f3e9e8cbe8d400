import Foundation
import ReelJSON
import ReelStore
import ReelTestSupport
import Testing

/// `reel replay` and `reel merge` as a user runs them: output formats and exit codes.
@Suite("reel replay and reel merge on the command line")
struct ReplayCommandLineTests {
    private func json(_ run: ReelRun) throws -> JSONValue {
        try JSONParser.parse(run.standardOutput)
    }

    @Test func jsonSummarisesTheReplayAndTheExitCodeSaysWhetherAnythingDiverged() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        let same = try runReel(["replay", archive, "--format", "json", "--tolerance", "exact"], in: folder)
        #expect(same.status == 0, "\(same.standardError)")
        let clean = try json(same)
        #expect(clean["replay_id"] == .number(1))
        #expect(clean["sessions"] == .number(12) && clean["matched"] == .number(12))
        #expect(clean["diverged"] == .number(0) && clean["errors"] == .number(0))
        #expect(clean["by_kind"] == .object([]))

        let changed = try runReel(["replay", archive, "--engine", candidate, "--format", "json"], in: folder)
        #expect(changed.status == 1, "\(changed.standardError)")
        let report = try json(changed)
        #expect(report["replay_id"] == .number(2))
        // Every flipped session diverges in its decision, and nothing else diverges.
        let flips = try Archive.open(archive, mode: .readOnly).database.scalarInt64(
            "SELECT count(*) FROM regressions WHERE replay_id = 2")
        let flipped = Double(try #require(flips))
        #expect(flipped > 0)
        #expect(report["diverged"] == .number(flipped) && report["matched"] == .number(12 - flipped))
        #expect(report["by_kind"]?["decision"] == .number(flipped))
    }

    @Test func junitHasOneTestCasePerSession() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        let run = try runReel(["replay", archive, "--engine", candidate, "--format", "junit"], in: folder)
        #expect(run.status == 1)
        let testCases = run.standardOutput.components(separatedBy: "<testcase ").count - 1
        let failures = run.standardOutput.components(separatedBy: "<failure ").count - 1
        #expect(testCases == 12)
        let flips = try Archive.open(archive, mode: .readOnly).database.scalarInt64(
            "SELECT count(*) FROM regressions WHERE replay_id = 1")
        #expect(Int64(failures) == flips)
        #expect(run.standardOutput.contains("tests=\"12\" failures=\"\(failures)\" errors=\"0\""))
        // Issue 33: classname = scenario, name = the session's stable name (its external id here:
        // the synthesized streams give one), the same in every archive that holds it.
        for id in try externalIDs(archive) {
            // Issue 36: and the seconds the engine took on it (JUnitTimeTests checks the figures).
            #expect(run.standardOutput.contains("<testcase classname=\"modal.swipe-dismiss\" name=\"\(id)\" time=\""), "\(id)")
        }
        #expect(run.standardOutput.contains("; reel show \(archive) "), "the failure body names the command")
    }

    @Test func aHangingEngineEndsTheReplayWithErrorsAndExitTwo() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let engine = "python3 \(repositoryRoot)/tools/example_engine.py"
        _ = try record(
            try synthesizedStream("nav.interactive-pop", count: 2, seed: 12, in: folder), engine: .exec(command: engine),
            into: archive)
        let run = try runReel(
            ["replay", archive, "--engine", "exec:\(engine) --hang-after 0", "--timeout", "1", "--jobs", "1", "--format", "json"],
            in: folder)
        #expect(run.status == 2, "\(run.standardError)")
        let report = try json(run)
        #expect(report["sessions"] == .number(2) && report["errors"] == .number(2))
        #expect(report["by_kind"]?["error"] == .number(2))
        #expect(report["engine"]?["name"] == .string("exec") && report["engine"]?["version"] == .string("unknown"))
    }

    @Test func mergedShardsReportWhatOneRunReports() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        let whole = try runReel(["replay", archive, "--engine", candidate, "--format", "json", "--results", "whole.sqlite"], in: folder)
        for index in 1...2 {
            let shard = try runReel(
                ["replay", archive, "--engine", candidate, "--shard", "\(index)/2", "--results", "shard\(index).sqlite"], in: folder)
            #expect(shard.status <= 1, "\(shard.standardError)")
        }
        let merged = try runReel(["merge", "shard2.sqlite", "shard1.sqlite", "-o", "merged.sqlite", "--format", "json"], in: folder)
        #expect(whole.status == 1 && merged.status == 1)
        #expect(merged.standardOutput == whole.standardOutput)

        let again = try runReel(["merge", "shard1.sqlite", "shard2.sqlite", "-o", "merged.sqlite"], in: folder)
        #expect(again.status == 64)
        #expect(again.standardError.contains("merged.sqlite: already exists; give --force to overwrite it"))

        let incomplete = try runReel(["merge", "shard1.sqlite", "-o", "partial.sqlite"], in: folder)
        #expect(incomplete.status == 65)
        #expect(incomplete.standardError.contains("shard 2/2 missing"))

        let absent = try runReel(["merge", "shard1.sqlite", "shard3.sqlite", "-o", "partial.sqlite"], in: folder)
        #expect(absent.status == 66)
    }
}
