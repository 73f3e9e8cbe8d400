import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// The CI variables each system documents, read into a run's metadata, `--meta` over them, and the
/// stored form read back through the archive (`replays.metadata_json`). One type for `reel replay`,
/// which stores it, and `reel publish`, which publishes what was stored.
@Suite struct RunMetadataTests {
    @Test func githubActionsPullRequest() throws {
        let metadata = RunMetadata.fromEnvironment(
            [
                "GITHUB_ACTIONS": "true", "GITHUB_SHA": "4f2a9c", "GITHUB_HEAD_REF": "feature/x", "GITHUB_REF_NAME": "42/merge",
                "GITHUB_REF": "refs/pull/42/merge", "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "team/app",
                "GITHUB_RUN_ID": "9001",
            ], host: "runner-1")
        #expect(metadata.ciSystem == "github")
        #expect(metadata.commit == "4f2a9c" && metadata.branch == "feature/x" && metadata.pullRequest == "42")
        #expect(metadata.ciURL == "https://github.com/team/app/actions/runs/9001")
        #expect(metadata.host == "runner-1")
    }

    @Test func otherSystems() {
        let gitlab = RunMetadata.fromEnvironment(
            [
                "GITLAB_CI": "true", "CI_COMMIT_SHA": "c1", "CI_COMMIT_REF_NAME": "main", "CI_MERGE_REQUEST_IID": "7",
                "CI_PIPELINE_URL": "https://gitlab.example/p/1",
            ], host: nil)
        #expect(gitlab.ciSystem == "gitlab" && gitlab.commit == "c1" && gitlab.branch == "main" && gitlab.pullRequest == "7")
        #expect(gitlab.ciURL == "https://gitlab.example/p/1" && gitlab.host == nil)
        let buildkite = RunMetadata.fromEnvironment(
            [
                "BUILDKITE": "true", "BUILDKITE_COMMIT": "c2", "BUILDKITE_BRANCH": "dev", "BUILDKITE_PULL_REQUEST": "false",
                "BUILDKITE_BUILD_URL": "https://buildkite.com/o/p/builds/3",
            ], host: nil)
        #expect(buildkite.ciSystem == "buildkite" && buildkite.commit == "c2" && buildkite.pullRequest == nil)
        let jenkins = RunMetadata.fromEnvironment(
            ["JENKINS_URL": "https://ci/", "GIT_COMMIT": "c3", "BRANCH_NAME": "PR-5", "CHANGE_ID": "5", "BUILD_URL": "https://ci/job/1/"],
            host: nil)
        #expect(
            jenkins.ciSystem == "jenkins" && jenkins.commit == "c3" && jenkins.pullRequest == "5" && jenkins.ciURL == "https://ci/job/1/")
        let circle = RunMetadata.fromEnvironment(
            [
                "CIRCLECI": "true", "CIRCLE_SHA1": "c4", "CIRCLE_BRANCH": "b", "CIRCLE_PULL_REQUEST": "https://github.com/t/a/pull/88",
                "CIRCLE_BUILD_URL": "https://circleci.com/gh/t/a/12",
            ], host: nil)
        #expect(circle.ciSystem == "circleci" && circle.commit == "c4" && circle.pullRequest == "88")
        let none = RunMetadata.fromEnvironment(["CI": "true"], host: "h")
        #expect(none.ciSystem == nil && none.commit == nil && none.host == "h" && none.values == ["host": "h"])
    }

    @Test func metaPairsOverrideExtendAndRemove() throws {
        var metadata = RunMetadata.fromEnvironment(["GITHUB_ACTIONS": "true", "GITHUB_SHA": "from-env"], host: "h")
        try metadata.set(arguments: ["commit=given", "device=iPhone 15", "note=a=b", "device=iPad", "pr=12", "host="])
        #expect(metadata.commit == "given" && metadata.pullRequest == "12" && metadata.host == nil)
        #expect(metadata.extra.map(\.key) == ["device", "note"] && metadata.extra.map(\.value) == ["iPad", "a=b"])
        #expect(metadata.json == #"{"ci":"github","commit":"given","device":"iPad","note":"a=b","pull_request":"12"}"#)
        for bad in ["no-equals", "=value", String(repeating: "k", count: 65) + "=v", "k=" + String(repeating: "v", count: 1025)] {
            #expect(throws: ReelFailure.self) { try metadata.set(arguments: [bad]) }
        }
        #expect(throws: ReelFailure.self) { try metadata.set(arguments: Array(repeating: "a=b", count: 101)) }
    }

    @Test func theStoredFormReadsBackThroughTheArchive() throws {
        let folder = try temporaryFolder()
        let archive = try Archive.open(folder + "/a.sqlite", mode: .readWrite)
        var metadata = RunMetadata.fromEnvironment([:], host: "ci-7")
        try metadata.set(arguments: ["branch=main", "quote=\"\\\n\u{01}", "emoji=📱"])
        let engine = try archive.write {
            try archive.engineID(for: EngineIdentity(name: "e", version: "1", fingerprint: "f", profileJSON: "{}"))
        }
        let stored = try archive.write {
            try archive.beginReplay(engineID: engine, candidate: "e", tolerancesJSON: "{}", shard: nil, metadataJSON: metadata.json)
        }
        let none = try archive.write { try archive.beginReplay(engineID: engine, candidate: "e", tolerancesJSON: "{}", shard: nil) }
        #expect(try archive.runMetadata(replayID: stored) == metadata)
        #expect(try archive.runMetadata(replayID: none) == nil)
        #expect(try archive.runMetadata(replayID: 99) == nil)
        // An object with a member that is not a string (an archive written by hand) is not metadata Reel wrote.
        try archive.database.execute(#"UPDATE replays SET metadata_json = '{"build":42,"ok":"yes"}' WHERE id = \#(none)"#)
        #expect(try archive.runMetadata(replayID: none) == nil)
    }
}
