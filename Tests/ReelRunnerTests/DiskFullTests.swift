import Foundation
import ReelFormats
import ReelRunner
import ReelStore
import ReelTestSupport
import Testing

/// A disk that fills up mid-recording (simulated per connection with `PRAGMA max_page_count`, so
/// no other test's files are affected; tools/disk-test does it with a real full file system and a
/// file-size limit): the recorder fails with SQLITE_FULL naming the archive, the archive stays
/// intact with whole sessions only, and recording again after space is freed adds the rest.
@Suite("Disk full")
struct DiskFullTests {
    @Test func aFullDiskStopsTheRecorderAndLeavesOnlyWholeSessions() throws {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        let count = 40
        let stream = try synthesizedStream("nav.interactive-pop", count: count, seed: 21, in: folder)
        var touchesByLine: [Int: Int] = [:]
        for case .success(let session) in try GestureStreamReader(path: stream) {
            touchesByLine[session.line] = session.touches.count
        }

        let archive = try Archive.open(archivePath, mode: .readWrite)
        let pages = try #require(try archive.database.scalarInt64("PRAGMA page_count"))
        // Room for a few batches of four sessions, not for all of them.
        _ = try archive.database.scalarInt64("PRAGMA max_page_count = \(pages + 30)")
        let recorder = Recorder(archive: archive, engine: try EngineFactory(.builtin).make(), options: .init(batchSize: 4))
        do {
            try recorder.record(try GestureStreamReader(path: stream))
            Issue.record("recording \(count) sessions into \(pages + 30) pages did not fail")
        } catch let error as SQLiteError {
            #expect(error.code == 13)  // SQLITE_FULL
            #expect(error.file == archivePath)
            #expect(error.description.hasPrefix(archivePath + ": "))
        }

        let kept = try Archive.open(archivePath, mode: .readOnly)
        let integrity = try kept.database.prepare("PRAGMA integrity_check")
        #expect(try integrity.step() && integrity.string(at: 0) == "ok")
        let sessions = try #require(try kept.database.scalarInt64("SELECT count(*) FROM sessions"))
        #expect(sessions > 0 && sessions < Int64(count) && sessions % 4 == 0, "\(sessions) sessions kept")
        let rows = try kept.database.prepare(
            """
            SELECT s.source_line, (SELECT count(*) FROM touches WHERE session_id = s.id),
                (SELECT count(*) FROM outcomes WHERE session_id = s.id) FROM sessions s
            """)
        while try rows.step() {
            #expect(Int(rows.int64(at: 1)) == touchesByLine[Int(rows.int64(at: 0))])
            #expect(rows.int64(at: 2) == 1)
        }

        // Space is back (a new connection has no page limit): the rest is recorded, nothing twice.
        let again = try record(stream, into: archivePath)
        #expect(again.recorded == count - Int(sessions))
        #expect(again.duplicates == Int(sessions))
    }
}
