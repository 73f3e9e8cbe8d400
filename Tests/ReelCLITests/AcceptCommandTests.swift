import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// `reel accept`, the engine matrix of `reel record --engine`, and the views that follow baselines
/// over time. Expected numbers come from the replays' own verdict rows.
@Suite("reel accept")
struct AcceptCommandTests {
    /// 30 back-swipes recorded with the built-in engine and replayed on engine 0.3's decisions (replay 1).
    static func divergingArchive() throws -> (folder: String, archive: String, stream: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let stream = try synthesizedStream("nav.interactive-pop", count: 30, seed: 7, in: folder)
        _ = try record(stream, into: archive)
        let replay = try runReel(["replay", archive, "--engine", "legacy-0.3"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        return (folder, archive, stream)
    }

    static func diverged(_ replayID: Int64, in archive: String) throws -> [Int64] {
        try verdicts(of: replayID, in: archive).filter { $0.status == "diverged" }.map(\.session)
    }

    @Test func acceptingThenReplayingTheSameCandidateFindsNothing() throws {
        let (folder, archive, _) = try Self.divergingArchive()
        let before = try verdicts(of: 1, in: archive)
        let diverged = try Self.diverged(1, in: archive)
        #expect(!diverged.isEmpty)

        let accept = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(accept.status == 0, "\(accept.standardError)")
        #expect(accept.standardOutput.contains("accepted \(diverged.count) sessions of replay 1"), "\(accept.standardOutput)")
        let again = try runReel(["replay", archive, "--engine", "legacy-0.3"], in: folder)
        #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
        #expect(try Self.diverged(2, in: archive).isEmpty)

        // The history: each accepted session's previous baseline decided what replay 1 expected,
        // the new one what the candidate decided.
        let database = try Archive.open(archive, mode: .readOnly).database
        let history = try database.prepare(
            "SELECT session_id, previous_decision, decision, replay_id FROM baseline_changes ORDER BY session_id")
        var rows: [(Int64, String, String, Int64)] = []
        while try history.step() {
            rows.append((history.int64(at: 0), history.string(at: 1), history.string(at: 2), history.int64(at: 3)))
        }
        #expect(rows.map(\.0) == diverged)
        for (session, previous, current, replay) in rows {
            let verdict = try #require(before.first { $0.session == session })
            #expect(previous == verdict.expected && current == verdict.actual && replay == 1)
        }
        let check = try runReel(["info", archive, "--check"], in: folder)
        #expect(check.status == 0 && check.standardOutput.contains("check:    ok"), "\(check.standardOutput)\(check.standardError)")
    }

    @Test func acceptingASubsetLeavesTheRestDiverging() throws {
        let (folder, archive, _) = try Self.divergingArchive()
        let diverged = try Self.diverged(1, in: archive)
        #expect(diverged.count >= 2)
        let chosen = [diverged[0], diverged[diverged.count - 1]]
        let accept = try runReel(
            ["accept", archive, "--replay", "1", "--session", String(chosen[0]), "--session", String(chosen[1])], in: folder)
        #expect(accept.status == 0, "\(accept.standardError)")
        _ = try runReel(["replay", archive, "--engine", "legacy-0.3"], in: folder)
        #expect(try Self.diverged(2, in: archive) == diverged.filter { !chosen.contains($0) })
        // The unaccepted sessions diverge exactly as before.
        let first = try verdicts(of: 1, in: archive).filter { !chosen.contains($0.session) }
        let second = try verdicts(of: 2, in: archive).filter { !chosen.contains($0.session) }
        #expect(first == second)
    }

    @Test func kindNarrowsToSessionsWithThatKind() throws {
        let (folder, archive, _) = try Self.divergingArchive()
        let withDecision = try verdicts(of: 1, in: archive).filter { verdict in
            verdict.divergences.contains { $0.hasPrefix("decision|") }
        }.map(\.session)
        let accept = try runReel(["accept", archive, "--replay", "1", "--kind", "decision"], in: folder)
        if withDecision.isEmpty {
            #expect(accept.status == 65)
        } else {
            #expect(accept.status == 0, "\(accept.standardError)")
            #expect(try archiveCount(archive, "SELECT count(*) FROM baseline_history") == Int64(withDecision.count))
        }
        let unknown = try runReel(["accept", archive, "--replay", "9"], in: folder)
        #expect(unknown.status == 65 && unknown.standardError.contains("no replay 9"), "\(unknown.standardError)")
        let badKind = try runReel(["accept", archive, "--replay", "1", "--kind", "wobble"], in: folder)
        #expect(badKind.status == 64, "\(badKind.standardError)")
    }

    @Test func recordingWithAnotherEngineAddsItsTracesAndTheViewComparesThem() throws {
        let (folder, archive, stream) = try Self.divergingArchive()
        // Replay 1 (legacy-0.3) kept its traces of the sessions it found diverged; recording with the
        // same engine adds its trace of every other session and keeps those.
        let kept = try archiveCount(archive, "SELECT count(*) FROM traces WHERE replay_id = 1")
        #expect(kept > 0 && kept < 30)
        let again = try runReel(["record", archive, stream, "--engine", "legacy-0.3", "--format", "json"], in: folder)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(
            again.standardOutput.contains("\"recorded\":0,\"duplicates\":\(kept),\"traces_added\":\(30 - kept)"),
            "\(again.standardOutput)")
        let twice = try runReel(["record", archive, stream, "--engine", "legacy-0.3", "--format", "json"], in: folder)
        #expect(twice.standardOutput.contains("\"recorded\":0,\"duplicates\":30,\"traces_added\":0"), "\(twice.standardOutput)")
        // The baselines stay the built-in engine's.
        #expect(try runReel(["replay", archive], in: folder).status == 0)
        // Replay 1 compared the same two engines: its decision flips are the sessions the view says differ.
        let flips = try verdicts(of: 1, in: archive).filter { $0.expected != $0.actual }.count
        let differing = try archiveCount(
            archive,
            """
            SELECT count(*) FROM engine_outcome_pairs AS p
            JOIN engines AS a ON a.id = p.engine_a JOIN engines AS b ON b.id = p.engine_b
            WHERE a.name = 'reel-builtin' AND b.name <> 'reel-builtin' AND p.decision_differs
            """)
        #expect(differing == Int64(flips))
        #expect(try archiveCount(archive, "SELECT count(*) FROM traces") == 60)
    }
}
