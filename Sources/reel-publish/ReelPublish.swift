import ArgumentParser
import Foundation
import ReelFleet
import ReelStore

/// `reel-publish ARCHIVE --replay ID --to postgres://...`: a replay's run, verdicts and divergences
/// into the team's PostgreSQL database (docs/FLEET.md). Its own executable, so `reel` does not link
/// PostgresNIO; `reel publish` runs it.
@main
struct ReelPublish: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reel-publish",
        abstract: "Publish a replay's verdicts to a shared PostgreSQL database (one transaction, once per run).",
        discussion: """
            The run's commit, branch, pull request, CI URL and host are those `reel replay` stored with the \
            replay (from the CI system's variables where it ran, and its --meta); for a replay that stored none \
            (recorded before Reel stored run metadata) they come from this process's CI variables (GitHub \
            Actions, GitLab, Buildkite, Jenkins, CircleCI), said on standard error. --meta KEY=VALUE sets them \
            (keys commit, branch, pr or pull_request, ci_url, host, ci) or adds others. Publishing the same replay again writes nothing. \
            Exit codes: 0 published or already there, 64 usage (bad URL, unknown replay), 65 bad archive \
            or unfinished replay, 66 missing archive, 69 server unreachable or refusing.
            """
    )

    @Argument(help: "The Reel archive (or results file) holding the replay.")
    var archive: String

    @Option(help: "The replay to publish (reel info ARCHIVE lists them).")
    var replay: Int64

    @Option(help: "The database: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require].")
    var to: String

    @Option(name: .customLong("meta"), help: "KEY=VALUE recorded with the run (repeatable).")
    var meta: [String] = []

    @Option(help: "Seconds to wait for the connection.")
    var connectTimeout: Int64 = 10

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let server: FleetServer
        do {
            server = try FleetServer(url: to, environment: environment)
            // Checked before the archive is read: a bad --meta is a usage error whatever the replay.
            var given = RunMetadata()
            try given.set(arguments: meta)
        } catch {
            throw fail(String(describing: error), status: .usage)
        }
        guard (1...600).contains(connectTimeout) else { throw fail("--connect-timeout must be 1 to 600 seconds", status: .usage) }
        let run = try reporting { try FleetRun.read(archive: archive, replayID: replay) }
        var metadata: RunMetadata
        if let stored = run.storedMetadata {
            metadata = stored
        } else {
            metadata = RunMetadata.fromEnvironment(environment, host: ProcessInfo.processInfo.hostName)
            FileHandle.standardError.write(
                Data(
                    ("reel-publish: note: replay \(replay) of \(archive) stores no run metadata (recorded before Reel stored it); "
                        + "its commit, branch, pull request, CI URL and host are taken from this process's CI variables and host\n").utf8))
        }
        do { try metadata.set(arguments: meta) } catch { throw fail(String(describing: error), status: .usage) }
        let database = try await reportingAsync { try await FleetDatabase.connect(to: server, timeout: connectTimeout) }
        let pause = environment["REEL_PUBLISH_TEST_PAUSE_SECONDS"].flatMap(Double.init) ?? 0
        let outcome = try await reportingAsync {
            try await FleetPublisher(database: database, pauseBeforeCommit: pause).publish(run, metadata: metadata)
        }
        await database.close()
        if outcome.inserted {
            print(
                "published replay \(replay) of \(archive) as run \(outcome.runID) to \(server.displayURL): "
                    + "\(outcome.verdicts) verdicts, \(outcome.divergences) divergences")
        } else {
            print("replay \(replay) of \(archive) is already run \(outcome.runID) in \(server.displayURL); nothing written")
        }
    }
}
