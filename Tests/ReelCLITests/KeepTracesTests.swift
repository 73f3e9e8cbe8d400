import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// `reel replay --keep-traces` and `reel accept` taking the kept traces, and the baseline's engine
/// named after an accept (regressions, `reel show`, the report), through the binary.
@Suite("reel replay --keep-traces and accepted baselines")
struct KeepTracesTests {
    /// Back-swipes recorded with the built-in engine, and a copy of the example external engine in
    /// the same folder (the tests delete it to make the candidate unavailable).
    static func archiveAndEngine(count: Int) throws -> (folder: String, archive: String, engine: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: count, seed: 21, in: folder), into: archive)
        let engine = folder + "/engine.py"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/tools/example_engine.py", toPath: engine)
        return (folder, archive, engine)
    }

    @Test func acceptingKeptTracesNeedsNoEngine() throws {
        let (folder, archive, engine) = try Self.archiveAndEngine(count: 12)
        let candidate = "exec:python3 \(engine)"
        let replay = try runReel(["replay", archive, "--engine", candidate, "--jobs", "1", "--keep-traces"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        let diverged = try verdicts(of: 1, in: archive).filter { $0.status == "diverged" }.map(\.session)
        try #require(!diverged.isEmpty)
        // One kept trace per diverged session, of the replay's engine, made by replay 1.
        let kept = try Archive.open(archive, mode: .readOnly).database.prepare(
            """
            SELECT tr.session_id FROM traces AS tr JOIN replays AS r ON r.engine_id = tr.engine_id
            WHERE r.id = 1 AND tr.replay_id = 1 ORDER BY tr.session_id
            """)
        var keptSessions: [Int64] = []
        while try kept.step() { keptSessions.append(kept.int64(at: 0)) }
        #expect(keptSessions == diverged)

        // The candidate is gone: accept takes the kept traces.
        try FileManager.default.removeItem(atPath: engine)
        let accept = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(accept.status == 0, "\(accept.standardError)")
        #expect(
            accept.standardOutput.contains("accepted \(diverged.count) sessions of replay 1")
                && accept.standardOutput.contains("(\(diverged.count) already stored)"), "\(accept.standardOutput)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM baseline_history WHERE replay_id = 1") == Int64(diverged.count))
        #expect(
            try archiveCount(
                archive, "SELECT count(*) FROM baselines AS bl JOIN traces AS tr ON tr.id = bl.trace_id WHERE tr.replay_id = 1")
                == Int64(diverged.count))

        // With the candidate back, replaying it again finds nothing.
        try FileManager.default.copyItem(atPath: repositoryRoot + "/tools/example_engine.py", toPath: engine)
        let again = try runReel(["replay", archive, "--engine", candidate, "--jobs", "1"], in: folder)
        #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
        #expect(try verdicts(of: 2, in: archive).allSatisfy { $0.status == "matched" })
        let check = try runReel(["info", archive, "--check"], in: folder)
        #expect(check.status == 0 && check.standardOutput.contains("check:    ok"), "\(check.standardOutput)\(check.standardError)")
    }

    @Test func withoutKeptTracesAcceptNeedsTheEngine() throws {
        let (folder, archive, engine) = try Self.archiveAndEngine(count: 6)
        let replay = try runReel(
            ["replay", archive, "--engine", "exec:python3 \(engine)", "--jobs", "1", "--no-keep-traces"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM traces WHERE replay_id IS NOT NULL") == 0)
        // The archive alone never names the engine to run: 64, asking for --engine.
        let unnamed = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(unnamed.status == 64 && unnamed.standardError.contains("--engine"), "\(unnamed.standardError)")
        // Named, but gone since the replay: 65, nothing accepted.
        try FileManager.default.removeItem(atPath: engine)
        let accept = try runReel(["accept", archive, "--replay", "1", "--engine", "exec:python3 \(engine)"], in: folder)
        #expect(accept.status == 65, "\(accept.standardOutput)\(accept.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM baseline_history") == 0)
    }

    /// Without the flag a replay into the recorded archive keeps one trace per diverged session (so
    /// accepting it is a pointer flip); one whose results go elsewhere keeps none and still runs.
    @Test func aReplayKeepsTracesByDefaultUnlessItsResultsGoElsewhere() throws {
        let (folder, archive, _) = try Self.archiveAndEngine(count: 30)
        #expect(try runReel(["replay", archive, "--engine", "legacy-0.3"], in: folder).status == 1)
        let diverged = try verdicts(of: 1, in: archive).filter { $0.status == "diverged" }.map(\.session)
        try #require(!diverged.isEmpty)
        let kept = try Database.open(archive, mode: .readOnly).prepare(
            "SELECT session_id FROM traces WHERE replay_id = 1 ORDER BY session_id")
        var keptSessions: [Int64] = []
        while try kept.step() { keptSessions.append(kept.int64(at: 0)) }
        #expect(keptSessions == diverged.sorted())

        let before = try archiveCount(archive, "SELECT count(*) FROM traces")
        let elsewhere = try runReel(["replay", archive, "--engine", "legacy-0.3", "--results", folder + "/r.sqlite"], in: folder)
        #expect(elsewhere.status == 1, "\(elsewhere.standardError)")
        #expect(try archiveCount(archive, "SELECT count(*) FROM traces") == before)
    }

    @Test func keepTracesNeedsTheResultsInTheRecordedArchive() throws {
        let (folder, archive, _) = try Self.archiveAndEngine(count: 2)
        let run = try runReel(
            ["replay", archive, "--engine", "legacy-0.3", "--keep-traces", "--results", folder + "/r.sqlite"], in: folder)
        #expect(run.status == 64 && run.standardError.contains("--keep-traces"), "\(run.standardError)")
    }

    /// Replay 1 (engine 0.3's decisions) is accepted, then replay 2 runs the built-in engine again:
    /// its flips are against engine 0.3's baselines, and everything that names the baseline says so.
    @Test func afterAnAcceptTheBaselinesEngineIsNamed() throws {
        let (folder, archive, _) = try Self.archiveAndEngine(count: 30)
        #expect(try runReel(["replay", archive, "--engine", "legacy-0.3", "--keep-traces"], in: folder).status == 1)
        let flipped = try verdicts(of: 1, in: archive).filter { $0.status == "diverged" && $0.expected != $0.actual }.map(\.session)
        try #require(!flipped.isEmpty)
        #expect(try runReel(["accept", archive, "--replay", "1"], in: folder).status == 0)
        #expect(try runReel(["replay", archive], in: folder).status == 1)

        let store = try Archive.open(archive, mode: .readOnly)
        let name = { (sql: String) throws -> String in
            let statement = try store.database.prepare(sql)
            _ = try statement.step()
            return statement.string(at: 0)
        }
        let legacy = try name("SELECT e.name FROM replays AS r JOIN engines AS e ON e.id = r.engine_id WHERE r.id = 1")
        let legacyVersion = try name("SELECT e.version FROM replays AS r JOIN engines AS e ON e.id = r.engine_id WHERE r.id = 1")
        let builtin = try name("SELECT e.name FROM replays AS r JOIN engines AS e ON e.id = r.engine_id WHERE r.id = 2")
        #expect(legacy != builtin)
        // regressions: replay 2's flips are the sessions replay 1 flipped (now the other way), against
        // engine 0.3's baselines; replay 1's were against the recording engine's.
        let rows = try store.database.prepare(
            "SELECT replay_id, session_id, recorded_engine FROM regressions ORDER BY replay_id, session_id")
        var byReplay: [Int64: [(Int64, String)]] = [:]
        while try rows.step() { byReplay[rows.int64(at: 0), default: []].append((rows.int64(at: 1), rows.string(at: 2))) }
        #expect(byReplay[1]?.map(\.0) == flipped && byReplay[1]?.allSatisfy { $0.1 == builtin } == true)
        #expect(byReplay[2]?.map(\.0) == flipped && byReplay[2]?.allSatisfy { $0.1 == legacy } == true)
        let saved = try runReel(["query", archive, "--saved", "regressions", "--param", "replay=2", "--format", "csv"], in: folder)
        #expect(saved.status == 0 && saved.standardOutput.contains("baseline_engine"), "\(saved.standardOutput)\(saved.standardError)")
        #expect(saved.standardOutput.contains(legacy), "\(saved.standardOutput)")

        let show = try runReel(["show", archive, String(flipped[0])], in: folder)
        #expect(
            show.standardOutput.contains("baseline by \(legacy) \(legacyVersion) (accepted), recorded by \(builtin)"),
            "\(show.standardOutput)")
        let unaccepted = try verdicts(of: 1, in: archive).first { $0.status == "matched" }
        if let unaccepted {
            let plain = try runReel(["show", archive, String(unaccepted.session)], in: folder)
            #expect(plain.standardOutput.contains("recorded by \(builtin)"), "\(plain.standardOutput)")
        }

        let report = try runReel(["report", archive, "--replay", "2", "-o", folder + "/r.html"], in: folder)
        #expect(report.status == 0, "\(report.standardError)")
        let html = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
        // The unaccepted sessions' baselines are still the recording engine's: both are named.
        let term = try #require(html.range(of: "<dt>baseline (accepted) by</dt><dd>"), "report names the accepted baseline")
        let named = html[term.upperBound...].prefix { $0 != "<" }
        #expect(named.contains("\(legacy) \(legacyVersion)") && named.contains(builtin), "\(named)")
        let before = try runReel(["report", archive, "--replay", "1", "-o", folder + "/r1.html"], in: folder)
        #expect(before.status == 0, "\(before.standardError)")
        #expect(try String(contentsOfFile: folder + "/r1.html", encoding: .utf8).contains("<dt>recorded by</dt><dd>\(builtin)"))
    }
}
