import Foundation
import ReelTestSupport
import Testing

/// Issue 49, "Also": `reel info` shows how many sessions each replay's accept made baselines, so
/// prune's "kept N: accepted" can be checked against it.
@Suite("reel info shows a replay's accepts")
struct InfoAcceptsTests {
    @Test func anAcceptedReplaysLineCountsItsAcceptedSessions() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 30)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        let before = try runReel(["info", "a.sqlite"], in: folder)
        #expect(!before.standardOutput.contains("accepted"), "\(before.standardOutput)")
        let accept = try runReel(["accept", "a.sqlite", "--replay", "1"], in: folder)
        #expect(accept.status == 0, "\(accept.standardError)")
        let accepted = try archiveCount(archive, "SELECT count(DISTINCT session_id) FROM baseline_history WHERE replay_id = 1")
        try #require(accepted > 0)
        let info = try runReel(["info", "a.sqlite"], in: folder)
        let line = try #require(info.standardOutput.split(separator: "\n").first { $0.contains("replay 1 ") }, "\(info.standardOutput)")
        #expect(line.hasSuffix(", \(accepted) sessions accepted") || line.hasSuffix(", 1 session accepted"), "\(line)")
    }
}
