import Foundation
import ReelEngine
import ReelJSON
import ReelSynth
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Issue 37: the memories an `exec:` replay keeps of what repeats hold several scenarios at once,
/// since the requests a replay builds ahead and at their turn alternate wherever the scenario
/// changes, sessions of one scenario end with different final hierarchies (finished or
/// cancelled), and an archive may hold its scenarios in any order. Each must give exactly what
/// the work it saves gives:
/// the request's spec text (`SpecTexts`), the server's decoded spec (`RequestDecoder`), the
/// server's resolved scenario (`EngineServer`), the answer's hierarchy text (`HierarchyCheck`)
/// and the reader's hierarchy (`ReplyMemo`), in turn, past the memories' capacities, and for a
/// name that comes back with another spec.
@Suite("Exec replay: memories of several scenarios")
struct RecentScenariosMemoTests {
    /// Catalog scenarios taking turns, then the first ones again, then one renamed copy with
    /// another summary and animator (same name as a catalog one, other contents).
    static func scenariosInTurn() -> [ScenarioSpec] {
        let some = Array(ScenarioCatalog.all.prefix(6))
        var changed = some[1]
        changed.summary = "the same name, another spec"
        changed.animator = changed.animator == .bounce ? .system : .bounce
        return some + some + [changed, some[1], changed] + some.reversed()
    }

    @Test func specTextsAreTheEncodedSpecOfEachScenarioInTurn() throws {
        var texts = SpecTexts()
        let scenarios = Self.scenariosInTurn()
        for scenario in scenarios {
            // The published rule: the canonical JSON re-written compactly (EngineRequest.compactSpec).
            let expected = JSONWriter.text(of: try JSONParser.parse(scenario.canonicalJSON))
            #expect(try texts.text(of: scenario) == expected, "\(scenario.name)")
        }
        // One entry per name: the renamed copy took its name's place.
        #expect(texts.byName.count == 6)
        // Past the cap the oldest names are forgotten instead of the memory growing.
        var many = SpecTexts()
        let cap = many.byName.entryCap
        for index in 0..<(cap + 10) {
            var scenario = scenarios[index % 6]
            scenario.name = "user.\(index)"
            let expected = JSONWriter.text(of: try JSONParser.parse(scenario.canonicalJSON))
            #expect(try many.text(of: scenario) == expected)
        }
        #expect(many.byName.count == cap)
        #expect(many.byName.keys.first == "user.10" && many.byName.keys.last == "user.\(cap + 9)")
    }

