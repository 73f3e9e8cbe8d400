import Foundation
import ReelFormats
import ReelRunner
import ReelStore
import ReelTestSupport
import Synchronization
import Testing

/// One archive, four users at once: a recorder committing small batches, two readers querying
/// through read-only connections (as `reel query` does) and a replay writing its verdicts into the
/// same file. Nobody may see SQLITE_BUSY ("database is locked"), and every reader must see whole
/// sessions only, never fewer than it saw before.
@Suite("Concurrent recorder, readers and replay")
struct ConcurrencyTests {
    @Test func recorderReadersAndReplayShareOneArchive() throws {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        let before = 24
        let during = 80
        _ = try record(try synthesizedStream("nav.interactive-pop", count: before, seed: 11, in: folder), into: archivePath)
        let stream = try synthesizedStream("modal.swipe-dismiss", count: during, seed: 12, in: folder)

        let recording = Atomic<Bool>(true)
        let errors = Mutex<[String]>([])
        let group = DispatchGroup()
        func run(_ name: String, _ body: @escaping @Sendable () throws -> Void) {
            DispatchQueue.global().async(group: group) {
                do { try body() } catch { errors.withLock { $0.append("\(name): \(error)") } }
            }
        }

        run("recorder") {
            defer { recording.store(false, ordering: .releasing) }
            let archive = try Archive.open(archivePath, mode: .readWrite)
            let recorder = Recorder(archive: archive, engine: try EngineFactory(.builtin).make(), options: .init(batchSize: 4))
            try recorder.record(try GestureStreamReader(path: stream))
        }
        for reader in 1...2 {
            run("reader \(reader)") {
                let archive = try Archive.open(archivePath, mode: .readOnly)
                var seen = Int64(before)
                var last = false
                while !last {
                    last = !recording.load(ordering: .acquiring)
                    let (sessions, incomplete) = try Self.snapshot(archive)
                    if sessions < seen { errors.withLock { $0.append("reader \(reader): \(sessions) sessions after \(seen)") } }
                    if incomplete > 0 { errors.withLock { $0.append("reader \(reader): \(incomplete) incomplete sessions") } }
                    seen = sessions
                }
                if seen != Int64(before + during) { errors.withLock { $0.append("reader \(reader) ended at \(seen)") } }
            }
        }
        let replayed = Mutex<Replayer.Summary?>(nil)
        run("replay") {
            let summary = try Replayer(
                archivePath: archivePath, engine: try EngineFactory(.builtin), options: .init(jobs: 2, tolerances: .exact, chunkSize: 8)
            ).run()
            replayed.withLock { $0 = summary }
        }
        group.wait()

        #expect(errors.withLock { $0 } == [])
        let summary = try #require(replayed.withLock { $0 })
        // The replay saw the sessions committed when it started: at least those recorded before.
        #expect((before...(before + during)).contains(summary.sessions))
        #expect(summary.matched == summary.sessions)
        let archive = try Archive.open(archivePath, mode: .readOnly)
        #expect(try Self.snapshot(archive) == (Int64(before + during), 0))
    }

    /// Sessions, and sessions missing touches, their outcome, or frames although a transition
    /// began (an event other than a failed gesture; a gesture that never began legitimately leaves
    /// no frames), in one read transaction.
    private static func snapshot(_ archive: Archive) throws -> (sessions: Int64, incomplete: Int64) {
        try archive.database.transaction(.deferred) {
            let sessions = try archive.database.scalarInt64("SELECT count(*) FROM sessions") ?? 0
            let incomplete =
                try archive.database.scalarInt64(
                    """
                    SELECT count(*) FROM sessions s
                    WHERE NOT EXISTS (SELECT 1 FROM touches WHERE session_id = s.id)
                       OR NOT EXISTS (SELECT 1 FROM outcomes WHERE session_id = s.id)
                       OR (NOT EXISTS (SELECT 1 FROM frames WHERE session_id = s.id)
                           AND EXISTS (SELECT 1 FROM events WHERE session_id = s.id AND detail <> 'failed'))
                    """) ?? 0
            return (sessions, incomplete)
        }
    }
}
