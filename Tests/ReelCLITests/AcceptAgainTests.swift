import Foundation
import ReelTestSupport
import Testing

/// Issue 49, "Also": accepting a replay whose sessions were accepted already says that nothing
/// changed, exits 0 and writes nothing (no baseline_history row, the file's bytes unchanged); a
/// partly accepted selection accepts the rest and counts the ones that already were.
@Suite("reel accept of sessions accepted before")
struct AcceptAgainTests {
    /// The diverged sessions of replay 1 and those whose baseline is the replay engine's trace, from SQL.
    private func counts(_ archive: String) throws -> (diverged: Int64, baselinesOfCandidate: Int64, history: Int64) {
        let diverged = try archiveCount(archive, "SELECT count(*) FROM replay_results WHERE replay_id = 1 AND status = 'diverged'")
        let ofCandidate = try archiveCount(
            archive,
            """
            SELECT count(*) FROM replay_results AS rr JOIN replays AS r ON r.id = rr.replay_id
            JOIN baselines AS b ON b.session_id = rr.session_id JOIN traces AS t ON t.id = b.trace_id
            WHERE rr.replay_id = 1 AND rr.status = 'diverged' AND t.engine_id = r.engine_id
            """)
        return (diverged, ofCandidate, try archiveCount(archive, "SELECT count(*) FROM baseline_history"))
    }

    @Test func acceptingAnAcceptedReplayAgainSaysNothingChangedAndWritesNothing() throws {
        let (folder, archive, _) = try AcceptCommandTests.divergingArchive()
        let first = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(first.status == 0, "\(first.standardError)")
        let accepted = try counts(archive)
        try #require(accepted.diverged > 0 && accepted.baselinesOfCandidate == accepted.diverged)
        let bytes = try archiveFileHash(archive)

        let again = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(again.status == 0, "\(again.standardError)")
        let said = again.standardOutput
        #expect(said.contains("nothing changed"), "\(said)")
        #expect(said.contains("\(accepted.diverged) sessions of replay 1 were accepted before"), "\(said)")
        #expect(!said.contains("accepted \(accepted.diverged) sessions"), "it accepted nothing: \(said)")
        #expect(try counts(archive) == accepted, "no baseline and no history row changed")
        #expect(try archiveFileHash(archive) == bytes, "nothing written")
    }

    @Test func acceptingTheRestCountsTheSessionsAcceptedBefore() throws {
        let (folder, archive, _) = try AcceptCommandTests.divergingArchive()
        let diverged = try AcceptCommandTests.diverged(1, in: archive)
        try #require(diverged.count >= 3)
        let chosen = Array(diverged.prefix(2))
        let some = try runReel(["accept", archive, "--replay", "1"] + chosen.flatMap { ["--session", String($0)] }, in: folder)
        #expect(some.status == 0, "\(some.standardError)")
        let history = try archiveCount(archive, "SELECT count(*) FROM baseline_history")

        let rest = try runReel(["accept", archive, "--replay", "1"], in: folder)
        #expect(rest.status == 0, "\(rest.standardError)")
        #expect(rest.standardOutput.contains("accepted \(diverged.count - chosen.count) sessions of replay 1"), "\(rest.standardOutput)")
        #expect(rest.standardOutput.contains("2 were accepted before (unchanged)"), "\(rest.standardOutput)")
        // One history row per session whose baseline changed, counted from the rows.
        #expect(try archiveCount(archive, "SELECT count(*) FROM baseline_history") == history + Int64(diverged.count - chosen.count))
        #expect(try counts(archive).baselinesOfCandidate == Int64(diverged.count))
    }
}
