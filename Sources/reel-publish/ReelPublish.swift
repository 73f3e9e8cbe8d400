import ArgumentParser
import Foundation
import ReelFleet
import ReelStore
import ReelTrace

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
            or unfinished replay, 66 missing archive, 69 server unreachable, refusing or silent past a timeout.
            """
    )

    @Argument(help: "The Reel archive (or results file) holding the replay.")
    var archive: String

    @Option(help: "The replay to publish (reel info ARCHIVE lists them).")
    var replay: Int64

    @Option(
        help: """
            The database: postgres://USER@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]. The password comes from \
            PGPASSWORD or a password file (PGPASSFILE, else ~/.pgpass): a password in this URL is readable by any local \
            user in the process list (a warning says so); --to-file keeps the whole URL out of it.
            """)
    var to: String?

    @Option(help: "A file whose first line is the --to URL (it may hold the password): instead of --to.")
    var toFile: String?

    @Option(name: .customLong("meta"), help: "KEY=VALUE recorded with the run (repeatable).")
    var meta: [String] = []

    @Option(help: "Seconds to wait for the connection (TCP, TLS and the server's startup answers).")
    var connectTimeout: Int64 = 10

    @Option(help: "Seconds one statement may take (the server's statement_timeout; a server that stalls longer is left, exit 69).")
    var statementTimeout: Int64 = 60

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let url = try Self.databaseURL(to: to, toFile: toFile)
        let server: FleetServer
        do {
            server = try FleetServer(url: url, environment: environment)
            // Checked before the archive is read: a bad --meta is a usage error whatever the replay.
            var given = RunMetadata()
            try given.set(arguments: meta)
        } catch {
            throw fail(String(describing: error), status: .usage)
        }
        if to != nil, server.passwordInURL {
            warn(
                "the --to URL holds a password, which any local user can read in the process list (/proc/PID/cmdline) while "
                    + "this runs; give it in PGPASSWORD or a password file (PGPASSFILE, ~/.pgpass), or the URL in a file with --to-file")
        }
        for warning in server.warnings { warn(warning) }
        guard (1...600).contains(connectTimeout) else { throw fail("--connect-timeout must be 1 to 600 seconds", status: .usage) }
        guard (1...3600).contains(statementTimeout) else {
            throw fail("--statement-timeout must be 1 to 3600 seconds", status: .usage)
        }
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
        let database = try await reportingAsync {
            try await FleetDatabase.connect(to: server, timeout: connectTimeout, statementTimeout: statementTimeout)
        }
        let pause = environment["REEL_PUBLISH_TEST_PAUSE_SECONDS"].flatMap(Double.init) ?? 0
        let outcome: PublishOutcome
        do {
            outcome = try await reportingAsync {
                try await FleetPublisher(database: database, pauseBeforeCommit: pause).publish(run, metadata: metadata)
            }
        } catch {
            // Closed before it goes away (PostgresNIO asserts it); the server rolls the transaction back.
            await database.close()
            throw error
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

    /// The most bytes of a --to-file (a URL is far shorter).
    static let urlFileLimit = 64 * 1024

    /// The URL from `--to`, or the first line of the `--to-file` file; exactly one of the two.
    static func databaseURL(to: String?, toFile: String?) throws -> String {
        switch (to, toFile) {
        case (let url?, nil): return url
        case (nil, let path?): return try urlFromFile(path)
        case (nil, nil): throw fail("give the database with --to postgres://... or --to-file FILE", status: .usage)
        case (_?, _?): throw fail("give --to or --to-file, not both", status: .usage)
        }
    }

    private static func urlFromFile(_ path: String) throws -> String {
        let shownPath = UntrustedText.sanitized(path, limit: 200)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw fail("--to-file \(shownPath): \(exists ? "cannot be read" : "no such file")", status: .noInput)
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: urlFileLimit + 1)) ?? nil ?? Data()
        guard data.count <= urlFileLimit else {
            throw fail("--to-file \(shownPath): larger than \(urlFileLimit / 1024) KiB; it holds one postgres:// URL", status: .dataError)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw fail("--to-file \(shownPath): not UTF-8 text; it holds one postgres:// URL", status: .dataError)
        }
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let url = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !url.isEmpty else { throw fail("--to-file \(shownPath): line 1 is empty; it holds one postgres:// URL", status: .dataError) }
        return url
    }
}
