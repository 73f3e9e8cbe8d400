import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 49, "Also": prune's "kept N: accepted" is true. A replay of the same engine as an earlier
/// one keeps no traces of its own (an engine's trace of a session is stored once: it finds the
/// earlier replay's), so accepting the later replay makes the earlier replay's traces baselines:
/// prune must keep both, and call accepted only the one a `reel accept` named. Expected from the
/// rows: a replay is accepted when a baseline_history row names it; it is needed when it is
/// accepted or a baseline or history row names one of its traces; the accepts it is kept for are
/// the replays of the history rows that name it or whose new trace is one of its traces.
@Suite("reel prune says truly why it kept a replay")
struct PruneKeptReasonTests {
    private struct Expected: Equatable {
        var accepted: Bool
        var through: [Int64]
    }

    private func reasons(_ archive: String, replay id: Int64) throws -> Expected? {
        let traces = "SELECT tr.id FROM traces AS tr WHERE tr.replay_id = \(id)"
        let accepted = try archiveCount(archive, "SELECT count(*) FROM baseline_history WHERE replay_id = \(id)") > 0
        let named = try archiveCount(
            archive,
            """
            SELECT count(*) FROM (\(traces)) AS k WHERE k.id IN (SELECT trace_id FROM baselines)
              OR k.id IN (SELECT trace_id FROM baseline_history) OR k.id IN (SELECT replaced_by FROM baseline_history)
            """)
        guard accepted || named > 0 else { return nil }
        let statement = try Database.open(archive, mode: .readOnly).prepare(
            """
            SELECT DISTINCT replay_id FROM baseline_history
            WHERE replay_id IS NOT NULL AND (replay_id = \(id) OR replaced_by IN (\(traces))) ORDER BY 1
            """)
        var through: [Int64] = []
        while try statement.step() { through.append(statement.int64(at: 0)) }
        return Expected(accepted: accepted, through: through)
    }

    @Test func aReplayWhoseTracesAnotherReplaysAcceptTookIsNotCalledAccepted() throws {
        let (folder, archive, _) = try AcceptCommandTests.divergingArchive()  // replay 1: legacy-0.3
        #expect(try runReel(["replay", archive, "--engine", "legacy-0.3"], in: folder).status == 1)  // replay 2: the same engine
        let accept = try runReel(["accept", archive, "--replay", "2"], in: folder)
        #expect(accept.status == 0, "\(accept.standardError)")
        let third = try runReel(["replay", archive, "--engine", "builtin"], in: folder)  // replay 3, the newest, not selected
        #expect(third.status == 0 || third.status == 1, "\(third.standardError)")

        var expected: [Int64: Expected] = [:]
        for id: Int64 in [1, 2] { expected[id] = try reasons(archive, replay: id) }
        let one = try #require(expected[1], "replay 1's traces are baselines through replay 2's accept")
        try #require(!one.accepted && one.through == [2], "\(one)")
        #expect(expected[2] == Expected(accepted: true, through: [2]))

        try FileManager.default.copyItem(atPath: archive, toPath: folder + "/copy.sqlite")
        let run = try runReel(["prune", archive, "--keep-last", "1"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        // Every "kept IDS: REASON" line: an id called accepted was accepted; any other names the accepts that took its traces.
        var listed: Set<Int64> = []
        for line in run.standardOutput.split(separator: "\n") where line.hasPrefix("  kept ") && !line.contains("still running") {
            let text = line.dropFirst("  kept ".count)
            let parts = text.split(separator: ":", maxSplits: 1)
            let ids = parts[0].split(separator: ",").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
            let reason = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            for id in ids {
                let want = try #require(expected[id], "replay \(id) is kept, yet nothing needs it: \(line)")
                listed.insert(id)
                if reason.hasPrefix("accepted") {
                    #expect(want.accepted, "replay \(id) is called accepted, but no baseline_history row names it: \(line)")
                } else {
                    #expect(!want.accepted, "replay \(id) was accepted: \(line)")
                    for through in want.through { #expect(reason.contains("replay \(through)"), "\(line)") }
                }
            }
        }
        #expect(listed == Set(expected.keys), "\(run.standardOutput)")

        let json = try runReel(["prune", "copy.sqlite", "--keep-last", "1", "--format", "json"], in: folder)
        #expect(json.status == 0, "\(json.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["kept_accepted"] as? [Int] == [1, 2], "kept because baselines need them: \(json.standardOutput)")
        let through = try #require(object["kept_accepted_through"] as? [String: [Int]], "\(json.standardOutput)")
        #expect(through == Dictionary(uniqueKeysWithValues: expected.map { (String($0.key), $0.value.through.map(Int.init)) }))
        #expect(object["pruned"] as? [Int] == [])
    }
}
