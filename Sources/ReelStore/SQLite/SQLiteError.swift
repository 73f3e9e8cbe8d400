import CSQLite

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

    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The error a connection reports after `resultCode`, with the connection's current message.
    init(resultCode: Int32, connection: OpaquePointer?, sql: String?) {
        let message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(resultCode))
        }
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? resultCode
        // The connection's extended code belongs to this failure only when its primary part matches.
        self.init(extendedCode: extended & 0xFF == resultCode & 0xFF ? extended : resultCode, message: message, sql: sql)
    }

    public var description: String {
        let name = String(cString: sqlite3_errstr(code))
        var text = "SQLite error \(extendedCode) (\(name)): \(message)"
        if let sql { text += " [SQL: \(sql)]" }
        return text
    }
}
