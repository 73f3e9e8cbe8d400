import Foundation
import ReelJSON
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// `--fail-on KINDS` of `reel replay` and `reel merge`: which divergence kinds fail, through the binary.
@Suite("reel replay --fail-on")
struct FailOnTests {
    /// The sessions of replay `replayID` whose stored kinds include `kind`.
    private func sessions(with kind: DivergenceKind, replay replayID: Int64, in archive: String) throws -> Int64 {
        try archiveCount(
            archive,
            "SELECT count(*) FROM replay_results WHERE replay_id = \(replayID) AND EXISTS "
                + "(SELECT 1 FROM json_each(kinds_json) WHERE value = '\(kind.rawValue)')")
    }

    /// The kinds found in replay `replayID`'s divergences, in `DivergenceKind` order.
    private func kinds(replay replayID: Int64, in archive: String) throws -> [DivergenceKind] {
        try DivergenceKind.allCases.filter { try sessions(with: $0, replay: replayID, in: archive) > 0 }
    }

    /// A candidate that animates the swipe-dismiss slower: same decisions, other frames and times.
    private func slowerCandidate(in folder: String) throws -> String {
        try profile("\"modal.duration\":0.5", in: folder, name: "slower")
    }

    @Test func failOnDecisionWithOnlyFrameDivergencesExitsZeroAndSaysSo() throws {
        let (folder, archive, _) = try swipeDismissCorpus(count: 12)
        let slower = try slowerCandidate(in: folder)
        let run = try runReel(["replay", archive, "--engine", slower, "--fail-on", "decision"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")

        let diverged = try archiveCount(archive, "SELECT count(*) FROM replay_results WHERE replay_id = 1 AND status = 'diverged'")
        let found = try kinds(replay: 1, in: archive)
        // The premise: sessions diverge, and none in its decision or by an engine error.
        try #require(diverged > 0 && !found.isEmpty)
        try #require(!found.contains(.decision) && !found.contains(.error))
        let names = found.map(\.rawValue).joined(separator: ", ")
        #expect(
            run.standardOutput.contains("\(diverged) diverged (\(names) only: not failing with --fail-on decision,error)"),
            "\(run.standardOutput)")

        // Without --fail-on every kind fails, so the same divergences exit 1.
        let strict = try runReel(["replay", archive, "--engine", slower], in: folder)
        #expect(strict.status == 1)
    }

    @Test func aDecisionFlipUnderFailOnDecisionExitsOneAndJSONNamesTheFailingKinds() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        let run = try runReel(["replay", archive, "--engine", candidate, "--fail-on", "decision", "--format", "json"], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let report = try JSONParser.parse(run.standardOutput)
        let flipped = try sessions(with: .decision, replay: 1, in: archive)
        let diverged = try archiveCount(archive, "SELECT count(*) FROM replay_results WHERE replay_id = 1 AND status = 'diverged'")
        try #require(flipped > 0)
        #expect(report["fail_on"] == .array([.string("decision"), .string("error")]))
        #expect(report["failing_sessions"] == .number(Double(flipped)))
        #expect(report["not_failing_sessions"] == .number(Double(diverged - flipped)))
        #expect(report["flips"] == .number(Double(try archiveCount(archive, "SELECT count(*) FROM regressions WHERE replay_id = 1"))))
        // Each finding says whether it fails: exactly the flipped ones do.
        guard case .array(let findings)? = report["findings"] else {
            Issue.record("no findings")
            return
        }
        #expect(findings.count == Int(diverged))
        #expect(Int64(findings.filter { $0["failing"] == .bool(true) }.count) == flipped)
        #expect(Int64(findings.filter { $0["failing"] == .bool(false) }.count) == diverged - flipped)
        for kind in try kinds(replay: 1, in: archive) {
            #expect(report["sessions_by_kind"]?[kind.rawValue] == .number(Double(try sessions(with: kind, replay: 1, in: archive))))
        }
    }

    @Test func anUnknownKindIsAUsageErrorListingTheValidKindsBeforeAnythingRuns() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 2)
        for argument in ["decison", "decision,,frame", "frames"] {
            let run = try runReel(["replay", archive, "--engine", candidate, "--fail-on", argument], in: folder)
            #expect(run.status == 64, "\(argument)")
            #expect(run.standardError.contains("valid kinds: " + DivergenceKind.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        #expect(try runReel(["replay", archive, "--fail-on", "decison"], in: folder).standardError.contains("closest: decision"))
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == 0)
        let merge = try runReel(["merge", archive, "-o", "m.sqlite", "--fail-on", "lifecycles"], in: folder)
        #expect(merge.status == 64)
        #expect(!FileManager.default.fileExists(atPath: folder + "/m.sqlite"))
    }

    @Test func junitCountsOnlyFailingKindsAndNamesThem() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        let slower = try slowerCandidate(in: folder)
        let lenient = try runReel(["replay", archive, "--engine", slower, "--fail-on", "decision", "--format", "junit"], in: folder)
        #expect(lenient.status == 0, "\(lenient.standardError)")
        let diverged = try archiveCount(archive, "SELECT count(*) FROM replay_results WHERE replay_id = 1 AND status = 'diverged'")
        #expect(lenient.standardOutput.contains("<property name=\"reel.fail_on\" value=\"decision,error\"/>"))
        #expect(lenient.standardOutput.contains("tests=\"12\" failures=\"0\" errors=\"0\""))
        #expect(!lenient.standardOutput.contains("<failure"))
        // Each passing divergence is a note line of the suite's <system-out> ("SCENARIO NAME: diverged only in ...").
        #expect(Int64(lenient.standardOutput.components(separatedBy: ": diverged only in ").count - 1) == diverged)
        #expect(lenient.standardOutput.contains("<system-out>") && !lenient.standardOutput.contains("><system-out>"))

        let strict = try runReel(["replay", archive, "--engine", candidate, "--fail-on", "decision", "--format", "junit"], in: folder)
        #expect(strict.status == 1)
        let flipped = try sessions(with: .decision, replay: 2, in: archive)
        let failures = strict.standardOutput.components(separatedBy: "<failure ").count - 1
        #expect(Int64(failures) == flipped && flipped > 0)
        #expect(Int64(strict.standardOutput.components(separatedBy: "<failure type=\"decision\"").count - 1) == flipped)
        #expect(strict.standardOutput.contains("failures=\"\(flipped)\""))
    }

    @Test func mergeAppliesFailOnToTheMergedReplay() throws {
        let (folder, archive, _) = try swipeDismissCorpus(count: 12)
        let slower = try slowerCandidate(in: folder)
        for index in 1...2 {
            let shard = try runReel(
                ["replay", archive, "--engine", slower, "--shard", "\(index)/2", "--results", "s\(index).sqlite", "--fail-on", "decision"],
                in: folder)
            #expect(shard.status == 0, "\(shard.standardError)")
        }
        let merged = try runReel(
            ["merge", "s1.sqlite", "s2.sqlite", "-o", "m.sqlite", "--fail-on", "decision", "--format", "json"], in: folder)
        #expect(merged.status == 0, "\(merged.standardError)")
        let report = try JSONParser.parse(merged.standardOutput)
        let diverged = try archiveCount(folder + "/m.sqlite", "SELECT count(*) FROM replay_results WHERE status = 'diverged'")
        #expect(diverged > 0 && report["not_failing_sessions"] == .number(Double(diverged)) && report["failing_sessions"] == .number(0))
        let strict = try runReel(["merge", "s1.sqlite", "s2.sqlite", "-o", "m2.sqlite"], in: folder)
        #expect(strict.status == 1)
    }

    /// Sessions the engine cannot run fail under any --fail-on, so such a replay never looks green.
    @Test func engineErrorsFailWhateverFailOnSays() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let engine = "python3 \(repositoryRoot)/tools/example_engine.py"
        _ = try record(
            try synthesizedStream("nav.interactive-pop", count: 2, seed: 12, in: folder), engine: .exec(command: engine), into: archive)
        let run = try runReel(
            [
                "replay", archive, "--engine", "exec:\(engine) --hang-after 0", "--timeout", "1", "--jobs", "1",
                "--fail-on", "frame", "--format", "json",
            ],
            in: folder)
        #expect(run.status == 2, "\(run.standardError)")
        let report = try JSONParser.parse(run.standardOutput)
        #expect(report["fail_on"] == .array([.string("frame"), .string("error")]))
        #expect(report["errors"] == .number(2) && report["failing_sessions"] == .number(0))
    }
}
