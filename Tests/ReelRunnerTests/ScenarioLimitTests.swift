import ReelEngine
import ReelFormats
import ReelTrace
import Testing

@testable import ReelRunner

/// Issue 48, item 3: an inline scenario spec keeps `ScenarioLimits` (controllers, presented chain,
/// name lengths) wherever it is read, the error naming the field, and no session renders more than
/// `Engine.maximumFrameViews` views over its frames. Every count is computed from the limits; on
/// 0.16.0 a spec presenting 2,000 controllers was simulated (28.8 M frame views under a 60 s drag).
@Suite("Scenario spec limits")
struct ScenarioLimitTests {
    static let device = Device(width: 390, height: 844, scale: 3)

    static func names(_ count: Int, _ prefix: String = "C") -> [String] { (0..<count).map { "\(prefix)\($0)" } }

    /// The catalog's `name` with its hierarchy or action changed by `change`, as inline JSON.
    static func spec(_ name: String = "nav.interactive-pop", _ change: (inout ScenarioSpec) -> Void) throws -> String {
        var spec = try #require(ScenarioCatalog.named(name))
        change(&spec)
        return spec.canonicalJSON
    }

    /// Each list one past its limit, the field and the message it must name; at the limit, each decodes.
    static func cases() throws -> [(json: String, atLimit: String, expected: String)] {
        let controllers = ScenarioLimits.maxControllers
        let presented = ScenarioLimits.maxPresented
        let longName = String(repeating: "x", count: ScenarioLimits.maxNameBytes + 1)
        return [
            (
                try spec { $0.hierarchy.controllers = names(controllers + 1) },
                try spec { $0.hierarchy.controllers = names(controllers) },
                "field \"hierarchy.controllers\": \(controllers + 1) controllers is more than \(controllers) (ScenarioLimits.maxControllers)"
            ),
            (
                try spec { $0.hierarchy.presented = names(presented + 1, "P") },
                try spec { $0.hierarchy.presented = names(presented, "P") },
                "field \"hierarchy.presented\": \(presented + 1) controllers is more than \(presented) (ScenarioLimits.maxPresented)"
            ),
            (
                try spec { $0.action.stack = names(controllers + 1, "S") },
                try spec { $0.action.stack = names(controllers, "S") },
                "field \"action.stack\": \(controllers + 1) controllers is more than \(controllers) (ScenarioLimits.maxControllers)"
            ),
            (
                try spec { $0.hierarchy.controllers = ["A", longName] },
                try spec { $0.hierarchy.controllers = ["A", String(longName.dropLast())] },
                "field \"hierarchy.controllers.1\": a name of \(ScenarioLimits.maxNameBytes + 1) bytes is longer than "
                    + "\(ScenarioLimits.maxNameBytes) (ScenarioLimits.maxNameBytes)"
            ),
        ]
    }

    /// Streams and `reel engine serve` resolve inline specs through `ScenarioResolver`.
    @Test func anInlineSpecPastALimitIsRefusedNamingTheField() throws {
        for (json, atLimit, expected) in try Self.cases() {
            do {
                _ = try ScenarioResolver().resolve(name: "x", specJSON: json)
                Issue.record("accepted: \(expected)")
            } catch {
                #expect(error.message == "the inline scenario is not a valid scenario spec: \(expected)")
            }
            #expect(throws: Never.self) { try ScenarioResolver().resolve(name: "x", specJSON: atLimit) }
        }
    }

    @Test func engineServeAnswersAnErrorNamingTheField() throws {
        let server = EngineServer(engine: BuiltinEngine())
        let touches = [Touch(t: 0, id: 0, phase: .began, x: 4, y: 420), Touch(t: 0.1, id: 0, phase: .ended, x: 60, y: 420)]
        for (json, _, expected) in try Self.cases() {
            let request = EngineRequest(
                scenarioName: "nav.interactive-pop", scenarioSpecJSON: json, device: Self.device, refreshHz: 60, touches: touches, id: 1)
            guard case .error(let message) = server.answer(request) else {
                Issue.record("traced: \(expected)")
                continue
            }
            #expect(message.contains(expected), "\(message)")
        }
    }

    /// A stored spec is read back with `ScenarioSpec.decode(json:)` by every replay (`ReplayWorker`,
    /// `BaselineAcceptor`, the report's re-runs): the same limits hold there.
    @Test func aStoredSpecPastALimitIsNotReplayed() throws {
        let presented = ScenarioLimits.maxPresented + 1
        let json = try Self.spec { $0.hierarchy.presented = Self.names(presented, "P") }
        #expect(throws: DecodingError.self) { try ScenarioSpec.decode(json: json) }
    }
}
