import CSQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the bind call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement: bind parameters (1-based), step, read columns (0-based), reset, reuse.
///
/// Not `Sendable`: it belongs to its `Database` and is used on that database's thread.
package final class Statement {
    /// The SQL text the statement was prepared from.
    package let sql: String
    let handle: OpaquePointer
    /// The connection, for error messages (kept valid by `sqlite3_close_v2` until this statement is finalized).
    private let connection: OpaquePointer
    /// Set while a cached statement is lent out, so a nested use of the same SQL gets a fresh one.
    var isCheckedOut = false

    /// The text after the first statement of `sql` (another statement, or blanks and comments),
    /// which was not prepared.
    package let remainder: String

    /// Prepares the first statement of `sql`; the rest is kept in `remainder`.
    /// - Throws: SQLite's error, or SQLITE_MISUSE "no SQL statement" for text that is empty or only comments.
    init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        var handle: OpaquePointer?
        let (rc, consumed) = sql.withCString { base -> (Int32, Int) in
            var tail: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v3(connection, base, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, &tail)
            return (rc, tail.map { $0 - base } ?? 0)
        }
        guard rc == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            if rc == SQLITE_OK {
                throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "no SQL statement (the text is empty or only comments)", sql: sql)
            }
            throw SQLiteError(resultCode: rc, connection: connection, sql: sql)
        }
        self.sql = sql
        self.handle = handle
        self.connection = connection
        remainder = String(decoding: sql.utf8.dropFirst(consumed), as: UTF8.self)
    }

    deinit { sqlite3_finalize(handle) }

    private func check(_ rc: Int32) throws(SQLiteError) {
        guard rc == SQLITE_OK else { throw SQLiteError(resultCode: rc, connection: connection, sql: sql) }
    }

    // MARK: Binding (1-based parameter indexes)

    package func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    package func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    package func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds 1 or 0.
    package func bind(_ value: Bool, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value ? 1 : 0))
    }

    /// Binds UTF-8 text, copied by SQLite.
    package func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        var value = value
        try check(value.withUTF8 { bindTextCode($0, at: index) })
    }

    /// Binds `bytes` (UTF-8) as text, copied by SQLite: a string's bytes without making the String.
    package func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(SQLiteError) {
        try check(bindTextCode(bytes, at: index))
    }

    /// `sqlite3_bind_text` of `bytes`, copied, and its result code.
    private func bindTextCode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) -> Int32 {
        // An empty buffer may have no address; SQLite binds NULL for a null pointer, so pass "".
        guard let base = bytes.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, transient) }
        return sqlite3_bind_text(
            handle, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(bytes.count), transient)
    }

    /// Binds a blob, copied by SQLite.
    package func bind(_ value: Data, at index: Int32) throws(SQLiteError) {
        let rc = value.withUnsafeBytes { bytes -> Int32 in
            // A null pointer would bind NULL; an empty blob is bound as a zero-length blob instead.
            guard let base = bytes.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), transient)
        }
        try check(rc)
    }

    package func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    package func bind(_ value: Int64?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    package func bind(_ value: Int?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    package func bind(_ value: Double?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    package func bind(_ value: Bool?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    package func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    package func bind(_ value: Data?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Sets every parameter back to NULL.
    package func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    // MARK: Stepping

    /// Runs the statement to its next row: true when a row is available, false when done.
    @discardableResult
    package func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc:
            let error = SQLiteError(resultCode: rc, connection: connection, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Steps through the remaining rows and makes one value of each with `makeRow` (the statement
    /// at that row), in order: a query's rows as an array.
    package func rows<Row>(_ makeRow: (Statement) -> Row) throws(SQLiteError) -> [Row] {
        var rows: [Row] = []
        while try step() { rows.append(makeRow(self)) }
        return rows
    }

    /// Makes the statement ready to run again; bindings are kept.
    package func reset() {
        sqlite3_reset(handle)
    }

    /// Runs a statement that returns no rows (or ignores them) and resets it for reuse.
    package func run() throws(SQLiteError) {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    // MARK: Columns (0-based)

    package var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The storage class of a result column in the current row.
    package enum ColumnType: Sendable { case integer, real, text, blob, null }

    /// The storage class of column `index` in the current row.
    package func columnType(at index: Int32) -> ColumnType {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    /// True when the statement cannot change the database (SQLite's `sqlite3_stmt_readonly`).
    package var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// The 1-based index of the named parameter (`:name`, `@name` or `$name`), nil when absent.
    package func parameterIndex(_ name: String) -> Int32? {
        for prefix in [":", "@", "$"] {
            let index = sqlite3_bind_parameter_index(handle, prefix + name)
            if index > 0 { return index }
        }
        return nil
    }

    /// The names of the statement's parameters without their prefix (`:`, `@`, `$`), in index
    /// order; a nameless `?` parameter is "?N" with its index.
    package var parameterNames: [String] {
        (0..<sqlite3_bind_parameter_count(handle)).map { $0 + 1 }.map { index in
            guard let name = sqlite3_bind_parameter_name(handle, index) else { return "?\(index)" }
            let text = String(cString: name)
            return text.hasPrefix("?") ? text : String(text.dropFirst())
        }
    }

    package func columnName(at index: Int32) -> String {
        String(cString: sqlite3_column_name(handle, index))
    }

    package func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    package func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    package func int(at index: Int32) -> Int {
        Int(sqlite3_column_int64(handle, index))
    }

    package func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    package func bool(at index: Int32) -> Bool {
        sqlite3_column_int64(handle, index) != 0
    }

    /// The column as UTF-8 text ("" for NULL).
    package func string(at index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Hands `body` the column's UTF-8 text in place (empty for NULL), without building a String; the
    /// bytes are only valid inside `body`.
    package func withText<Result>(at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let text = sqlite3_column_text(handle, index)
        return try body(UnsafeBufferPointer(start: text, count: text == nil ? 0 : Int(sqlite3_column_bytes(handle, index))))
    }

    package func data(at index: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    package func optionalInt64(at index: Int32) -> Int64? { isNull(at: index) ? nil : int64(at: index) }
    package func optionalInt(at index: Int32) -> Int? { isNull(at: index) ? nil : int(at: index) }
    package func optionalDouble(at index: Int32) -> Double? { isNull(at: index) ? nil : double(at: index) }
    package func optionalString(at index: Int32) -> String? { isNull(at: index) ? nil : string(at: index) }
}
