/// One object of a database's schema as `sqlite_schema` lists it.
struct SchemaObject: Hashable, Sendable, Comparable {
    var type: String
    var name: String
    var table: String
    var sql: String?

    static func < (a: SchemaObject, b: SchemaObject) -> Bool {
        (a.type, a.name) < (b.type, b.name)
    }

    /// "trigger t on sessions", "view regressions".
    var label: String { type == "table" || table == name ? "\(type) \(name)" : "\(type) \(name) on \(table)" }
}

/// Checks that an archive's schema holds exactly the objects its applied migrations create, each
/// with the SQL they create it with: no trigger on Reel's tables, no redefined view, no missing table.
///
/// An archive may come from anyone (a colleague, a CI artifact): a trigger would run arbitrary SQL
/// whenever Reel writes, and a redefined view would make every reader of it lie or hang.
///
/// The archive's schema is first compared by its fingerprint (`SchemaFingerprint`) with the one
/// this build's migrations make, a constant of the build; only when they differ (a schema that is
/// not Reel's, or migrations the constant does not know) are the migrations applied to an
/// in-memory database, once per process, to tell exactly which objects differ.
struct SchemaCheck {
    let migrations: [EmbeddedMigration]

    /// Throws `ArchiveError.unexpectedSchema` naming every object of `database` that the first
    /// `version` migrations do not create (or create with other SQL), and every one they create that
    /// is missing.
    func verify(_ database: Database, version: Int) throws {
        let applied = migrations.filter { $0.version <= version }
        let actual = try Self.objects(of: database)
        let checksums = applied.map(\.sha256)
        if Self.trusted.withLock({ $0[checksums] == actual }) { return }
        if let known = SchemaFingerprint.known[version], known == SchemaFingerprint.of(actual, migrations: applied) {
            Self.trusted.withLock { $0[checksums] = actual }
            return
        }
        let expected = try Self.expectedSchema(applied)
        guard actual != expected else { return }
        let byName = Dictionary(expected.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let actualNames = Set(actual.map(\.name))
        var problems: [String] = []
        for object in actual.sorted() where !expected.contains(object) {
            problems.append(byName[object.name] == nil ? "\(object.label) (not Reel's)" : "\(object.label) (changed)")
        }
        for object in expected.sorted() where !actualNames.contains(object.name) {
            problems.append("\(object.label) (missing)")
        }
        throw ArchiveError.unexpectedSchema(path: database.path, objects: problems)
    }

    /// The schema objects of `database`, without those SQLite makes itself (automatic indexes of
    /// UNIQUE constraints, the statistics of ANALYZE, AUTOINCREMENT's counters).
    static func objects(of database: Database) throws -> Set<SchemaObject> {
        let statement = try database.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema")
        var objects = Set<SchemaObject>()
        while try statement.step() {
            let object = SchemaObject(
                type: statement.string(at: 0), name: statement.string(at: 1), table: statement.string(at: 2),
                sql: statement.isNull(at: 3) ? nil : statement.string(at: 3))
            if Self.isSQLitesOwn(object) { continue }
            objects.insert(object)
        }
        return objects
    }

    private static func isSQLitesOwn(_ object: SchemaObject) -> Bool {
        switch object.type {
        case "index": object.name.hasPrefix("sqlite_autoindex_") && object.sql == nil
        case "table": ["sqlite_sequence", "sqlite_stat1", "sqlite_stat4"].contains(object.name)
        default: false
        }
    }

    /// The last schema whose fingerprint matched, by the checksums of the migrations it was checked
    /// against: an archive opened again in the same process (a replay opens it for every job and
    /// to write) is compared with it object by object instead of hashed again (SHA-256 of its
    /// 29 kB of SQL, about 1.9 M instructions an open). Only a schema equal to one that passed passes.
    private static let trusted = Locked<[[String]: Set<SchemaObject>]>([:])

    /// Expected schemas by the checksums of the migrations that make them.
    private static let cache = Locked<[[String]: Set<SchemaObject>]>([:])

    /// The schema `migrations` create in an empty database (with the migrations table when there is one).
    static func expectedSchema(_ migrations: [EmbeddedMigration]) throws -> Set<SchemaObject> {
        if migrations.isEmpty { return [] }
        let key = migrations.map(\.sha256)
        if let known = cache.withLock({ $0[key] }) { return known }
        let database = try Database.open(":memory:", mode: .readWriteCreate)
        try Migrator(migrations: migrations).migrate(database)
        let schema = try objects(of: database)
        cache.withLock { $0[key] = schema }
        return schema
    }
}
