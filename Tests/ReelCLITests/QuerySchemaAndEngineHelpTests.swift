import Foundation
import ReelEngine
import ReelStore
import ReelTestSupport
import Testing

/// Issue 33: `reel query ARCHIVE --schema` lists the tables and views with their columns, one line
/// each; the `--engine` help names every preset.
@Suite("reel query --schema and the --engine help")
struct QuerySchemaAndEngineHelpTests {
    @Test func schemaListsEveryTableAndViewWithItsColumns() throws {
        let folder = try temporaryFolder()
        #expect(try runReel(["init", "a.sqlite"], in: folder).status == 0)
        let run = try runReel(["query", "a.sqlite", "--schema"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        // What SQLite itself says the archive holds, read here without reel.
        let database = try Database.open(folder + "/a.sqlite", mode: .readOnly)
        let objects = try database.prepare(
            "SELECT type, name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'")
        var expected: [String] = []
        while try objects.step() {
            let (type, name) = (objects.string(at: 0), objects.string(at: 1))
            let columns = try database.prepare("SELECT name FROM pragma_table_info('\(name)') ORDER BY cid")
            var names: [String] = []
            while try columns.step() { names.append(columns.string(at: 0)) }
            expected.append("\(type) \(name): " + names.joined(separator: ", "))
        }
        #expect(Set(lines) == Set(expected))
        #expect(lines.count == expected.count)
        #expect(lines.contains { $0.hasPrefix("view regressions: replay_id, session_id, scenario") })
        #expect(lines.contains { $0.hasPrefix("table baseline_history: ") })

        let both = try runReel(["query", "a.sqlite", "--schema", "SELECT 1"], in: folder)
        #expect(both.status == 64)
        #expect(try runReel(["query", "none.sqlite", "--schema"], in: folder).status == 66)
    }

    /// Every command that takes `--engine` shares one option group (`EngineOption`): the same help
    /// paragraph everywhere, naming every preset.
    @Test func engineHelpNamesEveryPresetTheSameWayInEveryCommand() throws {
        let folder = try temporaryFolder()
        var paragraphs: [String: String] = [:]
        for command in [["replay"], ["record"], ["accept"], ["review"], ["engine", "params"], ["engine", "serve"]] {
            let help = try runReel(command + ["--help"], in: folder)
            #expect(help.status == 0)
            // The option's paragraph runs from its line to the next line that starts an option.
            let options = help.standardOutput.components(separatedBy: "\n  -")
            let paragraph = try #require(options.first { $0.hasPrefix("-engine <engine>") }, "reel \(command) --help has --engine")
            let text = paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for preset in EngineProfile.presetNames { #expect(text.contains(preset), "reel \(command) --help: \(preset)") }
            paragraphs[command.joined(separator: " ")] = text
        }
        #expect(Set(paragraphs.values).count == 1, "\(paragraphs)")
    }
}
