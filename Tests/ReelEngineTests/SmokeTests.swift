import ReelTrace
import Testing

@testable import ReelEngine

@Suite struct SmokeTests {
    @Test func everyTapScenarioRuns() throws {
        for spec in ScenarioCatalog.all where spec.trigger.kind == .tap {
            let trace = try Engine().run(scenario: spec, device: .phone, refreshHz: 60, touches: tapTouches())
            #expect(trace.outcome.completed, "\(spec.name)")
            #expect(!trace.frames.isEmpty, "\(spec.name)")
        }
    }
}
