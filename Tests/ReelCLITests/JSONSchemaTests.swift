import Foundation
import ReelJSON
import ReelTestSupport
import Testing

/// Every JSON document `reel` prints (`--format json`, `--json`) names itself in its first member,
/// `"format": "reel.NAME/VERSION"`, and matches docs/schemas/NAME-VERSION.schema.json (docs/JSON.md).
/// The outputs checked here are those of the built binary, run on a small recorded corpus.
@Suite("JSON outputs and their schemas")
struct JSONSchemaTests {
    /// The command (its path under `reel`) behind each schema: a command that prints JSON and is
    /// not listed here fails `everyCommandWithJSONOutputHasASchema`.
    static let schemaOfCommand: [String: String] = [
        "record": "record-1", "replay": "replay-1", "merge": "replay-1", "compare": "compare-1", "info": "info-1",
        "prune": "prune-2", "scenarios": "scenarios-1", "query": "query-1", "engine params": "engine-params-1",
        "engine profiles": "engine-profiles-1", "bench": "bench-1",
    ]

    static let schemaFolder = repositoryRoot + "/docs/schemas"

    /// The schema files in docs/schemas, by name ("replay-1").
    static func schemaNames() throws -> Set<String> {
        Set(
            try FileManager.default.contentsOfDirectory(atPath: schemaFolder).compactMap { file in
                file.hasSuffix(".schema.json") ? String(file.dropLast(".schema.json".count)) : nil
            })
    }

    static func schema(_ name: String) throws -> JSONSchema {
        try JSONSchema(JSONParser.parse(String(contentsOfFile: schemaFolder + "/\(name).schema.json", encoding: .utf8)))
    }

    /// The commands of `reel` (paths such as "engine params") with a `--format` option that offers
    /// `json` or a `--json` flag, read from the binary's own description of its command tree.
    static func commandsPrintingJSON() throws -> Set<String> {
        let run = try runReel(["--experimental-dump-help"], in: try temporaryFolder())
        try #require(run.status == 0, "\(run.standardError)")
        var found: Set<String> = []
        func walk(_ command: JSONValue, path: [String]) {
            if case .array(let arguments)? = command["arguments"] {
                for argument in arguments {
                    guard case .array(let names)? = argument["names"] else { continue }
                    let longNames = names.compactMap { name -> String? in
                        guard case .string(let text)? = name["name"], name["kind"] == .string("long") else { return nil }
                        return text
                    }
                    let offersJSON: Bool
                    if case .array(let values)? = argument["allValues"] {
                        offersJSON = values.contains(.string("json"))
                    } else {
                        offersJSON = false
                    }
                    if longNames.contains("json") || (longNames.contains("format") && offersJSON) {
                        found.insert(path.joined(separator: " "))
                    }
                }
            }
            if case .array(let subcommands)? = command["subcommands"] {
                for subcommand in subcommands {
                    guard case .string(let name)? = subcommand["commandName"] else { continue }
                    walk(subcommand, path: path + [name])
                }
            }
        }
        let tree = try JSONParser.parse(run.standardOutput)
        walk(try #require(tree["command"]), path: [])
        return found
    }

    @Test func everyCommandWithJSONOutputHasASchema() throws {
        let commands = try Self.commandsPrintingJSON()
        // The tree is read, not assumed: the commands known to print JSON today are among them.
        #expect(commands.isSuperset(of: ["replay", "engine params", "query"]), "\(commands.sorted())")
        #expect(commands == Set(Self.schemaOfCommand.keys), "commands printing JSON: \(commands.sorted())")
        #expect(Set(Self.schemaOfCommand.values) == (try Self.schemaNames()))
        let page = try String(contentsOfFile: repositoryRoot + "/docs/JSON.md", encoding: .utf8)
        for name in try Self.schemaNames() {
            #expect(page.contains("schemas/\(name).schema.json"), "docs/JSON.md does not describe \(name)")
        }
    }

    /// Each schema is in the validator's subset and names the document it describes as the file
    /// name says: `$id` and the `format` member's `const` are "reel.NAME/VERSION" for NAME-VERSION.
    @Test func everySchemaNamesItsDocument() throws {
        for name in try Self.schemaNames() {
            let schema = try Self.schema(name)
            let dash = try #require(name.lastIndex(of: "-"))
            let format = "reel.\(name[..<dash])/\(name[name.index(after: dash)...])"
            #expect(schema.root["$id"] == .string(format), "\(name)")
            #expect(schema.root["properties"]?["format"]?["const"] == .string(format), "\(name)")
            guard case .array(let required)? = schema.root["required"] else {
                Issue.record("\(name): no required members")
                continue
            }
            #expect(required.first == .string("format"), "\(name)")
            #expect(schema.root["additionalProperties"] == .bool(false), "\(name): a document's members are all listed")
        }
    }

    /// Runs `reel` with `arguments` in `folder`, expecting one of `statuses`, and checks its standard
    /// output against `schemaName`: no violation, and `"format"` first.
    @discardableResult
    static func check(_ arguments: [String], in folder: String, statuses: Set<Int32> = [0], against schemaName: String) throws -> String {
        let run = try runReel(arguments, in: folder)
        #expect(statuses.contains(run.status), "reel \(arguments.joined(separator: " ")): \(run.status) \(run.standardError)")
        let document = try JSONParser.parse(run.standardOutput)
        let violations = try schema(schemaName).violations(of: document)
        #expect(violations.isEmpty, "reel \(arguments.joined(separator: " ")) against \(schemaName): \(violations)")
        guard case .object(let members) = document else { return run.standardOutput }
        #expect(members.first?.key == "format", "reel \(arguments.joined(separator: " ")): format is not the first member")
        return run.standardOutput
    }

    @Test func everyJSONOutputMatchesItsSchema() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("modal.swipe-dismiss", count: 12, seed: 11, in: folder)
        let candidate = try profile("\"swipe.threshold\":0.3", in: folder)
        var checked: Set<String> = []
        func check(_ arguments: [String], statuses: Set<Int32> = [0]) throws -> String {
            let command = arguments[0] == "engine" ? "engine \(arguments[1])" : arguments[0]
            let schemaName = try #require(Self.schemaOfCommand[command])
            checked.insert(command)
            return try Self.check(arguments, in: folder, statuses: statuses, against: schemaName)
        }

        _ = try check(["record", "a.sqlite", stream, "--format", "json"])
        _ = try check(["replay", "a.sqlite", "--format", "json"])
        // Sessions that diverge, some in kinds --fail-on lets pass: findings, failing and not.
        let replay = try check(
            ["replay", "a.sqlite", "--engine", candidate, "--fail-on", "decision", "--format", "json"], statuses: [0, 1])
        #expect(replay.contains("\"findings\":[{"), "\(replay)")
        let compare = try check(["compare", "a.sqlite", "--format", "json"])
        #expect(compare.contains("\"changes\":[{"), "\(compare)")
        try FileManager.default.createDirectory(atPath: folder + "/shards", withIntermediateDirectories: true)
        for shard in ["1/2", "2/2"] {
            _ = try check(
                [
                    "replay", "a.sqlite", "--engine", candidate, "--shard", shard, "--results", "shards/\(shard.first!).sqlite",
                    "--format", "json",
                ], statuses: [0, 1])
        }
        _ = try check(["merge", "shards", "-o", "merged.sqlite", "--format", "json"], statuses: [0, 1])
        _ = try check(["info", "a.sqlite", "--check", "--format", "json"])
        _ = try check(["query", "a.sqlite", "SELECT NULL AS n, 1 AS i, 0.5 AS r, 'x' AS t, x'00ff' AS b", "--format", "json"])
        _ = try check(["query", "a.sqlite", "SELECT 1 AS i WHERE 0", "--format", "json"])
        let scenarios = try check(["scenarios", "--format", "json"])
        #expect(try runReel(["scenarios", "--json"], in: folder).standardOutput == scenarios)
        let parameters = try check(["engine", "params", "--engine", candidate, "--format", "json"])
        #expect(try runReel(["engine", "params", "--engine", candidate, "--json"], in: folder).standardOutput == parameters)
        _ = try check(["engine", "profiles", "--format", "json"])
        _ = try check(["prune", "a.sqlite", "--keep-last", "1", "--format", "json"])
        // Every command but bench (its own test below: it runs every benchmark).
        #expect(checked == Set(Self.schemaOfCommand.keys).subtracting(["bench"]))
    }

