import Foundation
import ReelFormats
import ReelStore
import ReelTestSupport
import Testing

/// Issue 32 items 6, 13, 14, 15, 17 and 18, through the `reel` executable: frame times an engine
/// sends are checked and compared, the span limit holds wherever touches enter an engine, an
/// answer's distinct event names are capped and interned in linear time, decoding an answer
/// costs a bounded multiple of its bytes, a missing hierarchy is stored, an engine that exits
/// is reported as such, and a device file is not a scenario file.
@Suite("Engine reply limits")
struct EngineReplyLimitTests {
    private static let example = "python3 \(repositoryRoot)/tools/example_engine.py"
    private static func hostile(_ mode: String) -> String {
        "exec:exec python3 \(repositoryRoot)/tools/hostile_engine.py \(mode)"
    }

    /// Four swipes recorded with the example engine.
    private static func archive() throws -> (folder: String, archive: String) {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        let stream = try synthesizedStream("nav.interactive-pop", count: 4, seed: 71, in: folder)
        let recorded = try runReel(["record", archivePath, stream, "--engine", "exec:" + example], in: folder)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        return (folder, archivePath)
    }

    private static func statuses(_ path: String, replay: Int64) throws -> [String] {
        let rows = try Database.open(path, mode: .readOnly).prepare(
            "SELECT status || ' ' || coalesce(error_message, kinds_json) FROM replay_results WHERE replay_id = \(replay) ORDER BY session_id"
        )
        var found: [String] = []
        while try rows.step() { found.append(rows.string(at: 0)) }
        return found
    }

    @Test func negativeBackwardsFrameTimesAreRefusedAndShiftedOnesDiverge() throws {
        let (folder, archivePath) = try Self.archive()
        let backwards = try runReel(["replay", archivePath, "--engine", Self.hostile("backwards-frames")], in: folder)
        // Never a valid answer: the engine is given up on after three sessions and no verdict is
        // written (before, "4 of 4 matched").
        #expect(backwards.status == 2, "exit \(backwards.status): \(backwards.standardError)")
        #expect(backwards.standardError.contains("frames must be in time order"), "\(backwards.standardError)")
        #expect(try archiveCount(archivePath, "SELECT count(*) FROM replay_results WHERE status = 'matched'") == 0)

        // One display tick later (1/60 s, more than the half tick a frame may be off): every
        // frame's time diverges, reported once per session at its first frame.
        let shifted = try runReel(["replay", archivePath, "--engine", Self.hostile("shift-frames")], in: folder)
        #expect(shifted.status == 1, "exit \(shifted.status): \(shifted.standardError)")
        let diverged = try Self.statuses(archivePath, replay: 1)
        #expect(diverged.count == 4 && diverged.allSatisfy { $0.hasPrefix("diverged ") && $0.contains("frame") }, "\(diverged)")
        let timeDivergences = try archiveCount(
            archivePath, "SELECT count(*) FROM divergences WHERE replay_id = 1 AND kind = 'frame' AND property = 't' AND frame_index = 0")
        #expect(timeDivergences == 4)
    }

    @Test func aDayLongSessionEditedIntoTheArchiveEndsQuicklyWithItsReason() throws {
        let (folder, archivePath) = try Self.archive()
        // Session 1's touches as rows, its last touch moved a day later.
        let database = try Database.open(archivePath, mode: .readWrite)
        try database.execute(
            "INSERT INTO touch_rows (session_id, seq, t, finger, phase, x, y) SELECT session_id, seq, t, finger, phase, x, y FROM touches WHERE session_id = 1"
        )
        try database.execute("DELETE FROM touch_packs WHERE session_id = 1")
        try database.execute(
            "UPDATE touch_rows SET t = t + 86400 WHERE session_id = 1 AND seq = (SELECT max(seq) FROM touch_rows WHERE session_id = 1)")
        // A 4 GB address-space cap: before the span check, this session took 10 GB.
        let capped = ["/bin/sh", "-c", "ulimit -v 4000000; exec \"$0\" \"$@\""]
        let run = try runReel(["replay", archivePath, "--session", "1", "--jobs", "1"], in: folder, launcher: capped)
        #expect(run.status == 2, "exit \(run.status): \(run.standardError)")
        let verdict = try Self.statuses(archivePath, replay: 1)
        #expect(verdict.count == 1 && verdict[0].contains("spans more than 600 s (limits.max_session_span)"), "\(verdict)")
    }

    @Test func aHostileServeRequestIsAnsweredWithAnErrorAtOnce() throws {
        let folder = try temporaryFolder()
        let request =
            #"{"scenario":{"name":"nav.interactive-pop"},"touches":[{"t":0,"id":0,"phase":"began","x":4,"y":420},{"t":0.1,"id":0,"phase":"moved","x":60,"y":420},{"t":86400,"id":0,"phase":"ended","x":101,"y":420}]}"#
            + "\n"
        #expect(request.utf8.count < 300)
        let input = folder + "/request.jsonl"
        try request.write(toFile: input, atomically: true, encoding: .utf8)
        let capped = ["/bin/sh", "-c", "ulimit -v 4000000; exec \"$0\" \"$@\""]
        let run = try runReel(["engine", "serve"], in: folder, input: input, launcher: capped)
        #expect(run.status == 0, "exit \(run.status): \(run.standardError)")
        #expect(run.standardOutput.hasPrefix(#"{"error":"#), "\(run.standardOutput.prefix(300))")
        #expect(run.standardOutput.contains("spans more than 600 s (limits.max_session_span)"))
    }

