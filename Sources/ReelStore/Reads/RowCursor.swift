/// The rows of one archive read, one at a time: `next()` steps the statement, so a caller can stop
/// early or read other things between rows without holding them all.
///
/// Not `Sendable`: it steps a statement of its archive's connection, on that archive's thread.
package final class RowCursor<Row> {
    private let statement: Statement
    private let decode: (Statement) throws -> Row

    init(_ statement: Statement, decode: @escaping (Statement) throws -> Row) {
        self.statement = statement
        self.decode = decode
    }

    /// The next row, or nil after the last one.
    package func next() throws -> Row? {
        try statement.step() ? try decode(statement) : nil
    }
}
