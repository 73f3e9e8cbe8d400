import ReelTrace

/// A Reel archive: one SQLite file holding recorded sessions and replay results.
///
/// The recorder and the replayer talk to the archive through this class: interning engines and
/// scenarios, writing whole sessions (`insert`, batched with `write`), reading them back
/// (`loadSessions` for many at once, `loadSession`, streaming with `forEachFrame` and
/// `forEachFrameView`) and storing replay verdicts.
///
/// Not `Sendable`: an archive wraps one SQLite connection, used from one thread at a time.
/// Open one `Archive` per thread.
public final class Archive {
    /// How to open an archive.
    public enum Mode: Sendable, Equatable {
        /// The archive must exist and be at this build's schema; nothing is written, nothing migrated.
        case readOnly
        /// The archive is created when missing and migrated to this build's schema.
        case readWrite
    }

    /// The tables `rowCounts()` reports, in its fixed order.
    package static let tableNames = [
        "engines", "scenarios", "sessions", "touches", "traces", "baselines", "baseline_history", "trace_frames",
        "view_keys", "trace_views", "trace_view_extensions", "view_change_packs", "event_names", "trace_events", "replays",
        "replay_results",
        "divergences", "review_rejects",
    ]

    /// The underlying connection. SQL lives in ReelStore: other modules read and write through the
    /// archive's typed functions; only `reel query` (its user's SQL) and tests use it directly.
    package let database: Database
    /// The path the archive was opened from.
    public var path: String { database.path }
    /// The schema version of the archive (the latest applied migration).
    public private(set) var schemaVersion: Int
    /// The migrations this open applied (empty for an up-to-date or read-only archive).
    public let migrationsApplied: [EmbeddedMigration]

    var caches = ArchiveCaches()
    var sessionWriter: SessionWriter?
    var replayWriter: ReplayWriter?

    private init(database: Database, schemaVersion: Int, migrationsApplied: [EmbeddedMigration]) {
        self.database = database
        self.schemaVersion = schemaVersion
        self.migrationsApplied = migrationsApplied
    }

    /// Opens the archive at `path`.
    ///
    /// `.readWrite` creates a missing file and applies pending migrations (each in its own
    /// transaction); `.readOnly` never writes and refuses an archive behind this build, telling the
    /// user to run `reel migrate PATH`. Both refuse a non-Reel file, a newer schema, a changed
    /// migration, a gap in the migrations and any schema object Reel's migrations do not create
    /// (`ArchiveError`), before any view or trigger of the archive can run.
    ///
    /// - Parameters:
    ///   - path: the archive's file (created by `.readWrite` when missing).
    ///   - mode: `.readOnly` or `.readWrite`, as above.
    ///   - migrations: the schema to migrate to; this build's migrations unless a test says otherwise.
    public static func open(
        _ path: String, mode: Mode, migrations: [EmbeddedMigration] = EmbeddedMigration.all
    ) throws -> Archive {
        let migrator = Migrator(migrations: migrations)
        switch mode {
        case .readOnly:
            let database = try Database.open(path, mode: .readOnly)
            let version = try migrator.validate(database)
            try refuseStatistics(in: database, path: path)
            if version < migrator.latestVersion {
                throw ArchiveError.schemaBehind(path: path, archiveVersion: version, buildVersion: migrator.latestVersion)
            }
            return Archive(database: database, schemaVersion: version, migrationsApplied: [])
        case .readWrite:
            let database = try Database.open(path, mode: .readWriteCreate)
            let applied = try migrator.migrate(database)
            try dropStatistics(in: database)
            return Archive(database: database, schemaVersion: try migrator.validate(database), migrationsApplied: applied)
        }
    }

    /// The number of rows of every table of `tableNames`, in that order.
    public func rowCounts() throws -> [(table: String, rows: Int64)] {
        try Archive.tableNames.map { table in
            (table: table, rows: try database.scalarInt64(Self.countSQL(table)) ?? 0)
        }
    }

