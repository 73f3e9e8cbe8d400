import ReelTrace
import Testing

@testable import ReelEngine

@Suite struct DeterminismTests {
    func inputs() -> [(ScenarioSpec, [Touch])] {
        ScenarioCatalog.all.map { spec in
            switch spec.trigger.kind {
            case .tap: (spec, tapTouches())
            case .edgePan: (spec, drag(x0: 5, y0: 400, dx: 180, dy: 6, steps: 18))
            case .pan: (spec, drag(x0: 200, y0: 300, dx: 3, dy: 260, steps: 18))
            case .pinch:
                (
                    spec,
                    [
                        Touch(t: 0.1, id: 0, phase: .began, x: 100, y: 400), Touch(t: 0.1, id: 1, phase: .began, x: 300, y: 400),
                        Touch(t: 0.2, id: 0, phase: .moved, x: 160, y: 400), Touch(t: 0.2, id: 1, phase: .moved, x: 240, y: 400),
                        Touch(t: 0.3, id: 0, phase: .ended, x: 160, y: 400), Touch(t: 0.3, id: 1, phase: .ended, x: 240, y: 400),
                    ]
                )
            }
        }
    }

    @Test func sameInputsGiveIdenticalTracesInAnyOrderAndConcurrently() async throws {
        let engine = Engine()
        let cases = inputs()
        let reference = try cases.map { try engine.run(scenario: $0.0, device: .phone, refreshHz: 60, touches: $0.1) }
        let reversed = try cases.reversed().map { try engine.run(scenario: $0.0, device: .phone, refreshHz: 60, touches: $0.1) }
        #expect(Array(reversed.reversed()) == reference)
        let concurrent = try await withThrowingTaskGroup(of: (Int, Trace).self) { group in
            for round in 0..<4 {
                for (index, item) in cases.enumerated() where (index + round) % 2 == 0 || round > 1 {
                    group.addTask { (index, try engine.run(scenario: item.0, device: .phone, refreshHz: 60, touches: item.1)) }
                }
            }
            var results: [(Int, Trace)] = []
            for try await result in group { results.append(result) }
            return results
        }
        for (index, trace) in concurrent { #expect(trace == reference[index]) }
        #expect(reference.contains { !$0.frames.isEmpty && $0.outcome.completed })
    }

    @Test func identityFingerprintFollowsTheProfile() throws {
        let builtin = Engine().identity
        #expect(builtin.fingerprint.count == 16)
        #expect(builtin.fingerprint == Engine().identity.fingerprint)
        let changed = try EngineProfile.builtin.overriding([("swipe.threshold", .number(0.6))])
        #expect(Engine(profile: changed).identity.fingerprint != builtin.fingerprint)
        #expect(changed.value("swipe.threshold") == .number(0.6))
        #expect(throws: ProfileError.self) { try EngineProfile.builtin.overriding([("nope", .number(1))]) }
        #expect(throws: ProfileError.self) { try EngineProfile.builtin.overriding([("swipe.threshold", .string("x"))]) }
        #expect(EngineProfile.parameters.count == Set(EngineProfile.parameters.map(\.name)).count)
    }

    @Test func specsRoundTripThroughJSON() throws {
        for spec in ScenarioCatalog.all {
            #expect(try ScenarioSpec.decode(json: spec.canonicalJSON) == spec)
        }
        #expect(ScenarioCatalog.all.count >= 21)
    }
}