    /// 40,000 distinct event details: refused at the cap (4096) in a second or two, where
    /// interning them one by one against every name seen took 9.8 s.
    @Test func distinctEventNamesAreCappedAndFewAreInternedInLinearTime() throws {
        let (folder, archivePath) = try Self.archive()
        let many = try runReel(["replay", archivePath, "--engine", Self.hostile("distinct-events 40000"), "--jobs", "1"], in: folder)
        #expect(many.status == 2, "exit \(many.status): \(many.standardError)")
        // Never a valid answer: given up on after three sessions, the reason in the message.
        #expect(
            many.standardError.contains("more than \(EngineReplyLimits.maxDistinctEventNames) distinct event names"),
            "\(many.standardError)")

        // Just under the cap: recorded, every name interned once.
        let stream = try synthesizedStream("nav.interactive-pop", count: 2, seed: 72, in: folder)
        let kept = folder + "/kept.sqlite"
        let count = EngineReplyLimits.maxDistinctEventNames - 10
        let recorded = try runReel(["record", kept, stream, "--engine", Self.hostile("distinct-events \(count)")], in: folder)
        #expect(recorded.status == 0, "exit \(recorded.status): \(recorded.standardError)")
        #expect(try archiveCount(kept, "SELECT count(*) FROM event_names WHERE kind = 'log'") == Int64(count))
    }

    /// An answer of about 60 MB: Reel's peak resident memory while decoding it grows by less
    /// than three and a half times the answer's bytes (the line buffer, the decoded frames as
    /// `FrameColumns`, 28 numbers a view since the layer, scroll, effect and mask properties, and one element's
    /// tree; it was under three with 16), where the whole-tree decoder took about eleven times.
    @Test func decodingAnAnswerCostsABoundedMultipleOfItsBytes() throws {
        let (folder, archivePath) = try Self.archive()
        let peaks = folder + "/peaks.txt"
        let frames = 60_000
        let run = try startProcess(
            [
                reelExecutable, "replay", archivePath, "--engine", Self.hostile("big \(frames)"), "--jobs", "1", "--session", "1",
                "--session", "2", "--timeout", "300",
            ],
            in: folder, environment: ProcessInfo.processInfo.environment.merging(["REEL_PEAK_FILE": peaks]) { $1 },
            captureFolder: folder
        ).wait()
        #expect(run.status == 0 || run.status == 1, "exit \(run.status): \(run.standardError)")
        let lines = try String(contentsOfFile: peaks, encoding: .utf8).split(separator: "\n")
        // Each request's line (the "end" line, Reel's peak once its input ends, is not a request's).
        let kilobytes = lines.filter { !$0.hasPrefix("end ") }.compactMap { Int($0.split(separator: " ")[1]) }
        #expect(kilobytes.count == 2, "\(lines)")
        guard kilobytes.count == 2 else { return }
        // One frame of 8 views as hostile_engine.py writes it, measured here.
        let view =
            #"{"key":"V0.view","x":123.0,"y":0.0,"w":390.0,"h":844.0,"alpha":1.0,"transform":[1.0,0.0,0.0,1.0,0.0,0.0],"z":0,"hidden":false}"#
        let answerBytes = frames * (8 * (view.utf8.count + 1) + 40)
        let growth = (kilobytes[1] - kilobytes[0]) * 1024
        #expect(answerBytes > 50_000_000)
        #expect(growth < 7 * answerBytes / 2, "peak grew \(growth) bytes for an answer of about \(answerBytes)")
    }

    @Test func anEngineWithoutHierarchyIsRecorded() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 3, seed: 73, in: folder)
        let archivePath = folder + "/a.sqlite"
        let run = try runReel(["record", archivePath, stream, "--engine", Self.hostile("no-hierarchy")], in: folder)
        #expect(run.status == 0, "exit \(run.status): \(run.standardError)")
        #expect(try archiveCount(archivePath, "SELECT count(*) FROM sessions") == 3)
        #expect(try archiveCount(archivePath, "SELECT count(*) FROM traces WHERE hierarchy_json = 'null'") == 3)
        let replay = try runReel(["replay", archivePath, "--engine", "exec:" + Self.example], in: folder)
        #expect(replay.status == 0, "exit \(replay.status): \(replay.standardError)")
    }

    /// The engine exits at once but leaves a child holding its standard output for 30 s.
    @Test func anEngineThatExitsIsReportedByItsStatusNotAsATimeout() throws {
        let (folder, archivePath) = try Self.archive()
        let script = folder + "/forks.sh"
        try "sleep 30 &\nread -r request\nexit 7\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try runReel(
            ["replay", archivePath, "--engine", "exec:sh " + script, "--timeout", "20", "--session", "1"], in: folder)
        #expect(run.status == 2, "exit \(run.status): \(run.standardError)")
        let verdict = try Self.statuses(archivePath, replay: 1)
        #expect(verdict.count == 1 && verdict[0].contains("exited with status 7"), "\(verdict)")
    }

    @Test func aDeviceNamedAsScenarioFileIsRefusedForWhatItIs() throws {
        let folder = try temporaryFolder()
        let stream = folder + "/zero.jsonl"
        try """
        {"type":"session","scenario":"/dev/zero"}
        {"type":"touch","t":0,"id":0,"phase":"began","x":4,"y":420}
        {"type":"touch","t":0.1,"id":0,"phase":"ended","x":101,"y":420}

        """.write(toFile: stream, atomically: true, encoding: .utf8)
        let run = try runReel(["record", folder + "/a.sqlite", stream], in: folder)
        #expect(run.status == 65, "exit \(run.status): \(run.standardError)")
        #expect(run.standardError.contains("'/dev/zero' is not a regular file"), "\(run.standardError)")
        #expect(!run.standardError.contains("not found"))
    }
}
