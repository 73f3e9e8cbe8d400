import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure reported by SQLite: its result code, its message and the SQL that failed.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, ...).
    public var code: Int32 { extendedCode & 0xFF }
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, ...).
    public let extendedCode: Int32
    /// SQLite's message (`sqlite3_errmsg`), or the generic text of the code.
    public let message: String
    /// The statement being prepared or run, when there was one.
    public let sql: String?
    /// The database file the failing connection works on, when it has one (not `:memory:`).
    public let file: String?
    /// Whether the failure means that the file is damaged, or is not a database this SQLite can
    /// read: SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_ERROR with SQLite's words for a schema it cannot
    /// parse or a header format it does not know, and any SQLITE_ERROR while a connection first
    /// reads the file's schema (`Database.open`). Such a file is bad data, never a bug of Reel's.
    public let isDamagedFile: Bool

    /// - Parameters:
    ///   - extendedCode: SQLite's extended result code.
    ///   - message: SQLite's message (`sqlite3_errmsg`), or Reel's words for the failure.
    ///   - sql: the statement that failed, when there was one.
    ///   - file: the database file of the failing connection, when it has one.
    ///   - damagedFile: the failure is known to mean a damaged file whatever its code (it
    ///     happened while the schema was read); otherwise the code and message decide.
    public init(extendedCode: Int32, message: String, sql: String? = nil, file: String? = nil, damagedFile: Bool = false) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.file = file
        isDamagedFile = damagedFile || Self.meansDamagedFile(code: extendedCode & 0xFF, message: message)
    }

    /// SQLite's words, at the start of a SQLITE_ERROR message, for a file it cannot read as a
    /// database: a schema entry it cannot parse (as `ATTACH` reports it) and a schema format
    /// number in the header that it does not know.
    private static let damagedFileMessages = ["malformed database schema", "unsupported file format"]

    private static func meansDamagedFile(code: Int32, message: String) -> Bool {
        switch code {
        case SQLITE_CORRUPT, SQLITE_NOTADB: true
        case SQLITE_ERROR: damagedFileMessages.contains { message.hasPrefix($0) }
        default: false
        }
    }

    /// This failure, found while SQLite first read the file's schema, where any SQLITE_ERROR
    /// means the file cannot be read as a database.
    func foundReadingTheSchema() -> SQLiteError {
        SQLiteError(
            extendedCode: extendedCode, message: message, sql: sql, file: file,
            damagedFile: isDamagedFile || code == SQLITE_ERROR)
    }

    /// This failure, as the failure of the database file at `path` (an attached one, say).
    func about(file path: String) -> SQLiteError {
        SQLiteError(extendedCode: extendedCode, message: message, sql: sql, file: path, damagedFile: isDamagedFile)
    }

    /// The error a connection reports after `resultCode`, with the connection's current message
    /// and its main database file (or `file` when given).
    init(resultCode: Int32, connection: OpaquePointer?, sql: String?, file: String? = nil) {
        var message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(resultCode))
        }
        // For I/O failures, the operating system's reason ("File too large", "No space left on
        // device"): SQLite's record of it when it kept one, else errno, which the failed call just set.
        if [SQLITE_IOERR, SQLITE_FULL, SQLITE_READONLY].contains(resultCode & 0xFF) {
            let recorded = connection.map { sqlite3_system_errno($0) } ?? 0
            let systemErrno = recorded != 0 ? recorded : errno
            if systemErrno != 0 { message += " (\(String(cString: strerror(systemErrno))))" }
        }
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? resultCode
        // The connection's extended code belongs to this failure only when its primary part matches.
        self.init(
            extendedCode: extended & 0xFF == resultCode & 0xFF ? extended : resultCode, message: message, sql: sql,
            file: file ?? Self.mainFile(of: connection))
    }

    /// The path of the connection's main database, nil for an in-memory or temporary one.
    static func mainFile(of connection: OpaquePointer?) -> String? {
        guard let connection, let name = sqlite3_db_filename(connection, "main"), name.pointee != 0 else { return nil }
        return String(cString: name)
    }

    /// `FILE: SQLite error CODE (NAME): MESSAGE [SQL: ...]`, the file and SQL when known.
    public var description: String {
        let name = String(cString: sqlite3_errstr(code))
        var text = (file.map { "\($0): " } ?? "") + "SQLite error \(extendedCode) (\(name)): \(message)"
        if let sql { text += " [SQL: \(sql)]" }
        return text
    }
}
