import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 32 item 12, through the `reel` executable: planner statistics planted in an archive
/// (`sqlite_stat1`, which Reel never writes) steered SQLite into slow plans. A read-only command
/// refuses them (65, saying how to remove them), a writing one drops them, and `reel migrate`
/// removes them.
@Suite("Planted planner statistics")
struct PlannerStatisticsTests {
    /// 8 sessions with a replay, then statistics that call every index useless, as a sender could plant.
    private static func plantedArchive() throws -> (folder: String, archive: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 8, seed: 5, in: folder), into: archive)
        let database = try Database.open(archive, mode: .readWrite)
        try database.execute("ANALYZE")
        try database.execute("UPDATE sqlite_stat1 SET stat = '1000000000 1000000000'")
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return (folder, archive)
    }

    private static func statisticsTables(_ archive: String) throws -> Int64 {
        try archiveCount(archive, "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'sqlite_stat%'")
    }

    @Test func aReadingCommandRefusesThemAndSaysHow() throws {
        let (folder, archive) = try Self.plantedArchive()
        for command in [["export", archive, "-o", folder + "/out.jsonl"], ["info", archive], ["query", archive, "SELECT 1"]] {
            let run = try runReel(command, in: folder)
            #expect(run.status == 65, "reel \(command[0]): \(run.standardError)")
            #expect(run.standardError.contains("planner statistics (sqlite_stat1)"), "\(run.standardError)")
            #expect(run.standardError.contains("reel migrate \(archive)"), "\(run.standardError)")
        }
    }

    @Test func migrateRemovesThemAndTheArchiveReadsAgain() throws {
        let (folder, archive) = try Self.plantedArchive()
        let migrate = try runReel(["migrate", archive], in: folder)
        #expect(migrate.status == 0, "\(migrate.standardError)")
        #expect(try Self.statisticsTables(archive) == 0)
        let export = try runReel(["export", archive, "-o", folder + "/out.jsonl"], in: folder)
        #expect(export.status == 0, "\(export.standardError)")
        let check = try runReel(["info", archive, "--check"], in: folder)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    @Test func anAttachedFileWithThemIsRefused() throws {
        let (folder, archive) = try Self.plantedArchive()
        let clean = folder + "/clean.sqlite"
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 8, seed: 5, in: folder), into: clean)
        #expect(try runReel(["replay", clean, "--engine", "builtin"], in: folder).status == 0)
        let compare = try runReel(["compare", clean, "--against", archive], in: folder)
        #expect(compare.status == 65, "\(compare.standardError)")
        #expect(compare.standardError.contains("planner statistics"), "\(compare.standardError)")
    }
}
