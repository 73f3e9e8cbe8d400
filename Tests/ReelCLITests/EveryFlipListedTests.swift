import Foundation
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// Issue 33: flips of a scenario decided at release without an interactive transition (the image
/// drag: MDTransitioning's controller dismisses when |translation| / 200 > 0.5, seed 004) were left
/// out of the report's flipped-sessions table ("no release to place") and its decision map read
/// "0 sessions, 0 flipped". Every flip is listed, and such a scenario's release point comes from
/// the gesture.
@Suite("Every flip is listed in the report")
struct EveryFlipListedTests {
    /// The flipped sessions of replay 1, from `replay_results`.
    private func flips(in archive: String) throws -> [Int64] {
        let database = try Database.open(archive, mode: .readOnly)
        let rows = try database.prepare(
            "SELECT session_id FROM replay_results WHERE replay_id = 1 AND decision_expected <> decision_actual ORDER BY session_id")
        var ids: [Int64] = []
        while try rows.step() { ids.append(rows.int64(at: 0)) }
        return ids
    }

    /// MDTransitioning's progress at release: the first finger's travel from touch-down to lift,
    /// |translation| / extent, clamped to 0...1.
    private func gestureProgress(_ touches: [Touch], extent: Double) -> Double {
        guard let first = touches.first(where: { $0.phase == .began }) else { return 0 }
        let own = touches.filter { $0.id == first.id }
        let end = own.first { !$0.phase.isActive } ?? own.last ?? first
        let length = ((end.x - first.x) * (end.x - first.x) + (end.y - first.y) * (end.y - first.y)).squareRoot()
        return min(max(length / extent, 0), 1)
    }

    @Test func imageDragFlipsAreInTheTableAndOnTheMap() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("image.drag-dismiss", count: 80, seed: 5, in: folder), into: archive)
        let candidate = try profile("\"imagedrag.threshold\":0.3", in: folder)
        let replay = try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        let flipped = try flips(in: archive)
        #expect(flipped.count >= 3, "the candidate should flip some drags")

        let run = try runReel(["report", "a.sqlite", "-o", "r.html"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let html = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
        #expect(!html.contains("not listed: no release to place"))
        let store = try Archive.open(archive, mode: .readOnly)
        let database = try Database.open(archive, mode: .readOnly)
        /// Each engine's stored decision inputs: MDTransitioning's progress and the threshold it compared.
        func decision(_ id: Int64, replayed: Bool) throws -> (progress: Double, threshold: Double) {
            let rows = try database.prepare(
                """
                SELECT progress, threshold FROM decision_rows WHERE session_id = ?1
                AND (engine_id = (SELECT engine_id FROM replays WHERE id = 1)) = ?2
                """)
            try rows.bind(id, at: 1)
            try rows.bind(Int64(replayed ? 1 : 0), at: 2)
            _ = try #require(try rows.step(), "session \(id) has no stored decision")
            return (rows.double(at: 0), rows.double(at: 1))
        }
        /// "0.459 ≤ 0.500" as the page writes it (HTML: `>` as `&gt;`).
        func compared(_ side: (progress: Double, threshold: Double)) -> String {
            let sign = side.progress > side.threshold ? " &gt; " : " ≤ "
            return String(format: "%.3f", side.progress) + sign + String(format: "%.3f", side.threshold)
        }
        for id in flipped {
            let row = try #require(html.range(of: "<tr id=\"flip-\(id)\""), "session \(id) is not in the flipped table")
            let cells = html[row.upperBound...].prefix { $0 != "\n" }
            // The release point of a scenario without an interactive transition comes from the gesture
            // (the map places it there); the table shows each rule's own comparison (issue 49, item 5).
            let gesture = gestureProgress(try store.loadInput(id).touches, extent: 200)
            #expect(gesture.isFinite)
            let recorded = try decision(id, replayed: false)
            let replayed = try decision(id, replayed: true)
            #expect(recorded.progress == replayed.progress, "session \(id): both engines saw the same drag")
            #expect(
                cells.contains("recorded \(compared(recorded)); replayed \(compared(replayed))"), "session \(id): \(cells)")
        }
        let sessions = try archiveCount(archive, "SELECT count(*) FROM sessions")
        #expect(
            html.contains("<h3>image.drag-dismiss</h3>\n<p>\(sessions) sessions, \(flipped.count) flipped"),
            "the map counts every session and flip")
    }
}
