import CSQLite

/// A migration as an archive's `migrations` table records it.
package struct AppliedMigration: Sendable, Hashable {
    package var version: Int
    package var name: String
    /// Hex SHA-256 of the SQL text that was applied.
    package var sha256: String
    /// ISO-8601 UTC.
    package var appliedAt: String
}

/// Brings an archive's schema up to the build's migrations, or says why it cannot.
package struct Migrator: Sendable {
    /// The migrations this migrator knows, in version order.
    package let migrations: [EmbeddedMigration]

    package init(migrations: [EmbeddedMigration] = EmbeddedMigration.all) {
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    /// The schema version the migrations lead to.
    package var latestVersion: Int { migrations.last?.version ?? 0 }

    private static let createTable = """
        CREATE TABLE IF NOT EXISTS migrations (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            sha256     TEXT NOT NULL,
            applied_at TEXT NOT NULL
        ) STRICT
        """

    /// The migrations recorded in `database`, in version order (none for a new file).
    package func appliedMigrations(in database: Database) throws -> [AppliedMigration] {
        let hasTable =
            try database.scalarInt64(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'migrations'") ?? 0
        guard hasTable > 0 else { return [] }
        let statement = try Self.appliedMigrationsQuery(database)
        return try statement.rows { row in
            AppliedMigration(version: row.int(at: 0), name: row.string(at: 1), sha256: row.string(at: 2), appliedAt: row.string(at: 3))
        }
    }

    /// Checks what `database` has applied against the build: refuses a newer schema, an unknown
    /// migration, a changed checksum, a gap in the migrations, a missing migrations table, and any
    /// schema object the applied migrations do not create as they create it (`SchemaCheck`).
    /// Returns the archive's schema version.
    @discardableResult
    package func validate(_ database: Database) throws -> Int {
        let applied = try appliedMigrations(in: database)
        if applied.isEmpty, try !SchemaCheck.objects(of: database).isEmpty {
            throw ArchiveError.migrationsMissing(path: database.path)
        }
        let archiveVersion = applied.last?.version ?? 0
        if archiveVersion > latestVersion {
            throw ArchiveError.schemaTooNew(path: database.path, archiveVersion: archiveVersion, buildVersion: latestVersion)
        }
        for record in applied {
            guard let embedded = migrations.first(where: { $0.version == record.version }) else {
                throw ArchiveError.unknownMigration(path: database.path, version: record.version, name: record.name)
            }
            let checksum = embedded.sha256
            guard checksum == record.sha256 else {
                throw ArchiveError.migrationChanged(
                    path: database.path, version: record.version, name: record.name,
                    recordedSHA256: record.sha256, embeddedSHA256: checksum)
            }
        }
        // Every migration up to the archive's version, each once: a gap means rows were deleted.
        let expected = migrations.prefix { $0.version <= archiveVersion }.map(\.version)
        if let missing = expected.first(where: { version in !applied.contains { $0.version == version } }) {
            throw ArchiveError.migrationGap(path: database.path, version: missing)
        }
        try SchemaCheck(migrations: migrations).verify(database, version: archiveVersion)
        return archiveVersion
    }

    /// Validates `database`, then applies every pending migration in version order, each in its own
    /// transaction. Returns the migrations applied now (empty when the archive was up to date).
    ///
    /// As GRDB's migrator does, foreign keys are not enforced while a migration runs, so it can
    /// rebuild a table others reference (create, copy, drop, rename) without cascading deletes;
    /// before it commits, `PRAGMA foreign_key_check` must find no violation, or it rolls back.
    @discardableResult
    package func migrate(_ database: Database) throws -> [EmbeddedMigration] {
        let current = try validate(database)
        let pending = migrations.filter { $0.version > current }
        guard !pending.isEmpty else { return [] }
        // The pragma is a no-op inside a transaction, so it is set around them.
        try database.execute("PRAGMA foreign_keys = OFF")
        defer { try? database.execute("PRAGMA foreign_keys = ON") }
        for migration in pending {
            try database.transaction(.immediate) {
                try database.execute(Migrator.createTable)
                try database.execute(migration.sql)
                try Migrator.checkForeignKeys(database, after: migration)
                let record = try database.prepare(
                    """
                    INSERT INTO migrations (version, name, sha256, applied_at)
                    VALUES (?1, ?2, ?3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    """)
                try record.bind(migration.version, at: 1)
                try record.bind(migration.name, at: 2)
                try record.bind(migration.sha256, at: 3)
                try record.run()
                try database.execute("PRAGMA user_version = \(migration.version)")
            }
        }
        return pending
    }

    /// The query of the applied migrations. A migrations table without Reel's columns (its schema
    /// entry edited or damaged: SQLite cannot prepare the query) is a schema that is not Reel's.
    private static func appliedMigrationsQuery(_ database: Database) throws -> Statement {
        switch Result(catching: { () throws(SQLiteError) -> Statement in
            try database.prepare("SELECT version, name, sha256, applied_at FROM migrations ORDER BY version")
        }) {
        case .success(let statement): return statement
        case .failure(let error) where error.code == SQLITE_ERROR:
            throw ArchiveError.unexpectedSchema(path: database.path, objects: ["table migrations (changed)"])
        case .failure(let error): throw error
        }
    }

    /// Throws when a row of `database` references a missing parent.
    private static func checkForeignKeys(_ database: Database, after migration: EmbeddedMigration) throws {
        let check = try database.prepare("PRAGMA foreign_key_check")
        guard try check.step() else { return }
        throw ArchiveError.migrationBrokeForeignKey(
            path: database.path, version: migration.version, name: migration.name, table: check.string(at: 0),
            parent: check.string(at: 2))
    }
}