    @Test func benchJSONMatchesItsSchema() throws {
        let folder = try temporaryFolder()
        let output = try Self.check(["bench", "--quick", "--json"], in: folder, against: "bench-1")
        #expect(output.contains("\"figures\":[\n{"), "\(output)")
    }

    /// The validator is not vacuous: a document breaking each keyword of the subset fails with the
    /// path of what is wrong, and a schema using a keyword outside the subset is refused.
    @Test func theValidatorRejectsWrongDocuments() throws {
        let schema = try JSONSchema(
            JSONParser.parse(
                """
                {"type":"object","required":["format","count","items"],"additionalProperties":false,
                 "properties":{"format":{"const":"reel.test/1"},"count":{"type":"integer","minimum":0},
                  "kind":{"enum":["a","b"]},"note":{"type":["string","null"]},
                  "items":{"type":"array","items":{"type":"object","additionalProperties":{"type":"number"}}}}}
                """))
        let valid = #"{"format":"reel.test/1","count":2,"kind":"a","note":null,"items":[{"x":1.5},{}]}"#
        #expect(schema.violations(of: try JSONParser.parse(valid)).isEmpty)
        let wrong: [(document: String, path: String)] = [
            (#"[]"#, "$"),
            (#"{"format":"reel.test/2","count":2,"items":[]}"#, "$.format"),
            (#"{"format":"reel.test/1","items":[]}"#, "$"),
            (#"{"format":"reel.test/1","count":1.5,"items":[]}"#, "$.count"),
            (#"{"format":"reel.test/1","count":-1,"items":[]}"#, "$.count"),
            (#"{"format":"reel.test/1","count":"2","items":[]}"#, "$.count"),
            (#"{"format":"reel.test/1","count":2,"kind":"c","items":[]}"#, "$.kind"),
            (#"{"format":"reel.test/1","count":2,"note":3,"items":[]}"#, "$.note"),
            (#"{"format":"reel.test/1","count":2,"items":[{"x":"1"}]}"#, "$.items[0].x"),
            (#"{"format":"reel.test/1","count":2,"items":[3]}"#, "$.items[0]"),
            (#"{"format":"reel.test/1","count":2,"items":[],"extra":true}"#, "$.extra"),
        ]
        for (document, path) in wrong {
            let violations = schema.violations(of: try JSONParser.parse(document))
            #expect(violations.contains { $0.hasPrefix(path + ":") }, "\(document): \(violations)")
        }
        #expect(throws: JSONSchema.Unsupported.self) { try JSONSchema(JSONParser.parse(#"{"type":"object","patternProperties":{}}"#)) }
        #expect(throws: JSONSchema.Unsupported.self) { try JSONSchema(JSONParser.parse(#"{"type":"integr"}"#)) }
    }
}
