import Foundation

/// Where a run happened: commit, branch, pull request, CI run URL and host, read from the CI
/// system's variables and overridden by `--meta KEY=VALUE`.
///
/// ```
/// var metadata = RunMetadata(environment: ["GITHUB_ACTIONS": "true", "GITHUB_SHA": "4f2a..."], host: "runner-7")
/// try metadata.apply(["pr=42", "device=iPhone 15"])
/// metadata.commit       // "4f2a..."
/// metadata.pullRequest  // "42"
/// metadata.extra        // [("device", "iPhone 15")]
/// ```
package struct RunMetadata: Sendable, Equatable {
    /// `github`, `gitlab`, `buildkite`, `jenkins`, `circleci`, or nil outside CI.
    package var ciSystem: String?
    package var commit: String?
    package var branch: String?
    package var pullRequest: String?
    package var ciURL: String?
    package var host: String?
    /// `--meta` pairs whose key is not one of the columns above, in the order given (a repeated key
    /// keeps its last value).
    package var extra: [(key: String, value: String)] = []

    /// The keys `--meta` sets columns with; any other key goes to `extra`.
    package static let columnKeys = ["commit", "branch", "pr", "ci_url", "host", "ci"]

    /// At most this many `--meta` pairs, keys of at most 64 bytes, values of at most 4096.
    package static let limits = (pairs: 100, keyBytes: 64, valueBytes: 4096)

    /// Reads the variables of GitHub Actions, GitLab CI, Buildkite, Jenkins and CircleCI (the
    /// first whose marker variable is set), and `host` (the machine's name when nil).
    package init(environment: [String: String], host: String? = ProcessInfo.processInfo.hostName) {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        self.host = host
        if value("GITHUB_ACTIONS") == "true" {
            ciSystem = "github"
            commit = value("GITHUB_SHA")
            branch = value("GITHUB_HEAD_REF") ?? value("GITHUB_REF_NAME")
            if let ref = value("GITHUB_REF"), ref.hasPrefix("refs/pull/") {
                pullRequest = ref.dropFirst("refs/pull/".count).split(separator: "/").first.map(String.init)
            }
            if let server = value("GITHUB_SERVER_URL"), let repository = value("GITHUB_REPOSITORY"), let run = value("GITHUB_RUN_ID") {
                ciURL = "\(server)/\(repository)/actions/runs/\(run)"
            }
        } else if value("GITLAB_CI") != nil {
            ciSystem = "gitlab"
            commit = value("CI_COMMIT_SHA")
            branch = value("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME") ?? value("CI_COMMIT_REF_NAME")
            pullRequest = value("CI_MERGE_REQUEST_IID")
            ciURL = value("CI_JOB_URL") ?? value("CI_PIPELINE_URL")
        } else if value("BUILDKITE") == "true" {
            ciSystem = "buildkite"
            commit = value("BUILDKITE_COMMIT")
            branch = value("BUILDKITE_BRANCH")
            pullRequest = value("BUILDKITE_PULL_REQUEST").flatMap { $0 == "false" ? nil : $0 }
            ciURL = value("BUILDKITE_BUILD_URL")
        } else if value("JENKINS_URL") != nil {
            ciSystem = "jenkins"
            commit = value("GIT_COMMIT")
            branch = value("CHANGE_BRANCH") ?? value("BRANCH_NAME") ?? value("GIT_BRANCH")
            pullRequest = value("CHANGE_ID")
            ciURL = value("BUILD_URL")
        } else if value("CIRCLECI") == "true" {
            ciSystem = "circleci"
            commit = value("CIRCLE_SHA1")
            branch = value("CIRCLE_BRANCH")
            pullRequest =
                value("CIRCLE_PR_NUMBER") ?? value("CIRCLE_PULL_REQUEST").flatMap { $0.split(separator: "/").last.map(String.init) }
            ciURL = value("CIRCLE_BUILD_URL")
        }
    }

    /// Applies `--meta KEY=VALUE` pairs: `commit`, `branch`, `pr`, `ci_url`, `host` and `ci` replace
    /// what the environment said; other keys are kept in `extra`. Throws a message for a pair
    /// without `=`, an empty key, or one past the limits.
    package mutating func apply(_ pairs: [String]) throws(MetadataError) {
        guard pairs.count <= Self.limits.pairs else { throw MetadataError(message: "at most \(Self.limits.pairs) --meta pairs") }
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "=") else {
                throw MetadataError(message: "--meta \(pair.debugDescription): expected KEY=VALUE")
            }
            let key = String(pair[..<equals])
            let text = String(pair[pair.index(after: equals)...])
            guard !key.isEmpty, key.utf8.count <= Self.limits.keyBytes else {
                throw MetadataError(
                    message: "--meta \(pair.prefix(80).debugDescription): the key must have 1 to \(Self.limits.keyBytes) bytes")
            }
            guard text.utf8.count <= Self.limits.valueBytes else {
                throw MetadataError(message: "--meta \(key): the value has more than \(Self.limits.valueBytes) bytes")
            }
            let value: String? = text.isEmpty ? nil : text
            switch key {
            case "commit": commit = value
            case "branch": branch = value
            case "pr": pullRequest = value
            case "ci_url": ciURL = value
            case "host": host = value
            case "ci": ciSystem = value
            default:
                extra.removeAll { $0.key == key }
                extra.append((key, text))
            }
        }
    }

    package static func == (lhs: RunMetadata, rhs: RunMetadata) -> Bool {
        lhs.ciSystem == rhs.ciSystem && lhs.commit == rhs.commit && lhs.branch == rhs.branch && lhs.pullRequest == rhs.pullRequest
            && lhs.ciURL == rhs.ciURL && lhs.host == rhs.host && lhs.extra.map(\.key) == rhs.extra.map(\.key)
            && lhs.extra.map(\.value) == rhs.extra.map(\.value)
    }
}

/// A `--meta` argument that cannot be used, and why.
package struct MetadataError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
