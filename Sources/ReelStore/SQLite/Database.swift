import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection to a SQLite file, through SQLite's C API.
///
/// Opening sets the pragmas every Reel connection runs with (WAL journal, synchronous=NORMAL,
/// foreign keys on, a busy timeout, SQLITE_DBCONFIG_DEFENSIVE, trusted_schema off), checks the
/// file's `application_id` (a file of another application is refused, a new empty file is stamped
/// as Reel's) and reads its schema (a schema SQLite cannot parse fails the open, as damage).
///
/// Not `Sendable`: a connection and its statements are used from one thread at a time; give each
/// thread its own `Database`.
package final class Database {
    /// How to open the file.
    package enum Mode: Sendable, Equatable {
        /// The file must exist; nothing is ever written.
        case readOnly
        /// The file must exist.
        case readWrite
        /// The file is created when missing.
        case readWriteCreate
    }

    /// `PRAGMA application_id` of every Reel archive: the ASCII bytes "REEL".
    package static let reelApplicationID: Int32 = 0x5245_454C

    /// Milliseconds a statement waits for another connection's lock before failing with SQLITE_BUSY.
    package static let busyTimeoutMilliseconds: Int32 = 5000

    package let path: String
    package let mode: Mode
    let connection: OpaquePointer
    private var statementCache: [String: Statement] = [:]
    private var savepointDepth = 0
    /// Increases whenever a transaction or savepoint rolls back, so caches of row ids can notice.
    private(set) var rollbackCount = 0
    /// The number of the `transaction(.immediate)` running now (they are numbered from 1 as they
    /// begin), nil outside one. While it runs this connection holds the write lock, so no other
    /// connection commits: what the connection knew of the rows at its start holds to its end.
    private(set) var writeTransaction: Int?
    private var writeTransactionsBegun = 0

    private init(path: String, mode: Mode, connection: OpaquePointer) {
        self.path = path
        self.mode = mode
        self.connection = connection
    }

    deinit {
        statementCache.removeAll()
        // Closing rolls back an open transaction; the hook must not reach this object then.
        sqlite3_rollback_hook(connection, nil, nil)
        // close_v2 waits for statements still alive elsewhere instead of failing.
        sqlite3_close_v2(connection)
    }

    /// SQLite's memory statistics, off before the process's first connection initializes SQLite
    /// (they cost every allocation a mutex and a counter; Reel never reads them).
    private static let memoryStatisticsOff: Void = {
        _ = reel_sqlite3_memstatus_off()
    }()

    /// Opens `path` in `mode`, sets the connection's pragmas and checks the application id.
    ///
    /// The connection takes URI filenames (`SQLITE_OPEN_URI`), so `ATTACH` can open a file
    /// read-only (see `openingReadOnly`).
    ///
    /// - Throws: `ArchiveError.missingFile` when the file must exist and does not,
    ///   `ArchiveError.notAnArchive` for a file that is not SQLite or belongs to another application,
    ///   `SQLiteError` for anything else SQLite reports.
    package static func open(_ path: String, mode: Mode) throws -> Database {
        _ = memoryStatisticsOff
        try RegularFileCheck.require(path)
        if mode != .readWriteCreate, path != ":memory:", access(path, F_OK) != 0 {
            throw ArchiveError.missingFile(path: path)
        }
        return try openingReadOnlyMediaAsImmutable(path, reading: mode == .readOnly) { immutable in
            try open(path, mode: mode, immutable: immutable)
        }
    }

    /// Runs `open(false)`; when SQLite cannot open `path` because its folder is not writable, runs
    /// `open(true)` when only `reading` and the file has no write-ahead log beside it, and otherwise
    /// throws an error naming the folder.
    ///
    /// A WAL archive on read-only media cannot be opened normally, even for reading: SQLite cannot
    /// create the -shm file beside it (SQLITE_CANTOPEN on a read-only file system,
    /// SQLITE_READONLY_DIRECTORY at the first read in a folder without write permission). But
    /// nothing can change the file there either, so it is read as immutable (`immutable=1`), which
    /// needs no -shm file. A -wal file beside it would be ignored that way, so then the open fails.
    static func openingReadOnlyMediaAsImmutable<T>(
        _ path: String, reading: Bool, _ open: (_ immutable: Bool) throws -> T
    ) throws -> T {
        do {
            return try open(false)
        } catch let error as SQLiteError
            where error.code == SQLITE_CANTOPEN || error.extendedCode == readOnlyDirectory
        {
            guard let reason = unwritableFolder(of: path) else { throw error }
            if reading, access(path + "-wal", F_OK) != 0 {
                return try open(true)
            }
            let action = access(path, F_OK) == 0 ? (reading ? "read" : "write") : "create"
            throw SQLiteError(extendedCode: error.extendedCode, message: "cannot \(action) the archive: \(reason)", file: path)
        }
    }

    /// SQLITE_READONLY_DIRECTORY, a macro Swift does not import.
    private static let readOnlyDirectory = SQLITE_READONLY | (6 << 8)

    /// How much an open sets up after the connection's safety settings and the application id check.
    private enum Setup {
        /// The schema read (and checked as parseable), foreign keys on, WAL and synchronous=NORMAL
        /// for a writable connection: every connection that reads or writes rows.
        case full
        /// Nothing more: a connection that only folds the write-ahead log into the file
        /// (`openForCheckpoint`), which needs no schema.
        case checkpointOnly
    }

    /// Opens the existing file at `path` read-write for `checkpointTruncatingWriteAheadLog()` only.
    ///
    /// SQLite parses an archive's whole schema (its views are most of it) at the first statement
    /// that needs it, about 5 M instructions for a current archive; a checkpoint through the C API
    /// needs none of it, only the write-ahead log, which reading the application id opens. So this
    /// connection sets the same safety settings as every other and checks the application id, but
    /// neither reads the schema nor runs the journal pragmas (a file with a write-ahead log to fold
    /// is in WAL mode already). Run no other statement on it.
    ///
    /// - Throws: as `open(_:mode:)` with `.readWrite`.
    package static func openForCheckpoint(_ path: String) throws -> Database {
        _ = memoryStatisticsOff
        try RegularFileCheck.require(path)
        if access(path, F_OK) != 0 { throw ArchiveError.missingFile(path: path) }
        return try openingReadOnlyMediaAsImmutable(path, reading: false) { immutable in
            try open(path, mode: .readWrite, immutable: immutable, setup: .checkpointOnly)
        }
    }

    /// Folds the write-ahead log into the file and empties it, as `PRAGMA wal_checkpoint(TRUNCATE)`
    /// does but without reading the schema (`sqlite3_wal_checkpoint_v2`). A checkpoint that other
    /// connections' reads or writes keep from finishing (SQLITE_BUSY, after the busy timeout) is
    /// not an error, as the pragma reports it in a column: the log is folded by a later one.
    package func checkpointTruncatingWriteAheadLog() throws(SQLiteError) {
        let rc = sqlite3_wal_checkpoint_v2(connection, "main", SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        guard rc == SQLITE_OK || rc & 0xFF == SQLITE_BUSY else {
            throw SQLiteError(resultCode: rc, connection: connection, sql: nil, file: path)
        }
    }

    private static func open(_ path: String, mode: Mode, immutable: Bool, setup: Setup = .full) throws -> Database {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_URI
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        let filename = uri(path, parameters: immutable ? "immutable=1" : nil)
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(filename, &handle, flags, nil)
        guard rc == SQLITE_OK, let handle else {
            let error = SQLiteError(resultCode: rc, connection: handle, sql: nil, file: path)
            sqlite3_close_v2(handle)
            throw error
        }
        let database = Database(path: path, mode: mode, connection: handle)
        sqlite3_rollback_hook(
            handle,
            { context in
                guard let context else { return }
                Unmanaged<Database>.fromOpaque(context).takeUnretainedValue().rollbackCount += 1
            }, Unmanaged.passUnretained(database).toOpaque())
        try database.configure(setup)
        return database
    }

    /// `path` as a SQLite URI filename (`file:...`) with the query `parameters` ("mode=ro"): the
    /// characters a URI gives a meaning (`%`, `?`, `#`) percent-encoded, and an absolute path after
    /// an empty authority (`file:///...`), so that a path starting with `//` stays a path.
    static func uri(_ path: String, parameters: String? = nil) -> String {
        let escaped = path.map { character -> String in
            switch character {
            case "%": "%25"
            case "?": "%3f"
            case "#": "%23"
            default: String(character)
            }
        }
        let prefix = path.hasPrefix("/") ? "file://" : "file:"
        return prefix + escaped.joined() + (parameters.map { "?" + $0 } ?? "")
    }

    /// Runs `open` with the URI filename that opens `path` for reading only, on any medium:
    /// `mode=ro`, or `immutable=1` on read-only media (see `openingReadOnlyMediaAsImmutable`).
    /// - Parameter open: opens the URI filename it is given (an `ATTACH`, say).
    package static func openingReadOnly<T>(_ path: String, _ open: (_ uri: String) throws -> T) throws -> T {
        try openingReadOnlyMediaAsImmutable(path, reading: true) { immutable in
            try open(uri(path, parameters: immutable ? "immutable=1" : "mode=ro"))
        }
    }

    /// Why SQLite cannot create files beside `path` (the archive itself, or its -wal and -shm
    /// files), when its folder is not writable.
    private static func unwritableFolder(of path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        guard access(folder, W_OK) != 0 else { return nil }
        return "the folder \(folder) is not writable (\(String(cString: strerror(errno))))"
    }

    private func configure(_ setup: Setup) throws {
        // An archive may come from anyone: no SQL may corrupt the file (defensive mode), and its
        // schema (views, triggers, CHECKs) may call no function with side effects
        // (trusted_schema=OFF). SQLite 3.40 does not mark json_valid and json_type innocuous, and
        // Reel's own CHECKs call them: innocuous one-argument versions are registered first. Views
        // and triggers of the archive's own are refused anyway by `Migrator.validate`.
        for setUp in [reel_sqlite3_enable_defensive, reel_sqlite3_register_innocuous_json] {
            let rc = setUp(connection)
            guard rc == SQLITE_OK else { throw SQLiteError(resultCode: rc, connection: connection, sql: nil) }
        }
        try execute("PRAGMA trusted_schema = OFF")
        try execute("PRAGMA busy_timeout = \(Database.busyTimeoutMilliseconds)")
        try checkApplicationID()
        guard setup == .full else { return }
        try readSchema()
        try execute("PRAGMA foreign_keys = ON")
        if mode != .readOnly {
            try checkWritableFormat()
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA synchronous = NORMAL")
        }
    }

    /// Refuses a file that SQLite, asked to write it, opened for reading only although the file
    /// itself may be written: its header's write version (byte 18) is one this SQLite does not
    /// write, which a damaged header also shows. Such a file is bad data, not an unwritable output.
    private func checkWritableFormat() throws {
        guard path != ":memory:", sqlite3_db_readonly(connection, "main") == 1, access(path, W_OK) == 0 else { return }
        throw SQLiteError(
            extendedCode: SQLITE_READONLY,
            message: "unsupported file format: the header asks for a newer SQLite to write the file", file: path,
            damagedFile: true)
    }

    private func checkApplicationID() throws {
        let applicationID: Int64
        switch Result(catching: { () throws(SQLiteError) -> Int64 in try scalarInt64("PRAGMA application_id") ?? 0 }) {
        case .success(let value):
            applicationID = value
        case .failure(let error) where error.code == SQLITE_NOTADB:
            throw ArchiveError.notAnArchive(path: path, reason: "the file is not a SQLite database")
        case .failure(let error):
            throw error
        }
        if applicationID == Int64(Database.reelApplicationID) { return }
        let objects = try scalarInt64("SELECT count(*) FROM sqlite_schema") ?? 0
        guard applicationID == 0, objects == 0 else {
            let found =
                applicationID == 0
                ? "no application_id"
                : "application_id 0x" + String(UInt32(truncatingIfNeeded: applicationID), radix: 16, uppercase: true)
            throw ArchiveError.notAnArchive(
                path: path, reason: "a SQLite database of another application (\(found); Reel's is 0x5245454C)")
        }
        if mode == .readOnly {
            throw ArchiveError.notAnArchive(path: path, reason: "an empty SQLite database; create an archive with `reel init \(path)`")
        }
        try execute("PRAGMA application_id = \(Database.reelApplicationID)")
    }

    /// Has SQLite read (parse) the file's schema now. It does so at the first statement that
    /// needs it, and a schema it cannot parse would fail that statement, wherever it is; here the
    /// failure is known to mean a damaged file (`SQLiteError.isDamagedFile`).
    private func readSchema() throws(SQLiteError) {
        do {
            _ = try scalarInt64("SELECT count(*) FROM sqlite_schema")
        } catch {
            throw error.foundReadingTheSchema()
        }
    }

    // MARK: Running SQL

    /// Runs one or more SQL statements that return no rows of interest.
    package func execute(_ sql: String) throws(SQLiteError) {
        // The connection's error message is the one sqlite3_exec would hand back.
        let rc = sqlite3_exec(connection, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw SQLiteError(resultCode: rc, connection: connection, sql: sql) }
    }

    /// Prepares a statement owned by the caller.
    package func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(connection: connection, sql: sql)
    }

    /// Lends the cached statement for `sql` (prepared on first use) to `body`, then resets it and
    /// clears its bindings. A nested use of the same SQL while it is lent gets a fresh statement.
    package func withCachedStatement<T>(_ sql: String, _ body: (Statement) throws -> T) throws -> T {
        let statement: Statement
        if let cached = statementCache[sql] {
            statement = cached.isCheckedOut ? try prepare(sql) : cached
        } else {
            statement = try prepare(sql)
            statementCache[sql] = statement
        }
        statement.isCheckedOut = true
        defer {
            statement.reset()
            statement.clearBindings()
            statement.isCheckedOut = false
        }
        return try body(statement)
    }

    /// The first column of the first row of `sql`, or nil when there is no row or it is NULL.
    package func scalarInt64(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step(), !statement.isNull(at: 0) else { return nil }
        return statement.int64(at: 0)
    }

    /// The row id of the last successful INSERT on this connection.
    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(connection) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes(connection)) }

    /// Whether a transaction is open on this connection.
    package var isInTransaction: Bool { sqlite3_get_autocommit(connection) == 0 }

    // MARK: Transactions

    /// How a transaction takes its locks.
    package enum TransactionKind: String, Sendable {
        /// Takes the write lock at once (`BEGIN IMMEDIATE`): no SQLITE_BUSY half-way through a write.
        case immediate = "IMMEDIATE"
        /// Takes locks when first needed (`BEGIN DEFERRED`): for consistent multi-statement reads.
        case deferred = "DEFERRED"
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    /// Inside another transaction, use `savepoint` instead.
    package func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue)")
        if kind == .immediate {
            writeTransactionsBegun += 1
            writeTransaction = writeTransactionsBegun
        }
        defer { writeTransaction = nil }
        let result: T
        do {
            result = try body()
        } catch {
            rollbackIfOpen()
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            rollbackIfOpen()
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint: released when it returns, rolled back to (and released) when
    /// it throws. Starts a transaction when none is open; nests freely.
    package func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "reel_savepoint_\(savepointDepth)"
        try runCached("SAVEPOINT \(name)")
        let result: T
        do {
            result = try body()
        } catch {
            if isInTransaction {
                try? execute("ROLLBACK TO \(name)")
                try? execute("RELEASE \(name)")
            }
            rollbackCount += 1
            throw error
        }
        try runCached("RELEASE \(name)")
        return result
    }

    /// Runs `sql`, one statement without parameters, through the statement cache: the recorder
    /// opens two savepoints per session, and `execute` parsed each SAVEPOINT and RELEASE again
    /// (about 5,000 instructions each). The error paths keep `execute`.
    private func runCached(_ sql: String) throws {
        try withCachedStatement(sql) { statement in try statement.run() }
    }

    private func rollbackIfOpen() {
        if isInTransaction { try? execute("ROLLBACK") }
    }
}
