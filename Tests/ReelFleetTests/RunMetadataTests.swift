import ReelFleet
import Testing

/// The CI variables each system documents, read into the run's metadata, and `--meta` over them.
@Suite struct RunMetadataTests {
    @Test func githubActionsPullRequest() throws {
        let metadata = RunMetadata(
            environment: [
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
        let gitlab = RunMetadata(
            environment: [
                "GITLAB_CI": "true", "CI_COMMIT_SHA": "c1", "CI_COMMIT_REF_NAME": "main", "CI_MERGE_REQUEST_IID": "7",
                "CI_PIPELINE_URL": "https://gitlab.example/p/1",
            ], host: nil)
        #expect(gitlab.ciSystem == "gitlab" && gitlab.commit == "c1" && gitlab.branch == "main" && gitlab.pullRequest == "7")
        #expect(gitlab.ciURL == "https://gitlab.example/p/1")
        let buildkite = RunMetadata(
            environment: [
                "BUILDKITE": "true", "BUILDKITE_COMMIT": "c2", "BUILDKITE_BRANCH": "dev", "BUILDKITE_PULL_REQUEST": "false",
                "BUILDKITE_BUILD_URL": "https://buildkite.com/o/p/builds/3",
            ], host: nil)
        #expect(buildkite.ciSystem == "buildkite" && buildkite.commit == "c2" && buildkite.pullRequest == nil)
        let jenkins = RunMetadata(
            environment: [
                "JENKINS_URL": "https://ci/", "GIT_COMMIT": "c3", "BRANCH_NAME": "PR-5", "CHANGE_ID": "5", "BUILD_URL": "https://ci/job/1/",
            ],
            host: nil)
        #expect(
            jenkins.ciSystem == "jenkins" && jenkins.commit == "c3" && jenkins.pullRequest == "5" && jenkins.ciURL == "https://ci/job/1/")
        let circle = RunMetadata(
            environment: [
                "CIRCLECI": "true", "CIRCLE_SHA1": "c4", "CIRCLE_BRANCH": "b", "CIRCLE_PULL_REQUEST": "https://github.com/t/a/pull/88",
                "CIRCLE_BUILD_URL": "https://circleci.com/gh/t/a/12",
            ], host: nil)
        #expect(circle.ciSystem == "circleci" && circle.commit == "c4" && circle.pullRequest == "88")
        let none = RunMetadata(environment: ["CI": "true"], host: "h")
        #expect(none.ciSystem == nil && none.commit == nil && none.host == "h")
    }

    @Test func metaPairsOverrideAndExtend() throws {
        var metadata = RunMetadata(environment: ["GITHUB_ACTIONS": "true", "GITHUB_SHA": "from-env"], host: "h")
        try metadata.apply(["commit=given", "device=iPhone 15", "note=a=b", "device=iPad"])
        #expect(metadata.commit == "given")
        #expect(metadata.extra.map(\.key) == ["note", "device"] && metadata.extra.map(\.value) == ["a=b", "iPad"])
        #expect(throws: MetadataError.self) { try metadata.apply(["no-equals"]) }
        #expect(throws: MetadataError.self) { try metadata.apply(["=value"]) }
        #expect(throws: MetadataError.self) { try metadata.apply([String(repeating: "k", count: 65) + "=v"]) }
    }
}
