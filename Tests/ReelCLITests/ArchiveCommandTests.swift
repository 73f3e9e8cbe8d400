import Foundation
import ReelJSON
import ReelStore
import ReelTestSupport
import Testing

/// `reel init`, `reel migrate` and `reel info` through the real binary: what they write, what they
/// refuse, and their exit codes (README: 64 usage, 65 bad data, 66 missing input).
@Suite("reel init, migrate, info")
struct ArchiveCommandTests {
    /// The schema version of this build: one per file in Migrations/.
    let latest = EmbeddedMigration.all.count

    @Test func initCreatesAReelArchiveAndRefusesAnExistingFile() throws {
        let folder = try temporaryFolder()
        let created = try runReel(["init", "a.sqlite"], in: folder)
        #expect(created.status == 0, "\(created.standardError)")
        // The header says "REEL" (0x5245454C) at offset 68, as file(1) and any SQLite client see it.
        let header = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.sqlite")).prefix(72)
        #expect(Array(header.prefix(16)) == Array("SQLite format 3\0".utf8))
        #expect(Array(header[68..<72]) == [0x52, 0x45, 0x45, 0x4C])
        #expect(try archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM migrations") == Int64(latest))

        let before = try archiveFileHash(folder + "/a.sqlite")
        let again = try runReel(["init", "a.sqlite"], in: folder)
        #expect(again.status == 64)
        #expect(again.standardError.contains("a.sqlite: already exists"))
        #expect(try archiveFileHash(folder + "/a.sqlite") == before)
    }

    @Test func migrateReportsUpToDateAndRefusesMissingForeignOrTamperedFiles() throws {
        let folder = try temporaryFolder()
        _ = try runReel(["init", "a.sqlite"], in: folder)
        let current = try runReel(["migrate", "a.sqlite"], in: folder)
        #expect(current.status == 0)
        #expect(current.standardOutput.contains("up to date (schema v\(latest))"))

        let missing = try runReel(["migrate", "nothing.sqlite"], in: folder)
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder + "/nothing.sqlite"))

        // Another application's SQLite file is not touched.
        do {
            // An empty file is an empty SQLite database.
            #expect(FileManager.default.createFile(atPath: folder + "/other.sqlite", contents: nil))
            let other = try Database.open(folder + "/other.sqlite", mode: .readWrite)
            try other.execute("PRAGMA application_id = 42; CREATE TABLE t(x)")
        }
        let otherBytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/other.sqlite"))
        let foreign = try runReel(["migrate", "other.sqlite"], in: folder)
        #expect(foreign.status == 65)
        #expect(foreign.standardError.contains("another application (application_id 0x2A"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/other.sqlite")) == otherBytes)

        // A migration whose recorded checksum differs from the embedded one is refused, not re-run.
        do {
            let archive = try Database.open(folder + "/a.sqlite", mode: .readWrite)
            try archive.execute("UPDATE migrations SET sha256 = 'tampered' WHERE version = 1")
        }
        let tampered = try runReel(["migrate", "a.sqlite"], in: folder)
        #expect(tampered.status == 65)
        #expect(tampered.standardError.contains("0001"))
    }

    @Test func migrateUpgradesAVersion1Archive() throws {
        let folder = try temporaryFolder()
        _ = try Archive.open(folder + "/old.sqlite", mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(1)))
        let query = try runReel(["query", "old.sqlite", "SELECT 1"], in: folder)
        #expect(query.status == 65)
        #expect(query.standardError.contains("archive schema v1 is older than this reel (v\(latest)): run `reel migrate"))
        let migrated = try runReel(["migrate", "old.sqlite"], in: folder)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        #expect(migrated.standardOutput.contains("migrated to schema v\(latest) (applied 0002_check_lists"))
        #expect(try archiveCount(folder + "/old.sqlite", "SELECT count(*) FROM migrations") == Int64(latest))
    }

    @Test func infoCountsRowsWithoutWriting() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 3, seed: 5, in: folder)
        let summary = try record(stream, into: folder + "/a.sqlite")
        let before = try archiveFileHash(folder + "/a.sqlite")

        let info = try runReel(["info", "a.sqlite", "--format", "json"], in: folder)
        #expect(info.status == 0, "\(info.standardError)")
        let object = try JSONParser.parse(info.standardOutput)
        #expect(object["schema_version"] == .number(Double(latest)))
        #expect(object["rows"]?["sessions"] == .number(3))
        #expect(object["rows"]?["frames"] == .number(Double(summary.frames)))
        #expect(try archiveFileHash(folder + "/a.sqlite") == before)

        let missing = try runReel(["info", "nothing.sqlite"], in: folder)
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder + "/nothing.sqlite"))
    }
}
