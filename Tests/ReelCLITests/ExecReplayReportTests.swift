import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 49, item 1: the report and `reel show --replay` of an `exec:` replay draw the candidate
/// from the traces the replay kept (the example external engine is deleted first, so nothing can
/// re-run it), say so, and never claim the archive stores no replayed traces.
@Suite("The report of an exec: replay draws the kept traces")
struct ExecReplayReportTests {
    private func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            String(text[Range(match.range(at: match.numberOfRanges > 1 ? 1 : 0), in: text)!])
        }
    }

    /// The kept candidate traces of replay 1: session id to (frame count, decision), from SQL.
    private func keptTraces(_ archive: String) throws -> [Int64: (frames: Int64, decision: String)] {
        let statement = try Database.open(archive, mode: .readOnly).prepare(
            """
            SELECT tr.session_id, tr.frame_count, tr.decision FROM traces AS tr
            JOIN replays AS r ON r.engine_id = tr.engine_id WHERE r.id = 1 ORDER BY tr.session_id
            """)
        var kept: [Int64: (frames: Int64, decision: String)] = [:]
        while try statement.step() { kept[statement.int64(at: 0)] = (statement.int64(at: 1), statement.string(at: 2)) }
        return kept
    }

    private func execReplay(count: Int) throws -> (folder: String, archive: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: count, seed: 21, in: folder), into: archive)
        let engine = folder + "/engine.py"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/tools/example_engine.py", toPath: engine)
        let replay = try runReel(["replay", archive, "--engine", "exec:python3 \(engine)", "--jobs", "1"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        // Gone: whatever the report draws of the candidate comes from the archive.
        try FileManager.default.removeItem(atPath: engine)
        return (folder, archive)
    }

    @Test func theReportsPlayersDrawTheKeptCandidateTraces() throws {
        let (folder, archive) = try execReplay(count: 12)
        let kept = try keptTraces(archive)
        try #require(!kept.isEmpty, "the replay kept the diverged sessions' traces")
        let run = try runReel(["report", archive, "-o", "r.html"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let html = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
        #expect(!html.contains("stores no replayed traces"), "the archive does store them")
        #expect(html.contains("Every replayed side and curve is the candidate&#39;s own trace as the archive keeps it"))

        let players = try matches(#"<article class="session player" id="session-(\d+)""#, in: html).compactMap { Int64($0) }
        try #require(!players.isEmpty)
        let data = try matches(#"<script type="application/json" class="player-data">(.*?)</script>"#, in: html)
        #expect(data.count == players.count)
        for (id, text) in zip(players, data) {
            let trace = try #require(kept[id], "session \(id) is plotted, so it diverged and its trace was kept")
            let player = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let replayed = try #require(player["replayed"] as? [String: Any], "session \(id) has a replayed side")
            #expect((replayed["frames"] as? [Any])?.count == Int(trace.frames), "session \(id)")
            #expect((replayed["finished"] as? Bool) == (trace.decision == "finished"), "session \(id)")
            // The progress plot has its replayed curve.
            #expect(html.contains("Session \(id): progress"))
        }
        #expect(try matches(#"<polyline[^>]*class="[^"]*replayed"#, in: html).count >= players.count, "a replayed curve per player")
    }

    @Test func showReplayNamesTheKeptTraceItDrew() throws {
        let (folder, archive) = try execReplay(count: 8)
        let kept = try keptTraces(archive)
        let (session, trace) = try #require(kept.min { $0.key < $1.key })
        let show = try runReel(["show", archive, String(session), "--replay", "1"], in: folder)
        #expect(show.status == 0, "\(show.standardError)")
        let line = try #require(show.standardOutput.split(separator: "\n").first { $0.contains("replayed by") }, "\(show.standardOutput)")
        #expect(line.contains("its trace as the archive keeps it"), "\(line)")
        #expect(line.contains("\(trace.decision) at") && line.contains("\(trace.frames) frames"), "\(line)")
    }
}
