import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 36, retention: `reel prune` removes old replays' verdicts, divergences and kept traces,
/// never a baseline or its history, and the file shrinks.
@Suite("reel prune")
struct PruneCommandTests {
    /// 40 back-swipes; replay 1 on legacy-0.3 (traces kept) with its first diverged session accepted,
    /// replay 2 builtin, replay 3 on a tuned profile (another engine, so it keeps traces of its own),
    /// replay 4 builtin.
    private static func archiveWithFourReplays() throws -> (folder: String, archive: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 40, seed: 17, in: folder), into: archive)
        #expect(try runReel(["replay", archive, "--engine", "legacy-0.3"], in: folder).status == 1)
        let first = try #require(try verdicts(of: 1, in: archive).first { $0.status == "diverged" }?.session)
        #expect(try runReel(["accept", archive, "--replay", "1", "--session", String(first)], in: folder).status == 0)
        try #"{"name":"tuned","parameters":{"backswipe.threshold_width":150}}"#.write(
            toFile: folder + "/tuned.json", atomically: true, encoding: .utf8)
        for engine in ["builtin", "tuned.json", "builtin"] {
            let run = try runReel(["replay", archive, "--engine", engine], in: folder)
            #expect(run.status == 0 || run.status == 1, "\(run.standardError)")
        }
        _ = try archiveFileHash(archive)  // checkpointed
        return (folder, archive)
    }

    @Test func keepLastRemovesTheOthersButTheAcceptedOneAndShrinksTheFile() throws {
        let (folder, archive) = try Self.archiveWithFourReplays()
        let count = { (sql: String) in try archiveCount(archive, sql) }
        // What replays 2 and 3 hold, counted before: replay 1 is accepted, replay 4 is the newest.
        let verdictRows = try count("SELECT count(*) FROM replay_results WHERE replay_id IN (2, 3)")
        let divergences = try count("SELECT count(*) FROM divergences WHERE replay_id IN (2, 3)")
        let traces = try count("SELECT count(*) FROM traces WHERE replay_id IN (2, 3)")
        #expect(traces > 0, "replay 3 kept the traces of the sessions it diverged on")
        let before = try archiveDump(archive)
        let bytesBefore = try #require(FileManager.default.attributesOfItem(atPath: archive)[.size] as? Int)

        // Rewritten whatever share is free (`--vacuum auto`'s rule: PruneVacuumTests).
        let run = try runReel(["prune", archive, "--keep-last", "1", "--vacuum", "always", "--format", "json"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(json["pruned"] as? [Int] == [2, 3])
        #expect(json["kept_accepted"] as? [Int] == [1])
        #expect(json["verdicts"] as? Int == Int(verdictRows))
        #expect(json["divergences"] as? Int == Int(divergences))
        #expect(json["traces"] as? Int == Int(traces))

        let after = try archiveDump(archive)
        for table in ["baselines", "baseline_history", "sessions", "touches", "frames", "events", "outcomes"] {
            #expect(after[table] == before[table], "\(table) unchanged")
        }
        #expect(try count("SELECT count(*) FROM replays") == 2)
        #expect(try count("SELECT count(*) FROM replay_results WHERE replay_id IN (2, 3)") == 0)
        let bytesAfter = try #require(FileManager.default.attributesOfItem(atPath: archive)[.size] as? Int)
        #expect(bytesAfter < bytesBefore, "\(bytesBefore) -> \(bytesAfter)")
        #expect(json["bytes_after"] as? Int == bytesAfter)
        #expect(json["vacuum"] as? String == "always" && json["vacuumed"] as? Bool == true)
        let check = try runReel(["info", archive, "--check"], in: folder)
        #expect(check.status == 0 && check.standardOutput.contains("check:    ok"), "\(check.standardOutput)\(check.standardError)")
        // The accepted session still replays against its accepted baseline.
        let replay = try runReel(["replay", archive, "--engine", "legacy-0.3"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        let accepted = try archiveCount(archive, "SELECT session_id FROM baseline_history")
        #expect(try verdicts(of: 5, in: archive).first { $0.session == accepted }?.status == "matched")
    }

    /// Issue 37: prune deletes a replay's verdicts in blocks of the primary key (one statement for
    /// a million verdicts grew its memory and time). Blocks of 3 (40 sessions: 13 full blocks and
    /// one of 1) and of 40 (one full block, then an empty one) leave exactly the rows one
    /// statement leaves, and none of the pruned replays' verdicts or divergences.
    @Test func verdictsDeletedInBlocksLeaveWhatOneStatementLeaves() throws {
        let (folder, archive) = try Self.archiveWithFourReplays()
        #expect(try archiveCount(archive, "SELECT count(*) FROM replay_results WHERE replay_id = 2") == 40)
        var dumps: [[String: [String]]] = []
        for block: Int64 in [1_000_000, 3, 40] {
            let copy = folder + "/block-\(block).sqlite"
            try FileManager.default.copyItem(atPath: archive, toPath: copy)
            let summary = try Archive.open(copy, mode: .readWrite).prune(.keepLast(1), verdictsPerStatement: block)
            #expect(summary.pruned == [2, 3] && summary.keptAccepted == [1])
            #expect(try archiveCount(copy, "SELECT count(*) FROM replay_results WHERE replay_id IN (2, 3)") == 0)
            #expect(try archiveCount(copy, "SELECT count(*) FROM divergences WHERE replay_id IN (2, 3)") == 0)
            #expect(try archiveCount(copy, "SELECT count(*) FROM replay_results WHERE replay_id IN (1, 4)") == 80)
            dumps.append(try archiveDump(copy))
        }
        #expect(dumps[1] == dumps[0] && dumps[2] == dumps[0])
    }

    @Test func beforeADateAndItsErrors() throws {
        let (folder, archive) = try Self.archiveWithFourReplays()
        let none = try runReel(["prune", archive, "--before", "2000-01-01"], in: folder)
        #expect(none.status == 0 && none.standardOutput.contains("no replay removed"), "\(none.standardOutput)")
        let all = try runReel(["prune", archive, "--before", "2999-01-01"], in: folder)
        #expect(all.status == 0, "\(all.standardError)")
        #expect(all.standardOutput.contains("removed 3 replays (2, 3, 4)"), "\(all.standardOutput)")
        #expect(all.standardOutput.contains("kept 1: accepted"), "\(all.standardOutput)")
        for bad in [["--before", "last tuesday"], ["--keep-last", "1", "--before", "2026-01-01"], []] {
            let run = try runReel(["prune", archive] + bad, in: folder)
            #expect(run.status == 64, "\(bad): \(run.standardError)")
        }
    }
}

/// Issue 36, run metadata: a replay stores where it ran (the CI's commit, branch, pull request and
/// run URL, the host, `--meta`), and `reel info` shows it.
@Suite("Replay metadata")
struct ReplayMetadataTests {
    @Test func aGitHubActionsReplayStoresItsCommitBranchPullRequestAndRunURL() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 4, seed: 2, in: folder), into: archive)
        // The variables GitHub Actions sets for a pull_request event (docs: "Default environment variables").
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys where ["GITLAB_CI", "BUILDKITE", "CIRCLECI", "JENKINS_URL"].contains(key) {
            environment[key] = nil
        }
        environment.merge(
            [
                "GITHUB_ACTIONS": "true", "GITHUB_SHA": "3f2a9c0d1e2b3a4c5d6e7f8091a2b3c4d5e6f708", "GITHUB_HEAD_REF": "feature/sheet",
                "GITHUB_REF": "refs/pull/42/merge", "GITHUB_SERVER_URL": "https://github.example", "GITHUB_REPOSITORY": "team/app",
                "GITHUB_RUN_ID": "9001",
            ], uniquingKeysWith: { $1 })
        let run = try startProcess(
            [reelExecutable, "replay", archive, "--meta", "device=iPhone 16", "--meta", "branch=override"], in: folder,
            environment: environment, captureFolder: folder
        ).wait()
        #expect(run.status == 0, "\(run.standardError)")
        let stored = try Database.open(archive, mode: .readOnly).prepare("SELECT metadata_json FROM replays WHERE id = 1")
        #expect(try stored.step())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stored.string(at: 0).utf8)) as? [String: String])
        #expect(object["ci"] == "github")
        #expect(object["commit"] == "3f2a9c0d1e2b3a4c5d6e7f8091a2b3c4d5e6f708")
        #expect(object["pull_request"] == "42")
        #expect(object["ci_url"] == "https://github.example/team/app/actions/runs/9001")
        #expect(object["branch"] == "override", "--meta replaces what the environment said")
        #expect(object["device"] == "iPhone 16")
        #expect(object["host"] == ProcessInfo.processInfo.hostName)

        let info = try runReel(["info", archive], in: folder)
        #expect(info.standardOutput.contains("ran at: commit 3f2a9c0d1e2b, branch override, pull request 42"), "\(info.standardOutput)")
        let json = try runReel(["info", archive, "--format", "json"], in: folder)
        #expect(json.standardOutput.contains("\"pull_request\":\"42\""), "\(json.standardOutput)")
        let bad = try runReel(["replay", archive, "--meta", "novalue"], in: folder)
        #expect(bad.status == 64 && bad.standardError.contains("expected KEY=VALUE"), "\(bad.standardError)")
    }
}