    /// The statement counting the rows of `table`; touches, trace frames and trace events are counted
    /// in their stored forms, without expanding the packs through the `touches`, `trace_frames` and
    /// `trace_events` views.
    private static func countSQL(_ table: String) -> String {
        switch table {
        case "touches": "SELECT (SELECT count(*) FROM touch_rows) + (SELECT coalesce(sum(length(phase)), 0) FROM touch_packs)"
        case "trace_frames": "SELECT coalesce(sum(frame_count), 0) FROM trace_frame_packs"
        case "trace_events":
            "SELECT coalesce(sum(length(CAST(events AS BLOB)) / (detail_width + time_width)), 0) FROM trace_event_packs"
        default: "SELECT count(*) FROM \(table)"
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE ... COMMIT` transaction, rolling back when it throws.
    /// The recorder batches several `insert`s per call.
    public func write<T>(_ body: () throws -> T) throws -> T {
        try database.transaction(.immediate, body)
    }

    /// Runs `body` with SQLite's row-by-row foreign key enforcement off, for a writer whose rows
    /// refer only to ids it has just inserted or looked up in the same transaction (the recorder):
    /// the check costs about a fifth of its insert instructions. `integrityProblems()` verifies the
    /// result (`PRAGMA foreign_key_check`). Call it outside a transaction (SQLite ignores the pragma inside one).
    package func withForeignKeysHeldByConstruction<T>(_ body: () throws -> T) throws -> T {
        try database.execute("PRAGMA foreign_keys = OFF")
        defer { try? database.execute("PRAGMA foreign_keys = ON") }
        return try body()
    }

    /// Drops the caches of row ids when a transaction rolled back since they were filled
    /// (an id they hold may belong to a row that no longer exists).
    func dropCachesAfterRollback() {
        if caches.rollbackCount != database.rollbackCount {
            caches = ArchiveCaches(rollbackCount: database.rollbackCount)
        }
    }
}

/// Row ids the archive has looked up or inserted, by natural key.
struct ArchiveCaches {
    var rollbackCount = 0
    var engineIDs: [String: Int64] = [:]
    var scenarioIDs: [ScenarioKey: Int64] = [:]
    var viewKeyIDs: [String: Int64] = [:]
    var viewKeys: [Int64: String] = [:]
    var eventNameIDs: [EventName: Int64] = [:]
    var eventDetailIDs: [EventDetailKey: Int64] = [:]
    /// The `PRAGMA data_version` at which `eventDetailIDs` was known to hold every `event_details`
    /// row (the table was empty when the cache was, and every row since went in through
    /// `eventDetailID`), nil when that is not known. Another connection's commit changes the
    /// version, and then the cache is no longer taken as complete.
    var eventDetailsCompleteAt: Int64?
    /// The write transaction (`Database.writeTransaction`) in which `eventDetailsCompleteAt` was
    /// last confirmed: no other connection commits before it ends.
    var eventDetailsCompleteInTransaction: Int?
    /// The name id of each `event_details` row read so far, by id (nil until first read).
    var eventDetailNames: [Int64: Int64]?
    /// The lifecycle calls by event name (`forEachLifecycleCall`), once read.
    var lifecycleCalls: LifecycleCallsByName?
    /// The lifecycle call of each event detail `forEachLifecycleCall` resolved so far.
    var detailCalls = Archive.DetailCalls()
    /// How many `event_slots` rows there are (0 ..< count), once read.
    var eventSlotCount: Int?
    var decisionRuleIDs: [DecisionRuleKey: Int64] = [:]
    /// The event names the traces written so far used, in the order of use (`SessionWriter.insertRows`).
    var traceEventNames = TraceEventNames()
}

/// An event's interned kind, subject and the fixed part of its detail (`event_names`).
struct EventName: Hashable {
    var kind: String
    var subject: String
    var detailHead: String
    var detailTail: String
}

struct ScenarioKey: Hashable {
    var name: String
    var specJSON: String
}
