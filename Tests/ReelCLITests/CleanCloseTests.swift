import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 15 item 1: every command that writes an archive checkpoints and closes it, so after it
/// exits (success or failure) no -wal file is left, and the archive file alone, copied elsewhere,
/// holds everything.
@Suite("Writing commands leave no -wal behind")
struct CleanCloseTests {
    /// Asserts that `archive` has no -wal beside it and that a copy of the file alone holds `sessions` sessions.
    private func expectSelfContained(_ archive: String, sessions: Int64, _ label: String) throws {
        #expect(!FileManager.default.fileExists(atPath: archive + "-wal"), "\(label): a -wal is left")
        let copy = try temporaryFolder() + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: archive, toPath: copy)
        #expect(try archiveCount(copy, "SELECT count(*) FROM sessions") == sessions, "\(label)")
        let integrity = try Database.open(copy, mode: .readOnly).prepare("PRAGMA integrity_check")
        #expect(try integrity.step() && integrity.string(at: 0) == "ok", "\(label)")
    }

    @Test func recordFromAFileFromStandardInputAndAfterABadSession() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 300, seed: 5, in: folder)
        let fromFile = try runReel(["record", "a.sqlite", stream, "--batch-size", "16"], in: folder)
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        try expectSelfContained(folder + "/a.sqlite", sessions: 300, "record FILE")

        let fromInput = try runReel(["record", "b.sqlite"], in: folder, input: stream)
        #expect(fromInput.status == 0, "\(fromInput.standardError)")
        try expectSelfContained(folder + "/b.sqlite", sessions: 300, "record < FILE")

        let bad = folder + "/bad.jsonl"
        let good = try Data(contentsOf: URL(fileURLWithPath: stream))
        try (good + Data("{\"type\":\"session\",\"scenario\":\n".utf8)).write(to: URL(fileURLWithPath: bad))
        let failed = try runReel(["record", "c.sqlite", bad], in: folder)
        #expect(failed.status == 65, "\(failed.standardError)")
        // The malformed last line starts a session of its own (it spells "type":"session"), which it
        // rejects: the 300 sessions before it are kept, and the error names the last line.
        let lastLine = String(decoding: good, as: UTF8.self).split(separator: "\n").count + 1
        #expect(failed.standardError.contains("bad.jsonl:\(lastLine): malformed JSON"), "\(failed.standardError)")
        try expectSelfContained(folder + "/c.sqlite", sessions: 300, "record with a bad session")
    }

    @Test func replayIntoTheArchiveAndIntoResultsAndMerge() throws {
        let folder = try temporaryFolder()
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 6, seed: 5, in: folder), into: folder + "/a.sqlite")
        _ = try archiveFileHash(folder + "/a.sqlite")  // checkpointed: what follows is the commands' doing
        #expect(try runReel(["replay", "a.sqlite"], in: folder).status == 0)
        try expectSelfContained(folder + "/a.sqlite", sessions: 6, "replay")
        for shard in 1...2 {
            #expect(try runReel(["replay", "a.sqlite", "--shard", "\(shard)/2", "--results", "p\(shard).sqlite"], in: folder).status == 0)
            // A shard's results hold the headers of its own share: ids 2, 4, 6 and 1, 3, 5.
            try expectSelfContained(folder + "/p\(shard).sqlite", sessions: 3, "replay --results")
        }
        let merged = try runReel(["merge", "p1.sqlite", "p2.sqlite", "-o", "all.sqlite"], in: folder)
        #expect(merged.status == 0, "\(merged.standardError)")
        try expectSelfContained(folder + "/all.sqlite", sessions: 6, "merge")
    }

    @Test func initMigrateAndDemo() throws {
        let folder = try temporaryFolder()
        #expect(try runReel(["init", "i.sqlite"], in: folder).status == 0)
        #expect(try runReel(["migrate", "i.sqlite"], in: folder).status == 0)
        try expectSelfContained(folder + "/i.sqlite", sessions: 0, "init, migrate")
        let demo = try runReel(["demo", "--directory", "d", "--count", "4"], in: folder)
        #expect(demo.status == 0, "\(demo.standardError)")
        // A read-only connection (this test's) closing last would leave a -wal itself: look first.
        #expect(!FileManager.default.fileExists(atPath: folder + "/d/demo.sqlite-wal"), "demo: a -wal is left")
        let sessions = try archiveCount(folder + "/d/demo.sqlite", "SELECT count(*) FROM sessions")
        #expect(sessions > 0)
    }
}
