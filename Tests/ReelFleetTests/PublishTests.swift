import Foundation
import ReelFleet
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// `reel-publish` against a real PostgreSQL server: once per run, all or nothing, doubles kept
/// bit for bit.
@Suite(.enabled(if: postgresInstalled, noPostgresReason), .timeLimit(.minutes(5)))
struct PublishTests {
    /// A recorded swipe-dismiss corpus replayed once against the candidate that flips some sessions.
    static func replayedCorpus() throws -> (folder: String, archive: String) {
        let corpus = try swipeDismissCorpus(count: 16)
        let replay = try runReel(["replay", corpus.archive, "--engine", corpus.candidate], in: corpus.folder)
        #expect(replay.status == 1, "the candidate diverges: \(replay.standardError)")
        try Archive.foldWriteAheadLog(at: corpus.archive)
        return (corpus.folder, corpus.archive)
    }

    /// What the archive holds for replay 1: verdicts, divergences, flips, and each verdict's max
    /// error by content hash.
    static func expected(_ path: String) throws -> (verdicts: Int, divergences: Int, flips: Int, maxErrors: [String: Double]) {
        let archive = try Archive.open(path, mode: .readOnly)
        let headers = try sessionHeaders(path)
        let results = try archive.replayResults(replayID: 1)
        var maxErrors: [String: Double] = [:]
        for row in results { if let value = row.maxError { maxErrors[headers[row.sessionID]!.hash] = value } }
        let flips = results.filter { $0.decisionExpected != nil && $0.decisionActual != nil && $0.decisionExpected != $0.decisionActual }
        return (results.count, try archive.divergences(replayID: 1).count, flips.count, maxErrors)
    }

    @Test func publishingTheSameReplayTwiceIsOneRun() async throws {
        let (folder, archive) = try Self.replayedCorpus()
        let copy = folder + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: archive, toPath: copy)
        let want = try Self.expected(archive)
        #expect(want.flips > 0 && want.divergences > 0)
        try await withPostgres { url in
            let first = try runPublish([archive, "--replay", "1", "--to", url, "--meta", "commit=abc123"], in: folder)
            #expect(first.status == 0, "\(first.standardError)")
            #expect(first.standardOutput.contains("\(want.verdicts) verdicts, \(want.divergences) divergences"))
            for path in [archive, copy] {
                let again = try runPublish([path, "--replay", "1", "--to", url, "--meta", "commit=abc123"], in: folder)
                #expect(again.status == 0, "\(again.standardError)")
                #expect(again.standardOutput.contains("already run"), "\(again.standardOutput)")
            }
            #expect(try await count("SELECT count(*) FROM fleet_runs", at: url) == 1)
            #expect(try await count("SELECT count(*) FROM fleet_verdicts", at: url) == want.verdicts)
            #expect(try await count("SELECT count(*) FROM fleet_divergences", at: url) == want.divergences)
            #expect(try await count("SELECT flips FROM fleet_runs", at: url) == want.flips)
            #expect(try await count("SELECT count(*) FROM fleet_verdicts WHERE flipped", at: url) == want.flips)
            // Every REAL of the archive arrives as the same double, bit for bit.
            var stored: [String: Double] = [:]
            for row in try await rows(
                "SELECT session_hash, max_error::text AS max_error FROM fleet_verdicts WHERE max_error IS NOT NULL", at: url)
            {
                stored[try #require(row["session_hash"] as? String)] = Double(try #require(row["max_error"] as? String))
            }
            #expect(stored.mapValues(\.bitPattern) == want.maxErrors.mapValues(\.bitPattern))
            let narrow = try await rows(
                """
                SELECT table_name, column_name, data_type FROM information_schema.columns
                WHERE table_name LIKE 'fleet%' AND data_type IN ('real', 'numeric', 'double precision')
                """, at: url)
            #expect(!narrow.isEmpty)
            #expect(narrow.allSatisfy { $0["data_type"] as? String == "double precision" }, "\(narrow)")
        }
    }

    @Test func aKilledPublishLeavesNothingHalfWritten() async throws {
        let (folder, archive) = try Self.replayedCorpus()
        let want = try Self.expected(archive)
        try await withPostgres { url in
            let arguments = [archive, "--replay", "1", "--to", url]
            let paused = try startPublish(arguments, in: folder, extra: ["REEL_PUBLISH_TEST_PAUSE_SECONDS": "300"])
            let deadline = Date().addingTimeInterval(120)
            var reachedPause = false
            while Date() < deadline, !reachedPause {
                let text = (try? String(contentsOfFile: paused.capture + ".err", encoding: .utf8)) ?? ""
                reachedPause = text.contains("pausing before COMMIT")
                if !reachedPause { try await Task.sleep(for: .milliseconds(100)) }
            }
            let said = (try? String(contentsOfFile: paused.capture + ".err", encoding: .utf8)) ?? ""
            #expect(
                reachedPause,
                "the publish never reached its pause in 120 s (running: \(paused.process.isRunning)); it said: \(said.suffix(2000))")
            // The rows are written but not committed: another connection sees none.
            #expect(try await count("SELECT count(*) FROM fleet_verdicts", at: url) == 0)
            kill(paused.process.processIdentifier, SIGKILL)
            let killed = try paused.wait()
            #expect(killed.status == SIGKILL)
            #expect(try await count("SELECT count(*) FROM fleet_runs", at: url) == 0)
            #expect(try await count("SELECT count(*) FROM fleet_verdicts", at: url) == 0)
            #expect(try await count("SELECT count(*) FROM fleet_divergences", at: url) == 0)
            #expect(try await count("SELECT count(*) FROM fleet_run_metadata", at: url) == 0)
            // Publishing again writes the whole run.
            let again = try runPublish(arguments, in: folder)
            #expect(again.status == 0, "\(again.standardError)")
            #expect(try await count("SELECT count(*) FROM fleet_runs", at: url) == 1)
            #expect(try await count("SELECT count(*) FROM fleet_verdicts", at: url) == want.verdicts)
            #expect(try await count("SELECT count(*) FROM fleet_divergences", at: url) == want.divergences)
        }
    }
}

/// `reel publish` runs the `reel-publish` beside `reel`, and says how to build it when there is none.
@Suite(.enabled(if: postgresInstalled, noPostgresReason), .timeLimit(.minutes(5)))
struct ReelPublishCommandTests {
    @Test func reelPublishRunsReelPublish() async throws {
        let (folder, archive) = try PublishTests.replayedCorpus()
        try await withPostgres { url in
            let run = try runReel(["publish", archive, "--replay", "1", "--to", url, "--meta", "commit=via-reel"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.contains("as run 1"))
            #expect(try await count("SELECT count(*) FROM fleet_runs WHERE commit_sha = 'via-reel'", at: url) == 1)
        }
        // A reel with no reel-publish beside it or on PATH.
        let lonely = try temporaryFolder()
        try FileManager.default.copyItem(atPath: reelExecutable, toPath: lonely + "/reel")
        let missing = try startProcess(
            [lonely + "/reel", "publish", archive, "--replay", "1", "--to", "postgres://u@127.0.0.1/db"], in: folder,
            environment: ["PATH": "/usr/bin:/bin"], captureFolder: folder
        ).wait()
        #expect(missing.status == 69)
        #expect(missing.standardError.contains("swift build --product reel-publish"), "\(missing.standardError)")
    }
}
