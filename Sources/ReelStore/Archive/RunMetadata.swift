import ReelTrace

/// Where and from what a replay ran: the commit, branch, pull request and CI run of the usual CI
/// systems' variables, the host, and any `--meta KEY=VALUE`. `reel replay` stores it with the replay
/// (`replays.metadata_json`, one JSON object of strings, keys in order); `reel info`, `reel compare`,
/// the Markdown summary and `reel publish` read it back (`Archive.runMetadata(replayID:)`).
///
/// ```swift
/// var metadata = RunMetadata.fromEnvironment(["GITHUB_ACTIONS": "true", "GITHUB_SHA": "3f2a9c"], host: "ci-7")
/// try metadata.set(arguments: ["device=iPhone 16", "pr=42"])
/// metadata.commit       // "3f2a9c"
/// metadata.pullRequest  // "42"
/// metadata.json         // {"ci":"github","commit":"3f2a9c","device":"iPhone 16","host":"ci-7","pull_request":"42"}
/// ```
package struct RunMetadata: Sendable, Hashable {
    /// The values by key.
    package private(set) var values: [String: String] = [:]

    /// The keys with a meaning of their own (the fleet database's columns); any other key is `extra`.
    package static let namedKeys: Set<String> = ["ci", "commit", "branch", "pull_request", "ci_url", "host"]

    /// `--meta` takes at most this many pairs, keys of 1 to 64 bytes and values of at most 1024
    /// characters: a CI variable is a commit hash or a URL, and a value that long is a mistake.
    package static let maximumPairs = 100
    package static let maximumKeyBytes = 64
    package static let maximumValueLength = 1024

    /// The key under which `reel replay --results` stores the recorded archive's absolute path, so
    /// that the report of the results archive (or of a merge of them) finds the recorded traces.
    package static let recordedArchiveKey = "recorded_archive"

    package init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// `github`, `gitlab`, `buildkite`, `circleci`, `jenkins`, or nil outside those CI systems.
    package var ciSystem: String? { values["ci"] }
    package var commit: String? { values["commit"] }
    package var branch: String? { values["branch"] }
    package var pullRequest: String? { values["pull_request"] }
    package var ciURL: String? { values["ci_url"] }
    package var host: String? { values["host"] }
    /// The keys other than `namedKeys` (from `--meta`), in key order.
    package var extra: [(key: String, value: String)] {
        values.filter { !Self.namedKeys.contains($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The metadata a CI job's environment gives, and the host. Each system's variables are its
    /// documented ones; the first system whose marker variable is set is the one read.
    package static func fromEnvironment(_ environment: [String: String], host: String?) -> RunMetadata {
        var metadata = RunMetadata()
        if let host, !host.isEmpty { metadata.values["host"] = String(host.prefix(maximumValueLength)) }
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }.map { String($0.prefix(maximumValueLength)) }
        }
        func take(_ key: String, _ text: String?) {
            if let text, !text.isEmpty { metadata.values[key] = String(text.prefix(maximumValueLength)) }
        }
        if value("GITHUB_ACTIONS") == "true" {
            metadata.values["ci"] = "github"
            take("commit", value("GITHUB_SHA"))
            take("branch", value("GITHUB_HEAD_REF", "GITHUB_REF_NAME"))
            // refs/pull/N/merge names the pull request of a pull_request event.
            if let ref = value("GITHUB_REF"), ref.hasPrefix("refs/pull/") {
                take("pull_request", String(ref.dropFirst("refs/pull/".count).prefix { $0 != "/" }))
            }
            if let server = value("GITHUB_SERVER_URL"), let repository = value("GITHUB_REPOSITORY"), let run = value("GITHUB_RUN_ID") {
                take("ci_url", "\(server)/\(repository)/actions/runs/\(run)")
            }
        } else if value("GITLAB_CI") != nil {
            metadata.values["ci"] = "gitlab"
            take("commit", value("CI_COMMIT_SHA"))
            take("branch", value("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", "CI_COMMIT_REF_NAME"))
            take("pull_request", value("CI_MERGE_REQUEST_IID"))
            take("ci_url", value("CI_JOB_URL", "CI_PIPELINE_URL"))
        } else if value("BUILDKITE") == "true" {
            metadata.values["ci"] = "buildkite"
            take("commit", value("BUILDKITE_COMMIT"))
            take("branch", value("BUILDKITE_BRANCH"))
            take("pull_request", value("BUILDKITE_PULL_REQUEST").flatMap { $0 == "false" ? nil : $0 })
            take("ci_url", value("BUILDKITE_BUILD_URL"))
        } else if value("CIRCLECI") == "true" {
            metadata.values["ci"] = "circleci"
            take("commit", value("CIRCLE_SHA1"))
            take("branch", value("CIRCLE_BRANCH"))
            // CIRCLE_PULL_REQUEST is the pull request's URL; its last path element is the number.
            take(
                "pull_request",
                value("CIRCLE_PR_NUMBER") ?? value("CIRCLE_PULL_REQUEST").flatMap { $0.split(separator: "/").last.map(String.init) })
            take("ci_url", value("CIRCLE_BUILD_URL"))
        } else if value("JENKINS_URL") != nil {
            metadata.values["ci"] = "jenkins"
            take("commit", value("GIT_COMMIT"))
            take("branch", value("CHANGE_BRANCH", "BRANCH_NAME", "GIT_BRANCH"))
            take("pull_request", value("CHANGE_ID"))
            take("ci_url", value("BUILD_URL"))
        }
        return metadata
    }

    /// Sets `key` to `value` (a `--meta KEY=VALUE`), replacing what the environment said; `pr` is
    /// `pull_request`, and an empty value removes the key.
    /// - Throws: `ReelFailure(.usage)` for an empty or overlong key or an overlong value.
    package mutating func set(_ key: String, _ value: String) throws(ReelFailure) {
        guard !key.isEmpty, key.utf8.count <= Self.maximumKeyBytes else {
            throw ReelFailure(.usage, "--meta \(String(key.prefix(80)))=...: a key is 1 to \(Self.maximumKeyBytes) bytes")
        }
        guard value.count <= Self.maximumValueLength else {
            throw ReelFailure(.usage, "--meta \(key)=...: a value is at most \(Self.maximumValueLength) characters")
        }
        values[key == "pr" ? "pull_request" : key] = value.isEmpty ? nil : value
    }

    /// Parses `--meta KEY=VALUE` arguments onto this metadata, in order (a later one wins).
    /// - Throws: `ReelFailure(.usage)` for more than `maximumPairs`, an argument without `=`, or `set`'s errors.
    package mutating func set(arguments: [String]) throws(ReelFailure) {
        guard arguments.count <= Self.maximumPairs else { throw ReelFailure(.usage, "at most \(Self.maximumPairs) --meta pairs") }
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else {
                throw ReelFailure(.usage, "--meta \(String(argument.prefix(80))): expected KEY=VALUE")
            }
            try set(String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
    }

    /// The stored form: one JSON object of strings, keys in order.
    package var json: String {
        JSONText.stringObject(values)
    }

    /// One line for people: the commit (short), branch, pull request, host, CI URL, then the other keys.
    package var summary: String {
        var parts: [String] = []
        if let commit { parts.append("commit \(commit.prefix(12))") }
        if let branch { parts.append("branch \(branch)") }
        if let pullRequest { parts.append("pull request \(pullRequest)") }
        if let host { parts.append("host \(host)") }
        if let ciURL { parts.append(ciURL) }
        for (key, value) in extra { parts.append("\(key)=\(value)") }
        return parts.joined(separator: ", ")
    }
}
