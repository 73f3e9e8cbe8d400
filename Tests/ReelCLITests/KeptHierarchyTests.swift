import Foundation
import ReelFormats
import ReelStore
import ReelTestSupport
import Testing

/// The final hierarchy of a candidate trace kept by `reel replay --keep-traces`: the built-in
/// engine describes it only for the traces a replay keeps, and it must be the description
/// `reel record` stores for the same session with the same engine, byte for byte.
@Suite("reel replay --keep-traces: the kept traces' final hierarchy")
struct KeptHierarchyTests {
    @Test func aKeptTraceDescribesTheHierarchyAsARecordingDoes() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 24, seed: 21, in: folder)
        let archive = folder + "/a.sqlite"
        let candidateArchive = folder + "/legacy.sqlite"
        _ = try record(stream, into: archive)
        _ = try record(stream, engine: .preset(name: "legacy-0.3"), into: candidateArchive)

        let replay = try runReel(["replay", archive, "--engine", "legacy-0.3", "--jobs", "1", "--keep-traces"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        let kept = try hierarchies(in: archive, "SELECT session_id, decision, hierarchy_json FROM traces WHERE replay_id = 1")
        try #require(!kept.isEmpty)
        let recorded = try hierarchies(in: candidateArchive, "SELECT session_id, decision, hierarchy_json FROM traces")
        for (session, trace) in kept {
            #expect(trace.json == recorded[session]?.json, "session \(session)")
            // UIKit's navigation stack after the back swipe over [A, B]: a finished pop leaves A,
            // a cancelled one keeps both (UINavigationController.popViewController(animated:)).
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(trace.json.utf8)) as? [String: Any], "session \(session)")
            let root = try #require(object["root"] as? [String: Any])
            #expect(root["kind"] as? String == "navigation")
            #expect(root["children"] as? [String] == (trace.decision == "finished" ? ["A"] : ["A", "B"]), "session \(session)")
        }
    }

    /// Session id -> (decision, hierarchy_json) of the rows `sql` selects.
    private func hierarchies(in path: String, _ sql: String) throws -> [Int64: (decision: String, json: String)] {
        let statement = try Archive.open(path, mode: .readOnly).database.prepare(sql)
        var rows: [Int64: (decision: String, json: String)] = [:]
        while try statement.step() { rows[statement.int64(at: 0)] = (statement.string(at: 1), statement.string(at: 2)) }
        return rows
    }
}
