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

    public init(extendedCode: Int32, message: String, sql: String? = nil, file: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.file = file
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
