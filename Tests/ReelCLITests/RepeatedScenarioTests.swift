import Foundation
import ReelJSON
import ReelTestSupport
import Testing

/// Issue 33: `--scenario` given twice selected only the last scenario, exit 0, so the first
/// scenario's flips were never replayed. It is repeatable like `--session` (the selection is the
/// union of the scenarios) in `reel synth` and `reel replay`, and an error in `reel accept`.
@Suite("--scenario is repeatable: the union, never only the last")
struct RepeatedScenarioTests {
    @Test func synthWritesEveryScenarioGivenEachWithTheSeedOfItsPlace() throws {
        let folder = try temporaryFolder()
        let both = try runReel(
            ["synth", "--scenario", "modal.swipe-dismiss", "--scenario", "nav.interactive-pop", "--count", "3", "--seed", "7"], in: folder)
        #expect(both.status == 0, "\(both.standardError)")
        // As with --scenario all, the n-th scenario (from 0) takes seed + n.
        let first = try runReel(["synth", "--scenario", "modal.swipe-dismiss", "--count", "3", "--seed", "7"], in: folder)
        let second = try runReel(["synth", "--scenario", "nav.interactive-pop", "--count", "3", "--seed", "8"], in: folder)
        #expect(first.status == 0 && second.status == 0)
        #expect(both.standardOutput == first.standardOutput + second.standardOutput)
        #expect(!first.standardOutput.isEmpty && !second.standardOutput.isEmpty)

        // Naming a scenario twice writes it once; `all` goes alone.
        let repeated = try runReel(
            ["synth", "--scenario", "modal.swipe-dismiss", "--scenario", "modal.swipe-dismiss", "--count", "3", "--seed", "7"],
            in: folder)
        #expect(repeated.status == 0 && repeated.standardOutput == first.standardOutput)
        let withAll = try runReel(["synth", "--scenario", "all", "--scenario", "nav.interactive-pop", "--count", "1"], in: folder)
        #expect(withAll.status == 64, "\(withAll.standardError)")
        #expect(withAll.standardError.contains("--scenario all"))

        // A mistyped name is a usage error with the closest catalog names.
        let typo = try runReel(["synth", "--scenario", "modal.swipe-dismiss", "--scenario", "nav.interactiv-pop"], in: folder)
        #expect(typo.status == 64, "\(typo.standardError)")
        #expect(typo.standardError.contains("unknown scenario 'nav.interactiv-pop'; closest: nav.interactive-pop"), "\(typo.standardError)")
        #expect(typo.standardOutput.isEmpty)
    }

    /// 10 swipe dismissals (ids 1...10), 6 interactive pops (11...16), 4 modal presentations (17...20).
    private func threeScenarios() throws -> (folder: String, archive: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 10, seed: 2, in: folder), into: archive)
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 6, seed: 3, in: folder), into: archive)
        _ = try record(try synthesizedStream("nav.push", count: 4, seed: 4, in: folder), into: archive)
        return (folder, archive)
    }

    @Test func replayJudgesTheSessionsOfEveryScenarioGiven() throws {
        let (folder, archive) = try threeScenarios()
        let run = try runReel(
            ["replay", "a.sqlite", "--scenario", "modal.swipe-dismiss", "--scenario", "nav.interactive-pop", "--format", "json"],
            in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try JSONParser.parse(run.standardOutput)["sessions"] == .number(16))
        #expect(try archiveCount(archive, "SELECT count(*) FROM replay_results WHERE session_id BETWEEN 1 AND 16") == 16)
        #expect(try archiveCount(archive, "SELECT count(*) FROM replay_results") == 16)
        // Stored in name order, whatever order they were given in.
        #expect(
            try archiveCount(
                archive,
                "SELECT count(*) FROM replays WHERE selection_json = '{\"scenarios\":[\"modal.swipe-dismiss\",\"nav.interactive-pop\"]}'")
                == 1)

        // With --session: the given sessions that are of one of the scenarios.
        let narrowed = try runReel(
            [
                "replay", "a.sqlite", "--scenario", "nav.push", "--scenario", "nav.interactive-pop", "--session", "2", "--session", "12",
                "--session", "18", "--format", "json",
            ], in: folder)
        #expect(narrowed.status == 0, "\(narrowed.standardError)")
        #expect(try JSONParser.parse(narrowed.standardOutput)["sessions"] == .number(2))
        #expect(try archiveCount(archive, "SELECT count(*) FROM replay_results WHERE replay_id = 2 AND session_id IN (12, 18)") == 2)

        // One unknown name among them is refused as a single one is.
        let unknown = try runReel(["replay", "a.sqlite", "--scenario", "nav.push", "--scenario", "nav.pushh"], in: folder)
        #expect(unknown.status == 65 && unknown.standardError.contains("no session of scenario 'nav.pushh'"), "\(unknown.standardError)")
    }

    @Test func aResumeMustSelectTheSameScenariosInAnyOrder() throws {
        let (folder, archive) = try threeScenarios()
        let base = ["replay", "a.sqlite", "--results", "r.sqlite", "--format", "json"]
        let first = try runReel(base + ["--scenario", "nav.push", "--scenario", "modal.swipe-dismiss"], in: folder)
        #expect(first.status == 0, "\(first.standardError)")
        let whole = try JSONParser.parse(first.standardOutput)
        #expect(whole["sessions"] == .number(14))
        let results = folder + "/r.sqlite"
        try interruptReplay(1, in: results, after: 5)

        let one = try runReel(base + ["--scenario", "nav.push", "--resume", "1"], in: folder)
        #expect(one.status == 65, "\(one.standardError)")
        #expect(
            one.standardError.contains(
                "it was begun for the sessions of scenarios modal.swipe-dismiss, nav.push, this run selects the sessions of scenario nav.push"
            ),
            "\(one.standardError)")
        let swapped = try runReel(base + ["--scenario", "modal.swipe-dismiss", "--scenario", "nav.push", "--resume", "1"], in: folder)
        #expect(swapped.status == 0, "\(swapped.standardError)")
        #expect(try JSONParser.parse(swapped.standardOutput) == whole)
        #expect(try archiveCount(results, "SELECT count(*) FROM replay_results") == 14)
        _ = archive
    }

    @Test func acceptRefusesASecondScenario() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 30)
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 4, seed: 3, in: folder), into: archive)
        let replay = try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        let before = try archiveFileHash(archive)
        let accept = try runReel(
            ["accept", "a.sqlite", "--replay", "1", "--scenario", "modal.swipe-dismiss", "--scenario", "nav.interactive-pop"], in: folder)
        #expect(accept.status == 64, "\(accept.standardError)")
        #expect(accept.standardError.contains("--scenario"), "\(accept.standardError)")
        #expect(try archiveFileHash(archive) == before)
    }
}
