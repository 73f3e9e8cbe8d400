import Foundation
import ReelJSON
import ReelTrace

/// Where and from what a replay ran, stored with it (`replays.metadata_json`) and shown by
/// `reel info`, `reel compare`, the report and the Markdown summary: the commit, branch, pull
/// request and CI run of the usual CI systems' variables, the host, and any `--meta KEY=VALUE`.
///
/// ```swift
/// var metadata = ReplayMetadata.fromEnvironment(ProcessInfo.processInfo.environment, host: "ci-7")
/// try metadata.set("--meta", "device=iPhone 16")
/// metadata.json   // {"branch":"main","ci":"github","commit":"3f2a…","device":"iPhone 16","host":"ci-7",…}
/// ```
package struct ReplayMetadata: Sendable, Hashable {
    /// The values by key, written in key order.
    package private(set) var values: [String: String] = [:]

    /// The longest key and value kept: a CI variable is a commit hash or a URL, and a value that
    /// long is someone's mistake, not metadata.
    package static let maximumKeyLength = 64
    package static let maximumValueLength = 1024

    /// The key under which `reel replay --results` stores the recorded archive's absolute path, so
    /// that the report of the results archive (or of a merge of them) finds the recorded traces.
    package static let recordedArchiveKey = "recorded_archive"

    package init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The metadata the environment of a CI job gives, and the host. Each system's variables are
    /// its documented ones; the first system whose marker variable is set is the one read.
    package static func fromEnvironment(_ environment: [String: String], host: String) -> ReplayMetadata {
        var metadata = ReplayMetadata(["host": host])
        func take(_ key: String, _ names: String...) {
            if let value = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) {
                metadata.values[key] = String(value.prefix(maximumValueLength))
            }
        }
        if environment["GITHUB_ACTIONS"] == "true" {
            metadata.values["ci"] = "github"
            take("commit", "GITHUB_SHA")
            take("branch", "GITHUB_HEAD_REF", "GITHUB_REF_NAME")
            // refs/pull/N/merge names the pull request of a pull_request event.
            if let ref = environment["GITHUB_REF"], ref.hasPrefix("refs/pull/") {
                metadata.values["pull_request"] = String(ref.dropFirst("refs/pull/".count).prefix { $0 != "/" })
            }
            if let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
                let run = environment["GITHUB_RUN_ID"]
            {
                metadata.values["ci_url"] = "\(server)/\(repository)/actions/runs/\(run)"
            }
        } else if environment["GITLAB_CI"] == "true" {
            metadata.values["ci"] = "gitlab"
            take("commit", "CI_COMMIT_SHA")
            take("branch", "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", "CI_COMMIT_REF_NAME")
            take("pull_request", "CI_MERGE_REQUEST_IID")
            take("ci_url", "CI_JOB_URL", "CI_PIPELINE_URL")
        } else if environment["BUILDKITE"] == "true" {
            metadata.values["ci"] = "buildkite"
            take("commit", "BUILDKITE_COMMIT")
            take("branch", "BUILDKITE_BRANCH")
            if let pull = environment["BUILDKITE_PULL_REQUEST"], pull != "false" { metadata.values["pull_request"] = pull }
            take("ci_url", "BUILDKITE_BUILD_URL")
        } else if environment["CIRCLECI"] == "true" {
            metadata.values["ci"] = "circleci"
            take("commit", "CIRCLE_SHA1")
            take("branch", "CIRCLE_BRANCH")
            // CIRCLE_PULL_REQUEST is the pull request's URL; its last path element is the number.
            if let url = environment["CIRCLE_PULL_REQUEST"], let number = url.split(separator: "/").last {
                metadata.values["pull_request"] = String(number)
            }
            take("ci_url", "CIRCLE_BUILD_URL")
        } else if environment["JENKINS_URL"] != nil {
            metadata.values["ci"] = "jenkins"
            take("commit", "GIT_COMMIT")
            take("branch", "CHANGE_BRANCH", "BRANCH_NAME", "GIT_BRANCH")
            take("pull_request", "CHANGE_ID")
            take("ci_url", "BUILD_URL")
        }
        return metadata
    }

    /// Sets `key` to `value` (a `--meta KEY=VALUE`), replacing what the environment said.
    /// - Throws: `ReelFailure(.usage)` for an empty or overlong key or an overlong value.
    package mutating func set(_ key: String, _ value: String) throws(ReelFailure) {
        guard !key.isEmpty, key.count <= Self.maximumKeyLength else {
            throw ReelFailure(.usage, "--meta \(key)=...: a key is 1 to \(Self.maximumKeyLength) characters")
        }
        guard value.count <= Self.maximumValueLength else {
            throw ReelFailure(.usage, "--meta \(key)=...: a value is at most \(Self.maximumValueLength) characters")
        }
        values[key] = value
    }

    /// Parses `--meta KEY=VALUE` arguments onto this metadata.
    package mutating func set(arguments: [String]) throws(ReelFailure) {
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else {
                throw ReelFailure(.usage, "--meta \(argument): expected KEY=VALUE")
            }
            try set(String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
    }

    /// The stored form: one JSON object, keys in order.
    package var json: String {
        var writer = JSONWriter()
        writer.object(values.sorted { $0.key < $1.key }, key: \.key) { w, entry in w.string(entry.value) }
        return writer.text
    }

    /// Reads the stored form; nil for text that is not an object of strings (a damaged or foreign row).
    package init?(json: String) {
        guard case .object(let members)? = try? JSONParser.parse(json) else { return nil }
        var values: [String: String] = [:]
        for member in members {
            guard case .string(let text) = member.value else { return nil }
            values[member.key] = text
        }
        self.values = values
    }

    /// One line for people: the commit (short), branch, pull request, host, CI URL, then the other keys.
    package var summary: String {
        var parts: [String] = []
        if let commit = values["commit"] { parts.append("commit \(commit.prefix(12))") }
        if let branch = values["branch"] { parts.append("branch \(branch)") }
        if let pull = values["pull_request"] { parts.append("pull request \(pull)") }
        if let host = values["host"] { parts.append("host \(host)") }
        if let url = values["ci_url"] { parts.append(url) }
        let shown: Set<String> = ["commit", "branch", "pull_request", "host", "ci_url", "ci"]
        for (key, value) in values.sorted(by: { $0.key < $1.key }) where !shown.contains(key) { parts.append("\(key)=\(value)") }
        return parts.joined(separator: ", ")
    }
}
