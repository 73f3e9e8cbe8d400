import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 15 items 9 and 10, through the `reel` executable: an archive made by someone else may carry
/// triggers, redefined views, a tampered migrations table, bad values or a corrupt page. Every
/// command refuses it with 65 and a message naming the object, table or row, and leaves it as it was.
@Suite("Hostile and damaged archives")
struct HostileArchiveTests {
    /// A small archive of 12 sessions with one replay, and a second stream to record into it.
    private static func archive() throws -> (folder: String, archive: String, more: String) {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 12, seed: 41, in: folder), into: archivePath)
        let replay = try runReel(["replay", archivePath, "--engine", "builtin"], in: folder)
        #expect(replay.status == 0, "\(replay.standardError)")
        let more = try synthesizedStream("modal.swipe-dismiss", count: 4, seed: 42, in: folder)
        _ = try archiveFileHash(archivePath)  // checkpointed, so that a copy of the file is the archive
        return (folder, archivePath, more)
    }

    /// Runs `sql` on the archive as a hostile editor would (no Reel checks, CHECK constraints off).
    private static func tamper(_ path: String, _ sql: String) throws {
        let database = try Database.open(path, mode: .readWrite)
        try database.execute("PRAGMA ignore_check_constraints = ON")
        try database.execute(sql)
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    private static func counts(_ path: String) throws -> [Int64] {
        try ["sessions", "frames", "replays", "replay_results"].map { try archiveCount(path, "SELECT count(*) FROM \($0)") }
    }

    @Test func aTriggerOnReelsTablesIsRefusedBeforeAnythingIsWritten() throws {
        let (folder, archivePath, more) = try Self.archive()
        try Self.tamper(archivePath, "CREATE TRIGGER wipe AFTER INSERT ON sessions BEGIN DELETE FROM replay_results; END")
        let before = try Self.counts(archivePath)
        for arguments in [["record", archivePath, more], ["replay", archivePath], ["migrate", archivePath], ["info", archivePath]] {
            let run = try runReel(arguments, in: folder)
            #expect(run.status == 65, "\(arguments[0]): exit \(run.status): \(run.standardError)")
            #expect(run.standardError.contains("trigger wipe on sessions (not Reel's)"), "\(run.standardError)")
            #expect(!run.standardError.contains("SQL:"))
        }
        #expect(try Self.counts(archivePath) == before)
        #expect(try integrityCheck(archivePath) == "ok")
    }

    @Test func aRedefinedViewIsRefusedAndNeverRun() throws {
        let (folder, archivePath, _) = try Self.archive()
        // An endless CTE: any reader of the view would hang.
        try Self.tamper(
            archivePath,
            """
            DROP VIEW divergence_summary;
            CREATE VIEW divergence_summary AS
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
                SELECT 1 AS replay_id, 'frame' AS kind, count(*) AS sessions, 0 AS divergences FROM n;
            """)
        let before = try Self.counts(archivePath)
        for arguments in [["report", archivePath, "-o", folder + "/r.html"], ["replay", archivePath], ["export", archivePath]] {
            let run = try runReel(arguments, in: folder)
            #expect(run.status == 65, "\(arguments[0]): exit \(run.status): \(run.standardError)")
            #expect(run.standardError.contains("view divergence_summary (changed)"), "\(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/r.html"))
        #expect(try Self.counts(archivePath) == before)
    }

    @Test func aMissingMigrationsTableOrAGapInItIsBadData() throws {
        let (folder, archivePath, more) = try Self.archive()
        let gap = folder + "/gap.sqlite"
        try FileManager.default.copyItem(atPath: archivePath, toPath: gap)
        try Self.tamper(gap, "DELETE FROM migrations WHERE version = 2")
        try Self.tamper(archivePath, "DROP TABLE migrations")
        for (path, message) in [(archivePath, "the migrations table is missing or empty"), (gap, "the migrations table lacks version 2")] {
            let before = try Self.counts(path)
            for arguments in [["record", path, more], ["migrate", path], ["info", path]] {
                let run = try runReel(arguments, in: folder)
                #expect(run.status == 65, "\(arguments[0]): exit \(run.status): \(run.standardError)")
                #expect(run.standardError.contains(message), "\(run.standardError)")
            }
            #expect(try Self.counts(path) == before)
            #expect(try integrityCheck(path) == "ok")
        }
    }

    @Test func invalidTagsAndDroppedTablesNameTheTableAndRow() throws {
        let (folder, archivePath, _) = try Self.archive()
        let dropped = folder + "/dropped.sqlite"
        try FileManager.default.copyItem(atPath: archivePath, toPath: dropped)
        try Self.tamper(archivePath, "UPDATE sessions SET tags = '[\"unterminated' WHERE id = 3")
        let export = try runReel(["export", archivePath], in: folder)
        #expect(export.status == 65, "exit \(export.status): \(export.standardError)")
        #expect(export.standardError.contains("sessions row 3: tags is not a JSON array"), "\(export.standardError)")
        #expect(!export.standardError.contains("SQL:"))

        try Self.tamper(dropped, "DROP VIEW events; DROP TABLE trace_event_packs")
        let replay = try runReel(["replay", dropped], in: folder)
        #expect(replay.status == 65, "exit \(replay.status): \(replay.standardError)")
        #expect(replay.standardError.contains("table trace_event_packs (missing)"), "\(replay.standardError)")
        #expect(try archiveCount(dropped, "SELECT count(*) FROM replays") == 1)
    }

    @Test func aReplayStopsAtACorruptSourceArchiveAndWritesNoMoreVerdicts() throws {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 200, seed: 43, in: folder), into: archivePath)
        _ = try archiveFileHash(archivePath)  // checkpointed: the file holds everything
        // Garbage over the pages in the middle of the file: frames and frame views, not the schema.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: archivePath))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size / 10)))
        try handle.close()

        let run = try runReel(["replay", archivePath, "--results", folder + "/results.sqlite"], in: folder)
        #expect(run.status == 65, "exit \(run.status): \(run.standardError)")
        #expect(run.standardError.contains("malformed"), "\(run.standardError)")
        // The replay may stop before it creates the results archive, or after some good chunks.
        if FileManager.default.fileExists(atPath: folder + "/results.sqlite") {
            let verdicts = try archiveCount(folder + "/results.sqlite", "SELECT count(*) FROM replay_results")
            #expect(try archiveCount(folder + "/results.sqlite", "SELECT count(*) FROM replay_results WHERE status = 'error'") == 0)
            #expect(verdicts < 200)
        }
    }
}
