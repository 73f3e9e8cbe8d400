import Foundation
import ReelJSON
import ReelStore
import ReelTestSupport
import Testing

/// Issue 36, run metadata shown where runs are compared: `reel compare` (text, JSON, Markdown)
/// names when each of its two replays ran and from what commit and branch, and the replay's
/// Markdown summary says it of its replay.
@Suite("Run metadata in reel compare and the Markdown summaries")
struct RunMetadataOutputTests {
    /// The stored start and end of a replay, read from the table.
    private func times(_ replayID: Int64, in archive: String) throws -> (started: String, finished: String) {
        let statement = try Database.open(archive, mode: .readOnly).prepare(
            "SELECT started_at, finished_at FROM replays WHERE id = \(replayID)")
        #expect(try statement.step())
        return (statement.string(at: 0), statement.string(at: 1))
    }

    /// Runs `reel` with the CI systems' marker variables removed, so only `--meta` and the host fill the metadata.
    private func reel(_ arguments: [String], in folder: String) throws -> ReelRun {
        let markers: Set<String> = ["GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "JENKINS_URL", "CIRCLECI"]
        let environment = ProcessInfo.processInfo.environment.filter { !markers.contains($0.key) }
        return try startProcess([reelExecutable] + arguments, in: folder, environment: environment, captureFolder: folder).wait()
    }

    @Test func compareNamesWhenAndFromWhatEachReplayRan() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 20)
        let first = try reel(["replay", "a.sqlite", "--meta", "commit=aaaa1111bbbb2222", "--meta", "branch=main"], in: folder)
        #expect(first.status == 0, "\(first.standardError)")
        let second = try reel(
            ["replay", "a.sqlite", "--engine", candidate, "--meta", "commit=cccc3333dddd4444", "--meta", "branch=feature/sheet"], in: folder
        )
        #expect(second.status == 1, "\(second.standardError)")
        let (started1, finished1) = try times(1, in: archive)
        let (started2, _) = try times(2, in: archive)
        let host = ProcessInfo.processInfo.hostName

        let text = try reel(["compare", "a.sqlite", "1", "2"], in: folder)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(
            text.standardOutput.contains(
                "replay 1: started \(started1), finished \(finished1); commit aaaa1111bbbb, branch main, host \(host)"),
            "\(text.standardOutput)")
        #expect(text.standardOutput.contains("replay 2: started \(started2)"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("commit cccc3333dddd, branch feature/sheet"), "\(text.standardOutput)")

        let json = try JSONParser.parse(try reel(["compare", "a.sqlite", "1", "2", "--format", "json"], in: folder).standardOutput)
        #expect(json["earlier_run"]?["started_at"] == .string(started1))
        #expect(json["earlier_run"]?["metadata"]?["commit"] == .string("aaaa1111bbbb2222"))
        #expect(json["later_run"]?["started_at"] == .string(started2))
        #expect(json["later_run"]?["metadata"]?["branch"] == .string("feature/sheet"))

        let markdown = try reel(["compare", "a.sqlite", "1", "2", "--format", "markdown"], in: folder)
        #expect(
            markdown.standardOutput.contains("- replay 1: started \(started1), finished \(finished1); commit aaaa1111bbbb, branch main"),
            "\(markdown.standardOutput)")
        #expect(markdown.standardOutput.contains("- replay 2: started \(started2)"), "\(markdown.standardOutput)")

        // A replay recorded before Reel stored metadata is said to have none.
        let database = try Database.open(archive, mode: .readWrite)
        try database.execute("UPDATE replays SET metadata_json = NULL WHERE id = 1")
        let old = try reel(["compare", "a.sqlite", "1", "2"], in: folder)
        #expect(
            old.standardOutput.contains("replay 1: started \(started1), finished \(finished1); no run metadata stored"),
            "\(old.standardOutput)")
    }

    @Test func theReplaySummarySaysWhenAndFromWhatItRan() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        let run = try reel(
            ["replay", "a.sqlite", "--engine", candidate, "--meta", "commit=eeee5555ffff6666", "--meta", "pr=17", "--format", "markdown"],
            in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let (started, finished) = try times(1, in: archive)
        #expect(
            run.standardOutput.contains("Ran: started \(started), finished \(finished); commit eeee5555ffff, pull request 17"),
            "\(run.standardOutput)")
    }
}
