import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelStore

@Suite struct MigrationTests {
    @Test func migratesAnEmptyFileToTheLatestSchema() throws {
        let path = temporaryPath("new.sqlite")
        let archive = try Archive.open(path, mode: .readWrite)
        #expect(archive.schemaVersion == EmbeddedMigration.all.last?.version)
        #expect(archive.migrationsApplied == EmbeddedMigration.all)
        let applied = try Migrator().appliedMigrations(in: archive.database)
        #expect(applied.map(\.version) == EmbeddedMigration.all.map(\.version))
        #expect(applied.map(\.sha256) == EmbeddedMigration.all.map { SHA256.hex($0.sql) })
        #expect(applied.allSatisfy { $0.appliedAt.hasSuffix("Z") && $0.appliedAt.count == 24 })
        #expect(try archive.database.scalarInt64("PRAGMA application_id") == 0x5245_454C)
        #expect(try archive.database.scalarInt64("PRAGMA foreign_keys") == 1)
        #expect(try archive.database.scalarInt64("PRAGMA synchronous") == 1)
        #expect(try archive.rowCounts().map(\.table) == Archive.tableNames)
        #expect(try archive.rowCounts().allSatisfy { $0.rows == 0 })
    }

    @Test func reopeningAppliesNothing() throws {
        let path = temporaryPath("again.sqlite")
        let first = try Migrator().appliedMigrations(in: Archive.open(path, mode: .readWrite).database)
        let reopened = try Archive.open(path, mode: .readWrite)
        #expect(reopened.migrationsApplied.isEmpty)
        #expect(try Migrator().appliedMigrations(in: reopened.database) == first)
        let readOnly = try Archive.open(path, mode: .readOnly)
        #expect(readOnly.schemaVersion == reopened.schemaVersion)
    }

    @Test func refusesANewerSchema() throws {
        let path = temporaryPath("future.sqlite")
        let build = EmbeddedMigration.all.last!.version
        let future =
            EmbeddedMigration.all + [EmbeddedMigration(version: build + 1, name: "future", sql: "CREATE TABLE future (x INTEGER) STRICT;")]
        _ = try Archive.open(path, mode: .readWrite, migrations: future)
        for mode in [Archive.Mode.readWrite, .readOnly] {
            let error = #expect(throws: ArchiveError.self) { try Archive.open(path, mode: mode) }
            #expect(error?.description == "\(path): archive schema v\(build + 1) is newer than this reel (v\(build)): upgrade reel")
        }
    }

    @Test func refusesAChangedMigration() throws {
        let path = temporaryPath("edited.sqlite")
        let original = EmbeddedMigration.all[0]
        let edited = EmbeddedMigration(version: original.version, name: original.name, sql: original.sql + "\n-- edited afterwards\n")
        _ = try Archive.open(path, mode: .readWrite, migrations: [edited] + EmbeddedMigration.all.dropFirst())
        let error = #expect(throws: ArchiveError.self) { try Archive.open(path, mode: .readWrite) }
        let message = error?.description ?? ""
        #expect(message.contains("migration 0001_initial.sql differs from the one applied to this archive"))
        #expect(message.contains(SHA256.hex(edited.sql)) && message.contains(SHA256.hex(original.sql)))
    }

    @Test func refusesAnotherApplicationsSQLiteFile() throws {
        let path = temporaryPath("photos.sqlite")
        makeForeignSQLiteFile(path)
        let error = #expect(throws: ArchiveError.self) { try Archive.open(path, mode: .readWrite) }
        #expect(error?.description.hasPrefix("\(path): not a Reel archive: a SQLite database of another application") == true)
        // Nothing was added to the foreign file.
        let again = #expect(throws: ArchiveError.self) { try Archive.open(path, mode: .readOnly) }
        #expect(again == error)
    }

    @Test func refusesAFileThatIsNotSQLite() throws {
        let path = temporaryPath("notes.txt")
        writeTextFile(path, String(repeating: "just some notes, not a database\n", count: 200))
        let error = #expect(throws: ArchiveError.self) { try Archive.open(path, mode: .readWrite) }
        #expect(error?.description == "\(path): not a Reel archive: the file is not a SQLite database")
    }

    @Test func readOnlyOpenNeverMigratesAndAsksForReelMigrate() throws {
        let path = temporaryPath("behind.sqlite")
        let v1 = EmbeddedMigration.all[0]
        let v2 = EmbeddedMigration(version: 2, name: "add_notes", sql: "CREATE TABLE notes (text TEXT) STRICT;")
        _ = try Archive.open(path, mode: .readWrite, migrations: [v1])
        let error = #expect(throws: ArchiveError.self) { try Archive.open(path, mode: .readOnly, migrations: [v1, v2]) }
        #expect(error?.description == "\(path): archive schema v1 is older than this reel (v2): run `reel migrate \(path)`")
        // Opening for writing applies the pending migration.
        let migrated = try Archive.open(path, mode: .readWrite, migrations: [v1, v2])
        #expect(migrated.migrationsApplied == [v2])
        #expect(migrated.schemaVersion == 2)
    }

    @Test func readOnlyOpenOfAMissingFileFails() {
        let path = temporaryPath("missing.sqlite")
        #expect(throws: ArchiveError.missingFile(path: path)) { try Archive.open(path, mode: .readOnly) }
    }

    @Test func readOnlyArchiveCannotWrite() throws {
        let path = temporaryPath("ro.sqlite")
        _ = try Archive.open(path, mode: .readWrite)
        let archive = try Archive.open(path, mode: .readOnly)
        let error = #expect(throws: SQLiteError.self) { try archive.engineID(for: sampleEngine) }
        #expect(error?.code == 8)  // SQLITE_READONLY
        #expect(error?.description.contains("INSERT INTO engines") == true)
    }
}
