import Foundation
import ReelTestSupport
import Testing

@testable import ReelStore

@Suite struct StatementTests {
    @Test func bindsAndReadsEveryType() throws {
        let database = try Database.open(temporaryPath("types.sqlite"), mode: .readWriteCreate)
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b INTEGER, n ANY, d BLOB, e TEXT) STRICT")
        let insert = try database.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        for (i, value) in [Int64.min, 42].enumerated() {
            try insert.bind(value, at: 1)
            try insert.bind(Double(i) + 0.1, at: 2)
            try insert.bind("naïve \(i)", at: 3)
            try insert.bind(i == 0, at: 4)
            try insert.bindNull(at: 5)
            try insert.bind(Data([0, 255, UInt8(i)]), at: 6)
            try insert.bind("", at: 7)
            try insert.run()
        }
        let select = try database.prepare("SELECT i, r, s, b, n, d, e FROM t ORDER BY rowid")
        #expect(try select.step())
        #expect(select.int64(at: 0) == .min && select.double(at: 1) == 0.1 && select.string(at: 2) == "naïve 0")
        #expect(select.bool(at: 3) && select.isNull(at: 4) && select.optionalString(at: 4) == nil)
        #expect(select.data(at: 5) == Data([0, 255, 0]))
        #expect(select.isNull(at: 6) == false && select.string(at: 6) == "")
        #expect(try select.step())
        #expect(select.int64(at: 0) == 42 && select.bool(at: 3) == false)
        #expect(try select.step() == false)
        select.reset()
        #expect(try select.step())  // reusable after reset
    }

    @Test func rowsMakesOneValueOfEachRemainingRowInOrder() throws {
        let database = try Database.open(temporaryPath("rows.sqlite"), mode: .readWriteCreate)
        let numbers = try database.prepare(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i, i * i FROM n")
        #expect(try numbers.step())  // the first row is taken: rows() reads the rest
        #expect(try numbers.rows { row in "\(row.int(at: 0))^2=\(row.int(at: 1))" } == ["2^2=4", "3^2=9", "4^2=16", "5^2=25"])
        let none = try database.prepare("SELECT 1 WHERE 0")
        #expect(try none.rows { $0.int(at: 0) } == [])
    }

    @Test func errorsCarryCodeMessageAndSQL() throws {
        let database = try Database.open(temporaryPath("errors.sqlite"), mode: .readWriteCreate)
        let error = #expect(throws: SQLiteError.self) { try database.prepare("SELECT * FROM nowhere") }
        #expect(error?.code == 1)  // SQLITE_ERROR
        #expect(error?.message == "no such table: nowhere")
        #expect(error?.sql == "SELECT * FROM nowhere")
        #expect(error?.description.contains("no such table: nowhere") == true)
    }

    @Test func savepointRollsBackOnlyItsOwnWork() throws {
        struct Undo: Error {}
        let database = try Database.open(temporaryPath("savepoints.sqlite"), mode: .readWriteCreate)
        try database.execute("CREATE TABLE t (x INTEGER) STRICT")
        try database.transaction(.deferred) {
            try database.execute("INSERT INTO t VALUES (1)")
            #expect(throws: Undo.self) {
                try database.savepoint {
                    try database.execute("INSERT INTO t VALUES (2)")
                    throw Undo()
                }
            }
            try database.savepoint { try database.execute("INSERT INTO t VALUES (3)") }
        }
        let rows = try database.prepare("SELECT x FROM t ORDER BY x")
        var values: [Int64] = []
        while try rows.step() { values.append(rows.int64(at: 0)) }
        #expect(values == [1, 3])
    }

    @Test func cachedStatementIsReusedAndNestedUseGetsAFreshOne() throws {
        let database = try Database.open(temporaryPath("cache.sqlite"), mode: .readWriteCreate)
        let sql = "SELECT 1"
        let outer = try database.withCachedStatement(sql) { outer in
            try database.withCachedStatement(sql) { inner in #expect(inner !== outer) }
            return ObjectIdentifier(outer)
        }
        let again = try database.withCachedStatement(sql) { ObjectIdentifier($0) }
        #expect(again == outer)
    }
}
