import ReelTestSupport
import Testing

@testable import ReelStore

/// Every connection distrusts the archive's schema (trusted_schema=OFF, defensive mode) while
/// Reel's own CHECK constraints, which call json_valid and json_type, still hold.
@Suite("Untrusted schema")
struct UntrustedSchemaTests {
    @Test func connectionsTrustNoSchemaYetReelsChecksHold() throws {
        let archive = try Archive.open(temporaryPath("untrusted.sqlite"), mode: .readWrite)
        let database = archive.database
        #expect(try database.scalarInt64("PRAGMA trusted_schema") == 0)
        // A view of the file calling a function that is not innocuous cannot be used.
        try database.execute("CREATE VIEW v AS SELECT load_extension('x') AS y")
        let error = #expect(throws: SQLiteError.self) { try database.execute("SELECT * FROM v") }
        #expect(error?.message.contains("unsafe use of load_extension()") == true, "\(String(describing: error))")
        try database.execute("DROP VIEW v")
        // The one-argument json_valid and json_type give SQLite's own answers.
        #expect(try database.scalarInt64("SELECT json_valid('[1]') + 2 * json_valid('x') + 4 * (json_type('[]') = 'array')") == 5)
        let engine = try archive.engineID(for: sampleEngine)
        try archive.insert(sampleSession(contentHash: "a"), engineID: engine)
        #expect(throws: SQLiteError.self) { try database.execute("UPDATE sessions SET tags = 'not json'") }
        #expect(throws: SQLiteError.self) { try database.execute("UPDATE sessions SET tags = '{}'") }
    }
}
