import Foundation
import ReelTestSupport
import Testing

@testable import ReelStore

@Suite struct SavedQueryTests {
    /// The repository's Queries folder, found from this source file.
    static let queriesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Queries").path

    @Test func theBuildCarriesEveryQueryFileVerbatim() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.queriesFolder).filter { $0.hasSuffix(".sql") }
        #expect(Set(EmbeddedQuery.all.map { $0.name + ".sql" }) == Set(files))
        for query in EmbeddedQuery.all {
            let text = try String(contentsOfFile: Self.queriesFolder + "/" + query.name + ".sql", encoding: .utf8)
            #expect(query.sql == text, "\(query.name)")
        }
    }

    @Test func theRequiredQueriesExistAndAreDocumented() throws {
        let required = [
            "regressions", "decision-changes-by-scenario", "divergence-by-view", "slowest-completions", "near-boundary",
        ]
        for name in required {
            let query = try #require(EmbeddedQuery.named(name), "\(name)")
            #expect(!query.summary.isEmpty && query.summary.hasSuffix("."), "\(name): one-line summary")
            #expect(query.description.hasPrefix("Answers:"), "\(name): says what it answers")
        }
    }

    @Test func headerParsing() {
        let query = EmbeddedQuery(
            name: "x",
            sql: """
                -- Counts things.
                --
                -- Answers: how many
                -- things there are.
                --
                -- Parameters:
                --   :limit   how many rows (default: 20)
                --   :scenario  only this one
                SELECT :limit, :scenario;
                -- not header
                """)
        #expect(query.summary == "Counts things.")
        #expect(query.description == "Answers: how many things there are.")
        #expect(query.parameters.map(\.name) == ["limit", "scenario"])
        #expect(query.parameters.map(\.meaning) == ["how many rows (default: 20)", "only this one"])
    }

    /// Every saved query reads only, and every parameter its SQL uses is documented (and vice versa).
    @Test func queriesAreReadOnlyAndTheirParametersDocumented() throws {
        let archive = try Archive.open(temporaryPath("queries.sqlite"), mode: .readWrite)
        for query in EmbeddedQuery.all {
            let statement = try archive.database.prepare(query.sql)
            #expect(statement.isReadOnly, "\(query.name)")
            for parameter in query.parameters {
                #expect(statement.parameterIndex(parameter.name) != nil, "\(query.name): :\(parameter.name) unused")
            }
            let used = Set(query.sql.matches(of: /:([a-z_]+)/).map { String($0.1) })
            #expect(used == Set(query.parameters.map(\.name)), "\(query.name)")
            #expect(try !statement.step(), "\(query.name): an empty archive has no rows")
        }
    }
}
