import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// `reel-publish` publishes the metadata `reel replay` stored with the replay (where the replay
/// ran), not the CI variables of the process that publishes; a replay that stored none (recorded
/// before Reel stored it) takes the publishing process's, and says so.
@Suite(.enabled(if: postgresInstalled, noPostgresReason), .timeLimit(.minutes(5)))
struct StoredMetadataPublishTests {
    /// The variables GitHub Actions sets for a pull_request event, with the CI markers of this
    /// test's own environment removed.
    private static func github(sha: String, branch: String, pull: Int, run: Int) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "JENKINS_URL", "CIRCLECI"] { environment[key] = nil }
        environment.merge(
            [
                "GITHUB_ACTIONS": "true", "GITHUB_SHA": sha, "GITHUB_HEAD_REF": branch, "GITHUB_REF": "refs/pull/\(pull)/merge",
                "GITHUB_SERVER_URL": "https://github.example", "GITHUB_REPOSITORY": "team/app", "GITHUB_RUN_ID": String(run),
            ], uniquingKeysWith: { $1 })
        return environment
    }

    @Test func thePublishedRunIsWhereTheReplayRanNotWhereItIsPublished() async throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        let replayed = try startProcess(
            [reelExecutable, "replay", archive, "--engine", candidate, "--meta", "device=iPhone 16"], in: folder,
            environment: Self.github(sha: "1111aaaa", branch: "feature/sheet", pull: 42, run: 9001), captureFolder: folder
        ).wait()
        #expect(replayed.status == 1, "\(replayed.standardError)")
        try Archive.foldWriteAheadLog(at: archive)
        // The pre-metadata copy: the same replay with its metadata_json cleared, as schema v7 left it.
        let old = folder + "/old.sqlite"
        try FileManager.default.copyItem(atPath: archive, toPath: old)
        try Database.open(old, mode: .readWrite).execute("UPDATE replays SET metadata_json = NULL")
        // The publishing job runs later, on another commit of another pull request.
        let later = Self.github(sha: "2222bbbb", branch: "main", pull: 7, run: 9100)
        let elsewhere = later.filter { $0.key.hasPrefix("GITHUB_") }

        try await withPostgres { url in
            let published = try runPublish([archive, "--replay", "1", "--to", url], in: folder, extra: elsewhere)
            #expect(published.status == 0, "\(published.standardError)")
            #expect(!published.standardError.contains("stores no run metadata"), "\(published.standardError)")
            let runs = try await rows(
                "SELECT ci_system, commit_sha, branch, pull_request, ci_url, host FROM fleet_runs ORDER BY id", at: url)
            #expect(runs.count == 1)
            #expect(runs.first?["ci_system"] as? String == "github")
            #expect(runs.first?["commit_sha"] as? String == "1111aaaa")
            #expect(runs.first?["branch"] as? String == "feature/sheet")
            #expect(runs.first?["pull_request"] as? String == "42")
            #expect(runs.first?["ci_url"] as? String == "https://github.example/team/app/actions/runs/9001")
            #expect(runs.first?["host"] as? String == ProcessInfo.processInfo.hostName)
            let extra = try await rows("SELECT key, value FROM fleet_run_metadata", at: url)
            #expect(extra.count == 1 && extra.first?["key"] as? String == "device" && extra.first?["value"] as? String == "iPhone 16")

            // Without stored metadata: this process's CI variables, said on standard error; --meta still wins.
            let fallback = try runPublish([old, "--replay", "1", "--to", url, "--meta", "pr=5"], in: folder, extra: elsewhere)
            #expect(fallback.status == 0, "\(fallback.standardError)")
            #expect(fallback.standardError.contains("replay 1 of \(old) stores no run metadata"), "\(fallback.standardError)")
            // The copy's run key is the original's (same sessions, replay and start): already published.
            #expect(fallback.standardOutput.contains("already run 1"), "\(fallback.standardOutput)")
        }
        try await withPostgres { url in
            let fallback = try runPublish([old, "--replay", "1", "--to", url, "--meta", "pr=5"], in: folder, extra: elsewhere)
            #expect(fallback.status == 0, "\(fallback.standardError)")
            let runs = try await rows("SELECT commit_sha, branch, pull_request FROM fleet_runs", at: url)
            #expect(runs.first?["commit_sha"] as? String == "2222bbbb")
            #expect(runs.first?["branch"] as? String == "main")
            #expect(runs.first?["pull_request"] as? String == "5")
        }
    }
}
