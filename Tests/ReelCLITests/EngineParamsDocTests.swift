import Foundation
import ReelEngine
import ReelTestSupport
import Testing

/// Issue 50, docs as reference: docs/ENGINE.md's parameter table is generated from the engine's
/// parameter table (`reel engine params --format markdown`, written by tools/engine-params-doc), so
/// no parameter can go missing from it again (26 of 154 were, every `sheetdetent.*` among them).
@Suite("docs/ENGINE.md's parameter table")
struct EngineParamsDocTests {
    /// The rows between the markers of docs/ENGINE.md's "Parameters".
    private static func documentedBlock() throws -> String {
        let text = try String(contentsOfFile: repositoryRoot + "/docs/ENGINE.md", encoding: .utf8)
        let start = try #require(text.range(of: "<!-- engine-params -->\n"), "docs/ENGINE.md lost its engine-params marker")
        let end = try #require(text.range(of: "<!-- /engine-params -->"), "docs/ENGINE.md lost its closing marker")
        return String(text[start.upperBound..<end.lowerBound]).trimmingCharacters(in: .newlines)
    }

    @Test func namesEveryParameterOnceInTheTablesOrder() throws {
        let names = try Self.documentedBlock().split(separator: "\n").dropFirst(2).map { row in
            String(try #require(row.split(separator: "`").dropFirst().first, "a row without a `name`: \(row)"))
        }
        #expect(names == EngineProfile.parameters.map(\.name), "run tools/engine-params-doc")
    }

    @Test func equalsWhatTheCommandPrints() throws {
        let run = try runReel(["engine", "params", "--format", "markdown"], in: try temporaryFolder())
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.trimmingCharacters(in: .newlines) == (try Self.documentedBlock()),
            "docs/ENGINE.md's parameter table drifted from the engine's: run tools/engine-params-doc")
    }

    @Test func showsEachDefaultAndRange() throws {
        let rows = try Self.documentedBlock().split(separator: "\n").dropFirst(2)
        for (row, descriptor) in zip(rows, EngineProfile.parameters) {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells[2] == descriptor.unit, "\(descriptor.name)")
            if case .number(let number) = descriptor.defaultValue {
                #expect(Double(cells[3]) == number, "\(descriptor.name): default \(cells[3]) is not \(number)")
            }
            #expect(cells[4] == (descriptor.rangeText ?? ""), "\(descriptor.name)")
        }
    }
}