    /// Request lines of the scenarios in turn, with their specs as Reel sends them (compact) and
    /// as a person might (pretty-printed), and more distinct specs than the decoder remembers.
    static func requestLines() throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        let touches = [Touch(t: 0, id: 1, phase: .began, x: 10, y: 400), Touch(t: 0.1, id: 1, phase: .ended, x: 200, y: 400)]
        var scenarios = scenariosInTurn()
        let cap = RequestDecoder().recentSpecs.entryCap
        for index in 0..<(cap + 6) {
            var scenario = scenarios[index % 6]
            scenario.name = "user.\(index % (cap + 3))"
            scenarios.append(scenario)
        }
        scenarios += scenariosInTurn()
        for (index, scenario) in scenarios.enumerated() {
            let request = EngineRequest(
                scenarioName: scenario.name, scenarioSpecJSON: scenario.canonicalJSON, device: GestureSession.defaultDevice,
                refreshHz: 60, touches: touches, id: index + 1)
            lines.append(Array(try request.encodedLine().dropLast()))
        }
        // A spec spelled with whitespace: other bytes, the same compact text.
        let pretty = #"{"id":900,"scenario":{"name":"nav.push","spec":{ "a" : [1, 2.50] }},"touches":[]}"#
        lines.insert(Array(pretty.utf8), at: 3)
        lines.insert(Array(#"{"id":901,"scenario":{"name":"nav.push","spec":{"a":[1,2.50]}},"touches":[]}"#.utf8), at: 5)
        return lines
    }

    @Test func requestsOfScenariosInTurnDecodeAsTheTreeDecoderReadsThem() throws {
        var decoder = RequestDecoder()
        var distinctSpecs = Set<String>()
        for line in try Self.requestLines() {
            let fast = try line.withUnsafeBufferPointer { try decoder.decode(line: $0) }
            let tree = try EngineRequest.decode(line: line)
            #expect(fast == tree, "\(String(decoding: line.prefix(120), as: UTF8.self))")
            if let spec = tree.scenarioSpecJSON { distinctSpecs.insert(spec) }
        }
        // More distinct specs than remembered went through (the oldest forgotten on the way).
        #expect(distinctSpecs.count > decoder.recentSpecs.entryCap)
    }

    @Test func theServerAnswersScenariosInTurnAsAFreshServerWould() throws {
        let shared = EngineServer(engine: BuiltinEngine())
        var answered = 0
        // Another catalog scenario under the first one's name: its own spec must be the one run.
        var impostor = ScenarioCatalog.all[ScenarioCatalog.all.count - 1]
        impostor.name = ScenarioCatalog.all[0].name
        let scenarios = Self.scenariosInTurn() + [ScenarioCatalog.all[0], impostor, ScenarioCatalog.all[0], impostor]
        var lines: [String: Set<[UInt8]>] = [:]
        for (index, scenario) in scenarios.enumerated() {
            let synthesizer = GestureSynthesizer(scenario: scenario, device: GestureSession.defaultDevice, refreshHz: 60, seed: 11)
            let session = synthesizer.session(index: index)
            let request = EngineRequest(
                scenarioName: scenario.name, scenarioSpecJSON: JSONWriter.text(of: try JSONParser.parse(scenario.canonicalJSON)),
                device: session.device, refreshHz: session.refreshHz, touches: session.touches, id: index + 1)
            let fresh = EngineServer(engine: BuiltinEngine()).answer(request)
            let reply = shared.answer(request)
            #expect(reply.encodedLine(id: 1) == fresh.encodedLine(id: 1), "\(scenario.name) #\(index)")
            if case .response = reply { answered += 1 }
            if index >= scenarios.count - 4 { lines[scenario.summary, default: []].insert(fresh.encodedLine(id: 1)) }
        }
        #expect(answered == scenarios.count)
        // The two specs of one name answered differently (so the check above tells them apart).
        #expect(lines.count == 2 && Set(lines.values.flatMap { $0 }).count >= 2)
    }

    /// Hierarchies taking turns: one-line ones (more than remembered), one that spans lines, one
    /// that is not JSON, and the first ones again.
    static func hierarchiesInTurn() -> [String] {
        let oneLine = (0..<(HierarchyCheck().oneLine.entryCap + 5)).map { #"{"root":{"children":["V\#($0)"],"name":"nav"}}"# }
        let spanning = "{\n\"root\": [1, 2]\n}"
        let broken = #"{"root":"#
        return Array(oneLine.prefix(5)) + [spanning, broken] + Array(oneLine.prefix(5)) + oneLine + [spanning] + oneLine.prefix(3)
    }

    @Test func answersWithHierarchiesInTurnAreWrittenAsWithAFreshCheck() {
        var check = HierarchyCheck()
        for (index, hierarchy) in Self.hierarchiesInTurn().enumerated() {
            let trace = Trace(frames: [], events: [], outcome: Outcome(completed: true, t: Double(index), hierarchy: hierarchy))
            let reply = EngineReply.response(EngineResponse(engineName: "e", engineVersion: "1", trace: trace))
            var fresh = HierarchyCheck()
            let alone = reply.encodedLine(id: index, encoding: .binary, hierarchyCheck: &fresh)
            let shared = reply.encodedLine(id: index, encoding: .binary, hierarchyCheck: &check)
            #expect(shared == alone, "\(hierarchy)")
        }
    }

    @Test func answersWithHierarchiesInTurnReadAsEachOnItsOwn() throws {
        var memo = ReplyMemo()
        var read = 0
        for (index, hierarchy) in Self.hierarchiesInTurn().enumerated() {
            let trace = Trace(frames: [], events: [], outcome: Outcome(completed: index % 2 == 0, t: Double(index), hierarchy: hierarchy))
            let reply = EngineReply.response(EngineResponse(engineName: "e", engineVersion: "1", trace: trace))
            let line = Array(reply.encodedLine(id: 7).dropLast())
            var fresh = ReplyMemo()
            let alone = Result { () throws(EngineProtocolError) in try EngineReply.decodeAnswerAndForm(line: line, memo: &fresh).reply }
            let withMemo = Result { () throws(EngineProtocolError) in try EngineReply.decodeAnswerAndForm(line: line, memo: &memo).reply }
            #expect(withMemo == alone, "\(hierarchy)")
            if case .success(.response(let response)) = withMemo {
                read += 1
                // A one-line hierarchy comes back as the text the engine sent.
                if !hierarchy.contains("\n"), hierarchy.hasSuffix("}}") { #expect(response.trace.outcome.hierarchy == hierarchy) }
            }
        }
        #expect(read == Self.hierarchiesInTurn().count)
        #expect(memo.hierarchies.count <= memo.hierarchies.entryCap)
    }

    /// An engine process that names itself "e" of version 1, 1, 2, 2, 1 in its answers (a
    /// process's answers name the same engine, but an engine may change its name).
    private static let versionChangingEngine = """
        python3 -c 'import sys, json
        versions = ["1", "1", "2", "2", "1"]
        for n, line in enumerate(sys.stdin):
            request = json.loads(line)
            answer = {"id": request.get("id"), "engine": {"name": "e", "version": versions[n % 5]}, "frames": [], "events": [],
                      "outcome": {"completed": True, "t": 0}}
            print(json.dumps(answer), flush=True)'
        """

    @Test func theIdentityFollowsTheNameAndVersionOfEveryAnswer() throws {
        let engine = ExternalTransitionEngine(command: Self.versionChangingEngine)
        let spec = try #require(ScenarioCatalog.named("nav.interactive-pop"))
        let touches = [Touch(t: 0, id: 1, phase: .began, x: 4, y: 400), Touch(t: 0.1, id: 1, phase: .ended, x: 200, y: 400)]
        for version in ["1", "1", "2", "2", "1"] {
            _ = try engine.run(
                scenario: spec, device: GestureSession.defaultDevice, refreshHz: 60, touches: touches, outcomeHierarchy: true)
            #expect(engine.identityIsKnown)
            #expect(engine.identity.name == "e" && engine.identity.version == version)
            // The published rule (docs/PROTOCOL.md): SHA-256 of "exec", name, version and command, one a line.
            #expect(engine.identity.fingerprint == SHA256.hex("exec\ne\n\(version)\n\(Self.versionChangingEngine)"))
        }
    }
}

/// The same memories against hostile sizes: what they hold stays within their byte budgets, and
/// what is read is still exactly what is read without them.
@Suite("Exec replay: memories of several scenarios, within their budgets")
struct RecentScenariosMemoBudgetTests {
    /// A one-line hierarchy of about `bytes` bytes, told apart by `index`.
    static func bigHierarchy(_ index: Int, bytes: Int) -> String {
        #"{"root":{"index":\#(index),"pad":""# + String(repeating: "x", count: bytes) + #""}}"#
    }

    @Test func theReaderKeepsItsHierarchiesWithinTheBudget() throws {
        var memo = ReplyMemo()
        // Hierarchies of about a quarter of the budget with their texts (the oldest forgotten to
        // fit: at most 4 are held, where the capacity alone would keep 64) and small ones.
        let budget = memo.hierarchies.byteBudget
        let sizes = [budget / 8, 300, budget / 9]
        for index in 0..<12 {
            let hierarchy = Self.bigHierarchy(index % 5, bytes: sizes[index % 3])
            let trace = Trace(frames: [], events: [], outcome: Outcome(completed: true, t: 0, hierarchy: hierarchy))
            let reply = EngineReply.response(EngineResponse(engineName: "e", engineVersion: "1", trace: trace))
            let line = Array(reply.encodedLine(id: 1).dropLast())
            var fresh = ReplyMemo()
            let alone = Result { () throws(EngineProtocolError) in try EngineReply.decodeAnswerAndForm(line: line, memo: &fresh).reply }
            let withMemo = Result { () throws(EngineProtocolError) in try EngineReply.decodeAnswerAndForm(line: line, memo: &memo).reply }
            #expect(withMemo == alone)
            let held = memo.hierarchies.keys.reduce(0) { $0 + $1.count + memo.hierarchies[$1]!.utf8.count }
            #expect(held == memo.hierarchies.bytes)
            #expect(held <= budget)
            #expect(memo.hierarchies.keys.allSatisfy { $0.count + memo.hierarchies[$0]!.utf8.count <= budget / 2 })
        }
        #expect(memo.hierarchies.count > 0)
    }

    @Test func theServerKeepsItsSpecsWithinTheBudget() throws {
        var decoder = RequestDecoder()
        let budget = decoder.recentSpecs.byteBudget
        let big = budget / 6
        for index in 0..<20 {
            let pad = String(repeating: "y", count: index % 4 == 3 ? budget / 3 : big)
            let scenario = #"{"name":"s\#(index % 7)","spec":{"n":\#(index % 7),"pad":"\#(pad)"}}"#
            let line = Array(#"{"id":\#(index),"scenario":\#(scenario),"touches":[]}"#.utf8)
            let fast = try line.withUnsafeBufferPointer { try decoder.decode(line: $0) }
            #expect(fast == (try EngineRequest.decode(line: line)))
            #expect(decoder.recentSpecs.bytes <= budget)
        }
        #expect(decoder.recentSpecs.bytes > 0)
    }

    @Test func specTextsStayWithinTheBudget() throws {
        var texts = SpecTexts()
        let budget = texts.byName.byteBudget
        var scenario = try #require(ScenarioCatalog.named("nav.push"))
        for index in 0..<12 {
            scenario.name = "user.\(index % 5)"
            scenario.summary = String(repeating: "z", count: index % 3 == 2 ? budget : budget / 5)
            let expected = JSONWriter.text(of: try JSONParser.parse(scenario.canonicalJSON))
            #expect(try texts.text(of: scenario) == expected)
            #expect(texts.byName.bytes <= budget)
        }
    }
}
