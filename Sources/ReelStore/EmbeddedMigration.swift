import ReelTrace

/// One schema migration as the build carries it (generated from Migrations/NNNN_name.sql).
public struct EmbeddedMigration: Sendable, Hashable {
    /// The NNNN of the file name.
    public let version: Int
    /// The name part of the file name.
    public let name: String
    /// The file's text, verbatim.
    public let sql: String
    /// The SHA-256 of the SQL text, as recorded in the `migrations` table (every archive open
    /// compares it with the archive's record): hashed by the build for the embedded migrations
    /// (SQLEmbedder), once when made for any other.
    public let sha256: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
        sha256 = SHA256.hex(sql)
    }

    /// A migration whose checksum was computed when the build embedded it (SQLEmbedder).
    package init(version: Int, name: String, sha256: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
        self.sha256 = sha256
    }
}

extension EmbeddedMigration {
    /// Every migration of this build, in version order.
    public static var all: [EmbeddedMigration] { embeddedMigrations }
}
