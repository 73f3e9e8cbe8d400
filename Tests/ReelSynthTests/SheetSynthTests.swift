import ReelEngine
import ReelTrace
import Testing

@testable import ReelSynth

/// `reel synth` covers the sheet detent scenarios, each on both sides of its decision: the
/// detents' medium/large boundary (up), the modal sheet's refused dismissal, the scroll hand-off's
/// dismissal after 300 pt of content.
@Suite struct SheetSynthTests {
    /// The engine's outcomes for `count` synthesized sessions of a catalog scenario.
    static func run(_ name: String, count: Int = 60, hz: Double = 60) throws -> [Trace] {
        let spec = try #require(ScenarioCatalog.named(name))
        let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: hz, seed: 11)
        return try synthesizer.sessions(count: count).map {
            try Engine().run(scenario: spec, device: .phone, refreshHz: hz, touches: $0.touches)
        }
    }

    static func restsAtLarge(_ trace: Trace) -> Bool {
        trace.events.contains { $0.detail == "sheetPresentationControllerDidChangeSelectedDetentIdentifier(large)" }
    }

    @Test(arguments: [60.0, 120.0])
    func detentsStraddleTheMediumLargeBoundary(hz: Double) throws {
        let traces = try Self.run("sheet.detents", hz: hz)
        let large = traces.filter(Self.restsAtLarge).count
        #expect(large > 5 && large < traces.count - 5)
    }

    @Test func theModalSheetIsAttemptedAndNeverDismissed() throws {
        let traces = try Self.run("sheet.detents-modal")
        let attempts = traces.filter { $0.events.contains { $0.detail == "presentationControllerDidAttemptToDismiss" } }.count
        #expect(attempts > 5 && attempts < traces.count - 5)
        #expect(!traces.contains { $0.outcome.completed })
    }

    @Test func scrollHandOffStraddlesTheDismissal() throws {
        let traces = try Self.run("sheet.scroll-handoff")
        let dismissed = traces.filter(\.outcome.completed).count
        let moved = traces.filter { $0.events.contains { $0.detail == "sheetInteractionDraggingBegan(scroll)" } }.count
        #expect(dismissed > 5 && dismissed < traces.count - 5)
        #expect(moved > dismissed && moved < traces.count)
    }
}
