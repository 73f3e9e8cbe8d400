import ReelTrace

/// The SHA-256 of a schema together with the migrations meant to make it: the check of an
/// archive's schema without building the expected one.
///
/// `known` holds, for each schema version, the fingerprint of the objects this build's migrations
/// create in an empty database. It is a constant of the source (SchemaFingerprint+Known.swift), so
/// opening an archive costs one read of `sqlite_schema` and one hash instead of applying every
/// migration to an in-memory database. `SchemaFingerprintTests` applies the migrations and checks
/// every entry, and prints the table to paste when a migration is added or changed. A stale or
/// missing entry never lets a schema through: it only sends the check to the in-memory migrations.
///
/// ```swift
/// let fingerprint = SchemaFingerprint.of(try SchemaCheck.objects(of: database), migrations: EmbeddedMigration.all)
/// let trusted = fingerprint == SchemaFingerprint.known[EmbeddedMigration.all.last!.version]
/// ```
enum SchemaFingerprint {
    /// Hex SHA-256 of the migrations' checksums, in version order, then of every object sorted by
    /// type and name, each field preceded by its length in bytes (so no two schemas share a text).
    static func of(_ objects: Set<SchemaObject>, migrations: [EmbeddedMigration]) -> String {
        var bytes: [UInt8] = []
        func field(_ text: String?) {
            guard let text else {
                bytes.append(contentsOf: "-;".utf8)
                return
            }
            bytes.append(contentsOf: String(text.utf8.count).utf8)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: text.utf8)
        }
        field(migrations.map(\.sha256).joined(separator: ","))
        for object in objects.sorted(by: { ($0.type, $0.name, $0.table) < ($1.type, $1.name, $1.table) }) {
            field(object.type)
            field(object.name)
            field(object.table)
            field(object.sql)
        }
        return SHA256.hex(of: bytes)
    }

    /// The source of `known` for `migrations`: the expected schema of every version made in memory.
    static func knownSource(_ migrations: [EmbeddedMigration]) throws -> String {
        let sorted = migrations.sorted { $0.version < $1.version }
        var lines = ["// Generated: the fingerprint of the schema each version's migrations make (SchemaFingerprint)."]
        lines.append("// SchemaFingerprintTests checks it and prints this file anew when a migration changes.")
        lines.append("extension SchemaFingerprint {")
        lines.append("    static let known: [Int: String] = [")
        for migration in sorted {
            let prefix = sorted.filter { $0.version <= migration.version }
            let schema = try SchemaCheck.expectedSchema(prefix)
            lines.append("        \(migration.version): \"\(of(schema, migrations: prefix))\",")
        }
        lines.append("    ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
