import Foundation
import ReelFleet
import ReelStore
import ReelTestSupport
import Testing

/// Whether this machine has PostgreSQL's server binaries (Debian's `postgresql`, `tools/setup fleet`).
let postgresInstalled: Bool = {
    let manager = FileManager.default
    let versions = (try? manager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    if versions.contains(where: { manager.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb") }) { return true }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").contains { manager.isExecutableFile(atPath: "\($0)/initdb") }
}()

let noPostgresReason: Comment = "no PostgreSQL server binaries (initdb, pg_ctl): run tools/setup fleet"

/// A PostgreSQL server of its own for one test, started by tools/postgres-test-server on a free
/// loopback port and stopped (its folder removed) when the body ends.
func withPostgres<T>(_ body: (_ url: String) async throws -> T) async throws -> T {
    let script = repositoryRoot + "/tools/postgres-test-server"
    let folder = try temporaryFolder()
    let started = try startProcess([script, "start"], in: folder, captureFolder: folder).wait()
    try #require(started.status == 0, "tools/postgres-test-server start failed: \(started.standardError)")
    let lines = started.standardOutput.split(separator: "\n").map(String.init)
    try #require(lines.count == 2, "unexpected output: \(started.standardOutput)")
    defer { _ = try? startProcess([script, "stop", lines[1]], in: folder, captureFolder: folder).wait() }
    return try await body(lines[0])
}

/// The `reel-publish` executable of this build, beside `reel`.
let publishExecutable = (reelExecutable as NSString).deletingLastPathComponent + "/reel-publish"

/// Runs `reel-publish ARGUMENTS` in `folder`, with the CI variables of the test's environment
/// removed (the metadata comes from `--meta` only) plus `extra`.
func runPublish(_ arguments: [String], in folder: String, extra: [String: String] = [:]) throws -> ReelRun {
    try startPublish(arguments, in: folder, extra: extra).wait()
}

func startPublish(_ arguments: [String], in folder: String, extra: [String: String] = [:]) throws -> StartedProcess {
    let ciMarkers: Set<String> = ["GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "JENKINS_URL", "CIRCLECI"]
    var environment = ProcessInfo.processInfo.environment.filter { !ciMarkers.contains($0.key) }
    environment.merge(extra) { _, new in new }
    return try startProcess([publishExecutable] + arguments, in: folder, environment: environment, captureFolder: folder)
}

/// The rows of `sql` on the server at `url`, each a column-to-value dictionary (JSON values).
func rows(_ sql: String, at url: String) async throws -> [[String: Any]] {
    let database = try await FleetDatabase.connect(to: FleetServer(url: url))
    let text = try await database.jsonRows(sql)
    await database.close()
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
}

/// One integer from the first row of `sql`.
func count(_ sql: String, at url: String) async throws -> Int {
    let first = try #require(try await rows(sql, at: url).first)
    return try #require((first.values.first as? NSNumber)?.intValue)
}

/// A saved fleet query, Fleet/Queries/NAME.sql.
func savedQuery(_ name: String) throws -> String {
    try String(contentsOfFile: repositoryRoot + "/Fleet/Queries/\(name).sql", encoding: .utf8)
}

/// Content hash and scenario of every session of an archive, by session id.
func sessionHeaders(_ archivePath: String) throws -> [Int64: (hash: String, scenario: String)] {
    let archive = try Archive.open(archivePath, mode: .readOnly)
    let ids = try archive.sessionIDs()
    let contents = SessionContents(frames: false, events: false, tags: false, hierarchy: false)
    var headers: [Int64: (hash: String, scenario: String)] = [:]
    for session in try archive.loadSessions(ids, contents: contents) {
        headers[session.id] = (session.header.contentHash, session.header.scenarioName)
    }
    return headers
}
