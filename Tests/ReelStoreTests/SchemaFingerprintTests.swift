import ReelTestSupport
import Testing

@testable import ReelStore

/// The build's schema fingerprints (SchemaFingerprint+Known.swift) against the schemas the
/// migrations make in memory, and a real archive's schema against them.
@Suite struct SchemaFingerprintTests {
    @Test func everyKnownFingerprintIsTheSchemaTheMigrationsMake() throws {
        let migrations = EmbeddedMigration.all
        var computed: [Int: String] = [:]
        for migration in migrations {
            let prefix = migrations.filter { $0.version <= migration.version }
            computed[migration.version] = SchemaFingerprint.of(try SchemaCheck.expectedSchema(prefix), migrations: prefix)
        }
        let source = SchemaFingerprint.known == computed ? "" : try SchemaFingerprint.knownSource(migrations)
        #expect(
            SchemaFingerprint.known == computed, "Sources/ReelStore/SchemaFingerprint+Known.swift is stale; its text should be:\n\(source)")
    }

    @Test func aNewArchiveMatchesTheLatestFingerprintAndATriggerDoesNot() throws {
        let archive = try Archive.open(temporaryPath("fingerprint.sqlite"), mode: .readWrite)
        let latest = EmbeddedMigration.all.last!.version
        let objects = try SchemaCheck.objects(of: archive.database)
        #expect(SchemaFingerprint.of(objects, migrations: EmbeddedMigration.all) == SchemaFingerprint.known[latest])
        // Another migration list (a test's, or a changed file) never matches the build's fingerprint.
        let renamed =
            EmbeddedMigration.all.dropLast() + [
                EmbeddedMigration(version: latest, name: "changed", sql: EmbeddedMigration.all.last!.sql + "\n")
            ]
        #expect(SchemaFingerprint.of(objects, migrations: Array(renamed)) != SchemaFingerprint.known[latest])
        try archive.database.execute("CREATE TRIGGER t AFTER INSERT ON sessions BEGIN SELECT 1; END")
        let tampered = try SchemaCheck.objects(of: archive.database)
        #expect(SchemaFingerprint.of(tampered, migrations: EmbeddedMigration.all) != SchemaFingerprint.known[latest])
        #expect(throws: ArchiveError.self) { try Migrator().validate(archive.database) }
    }
}
