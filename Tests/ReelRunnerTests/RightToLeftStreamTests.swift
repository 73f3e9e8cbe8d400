import ReelEngine
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner
@testable import ReelSynth

/// A right-to-left scenario travels in a gesture stream as an inline spec with
/// `layoutDirection`; the synthesizer starts its back-swipes at the right edge.
@Suite struct RightToLeftStreamTests {
    static func rightToLeftPop() throws -> ScenarioSpec {
        var spec = try #require(ScenarioCatalog.named("nav.interactive-pop"))
        spec.layoutDirection = .rightToLeft
        return spec
    }

    /// Starts within the 13 pt edge region measured from the right edge, and the recognizer begins
    /// as often as for the left-to-right scenario's synthesized swipes (same seed: the same
    /// strokes, mirrored).
    @Test(arguments: [60.0, 120.0])
    func synthesizedBackSwipesStartAtTheRightEdge(hz: Double) throws {
        let rtl = try Self.rightToLeftPop()
        let ltr = try #require(ScenarioCatalog.named("nav.interactive-pop"))
        func began(_ spec: ScenarioSpec) throws -> Int {
            try GestureSynthesizer(scenario: spec, device: .phone, refreshHz: hz, seed: 11).sessions(count: 24).filter { session in
                let trace = try Engine().run(scenario: spec, device: .phone, refreshHz: hz, touches: session.touches)
                return trace.events.contains { $0.kind == "gesture" && $0.detail == "began" }
            }.count
        }
        for session in GestureSynthesizer(scenario: rtl, device: .phone, refreshHz: hz, seed: 11).sessions(count: 24) {
            #expect(Device.phone.width - (try #require(session.touches.first)).x <= 13)
        }
        let count = try began(rtl)
        #expect(count > 12)
        #expect(count == (try began(ltr)))
    }

    @Test func anInlineSpecCarriesTheField() throws {
        let line = #"{"type":"session","scenario":\#(try Self.rightToLeftPop().canonicalJSON)}"#
        let sessions = try Array(GestureStreamReader(text: line + "\n", name: "rtl")).map { try $0.get() }
        let session = try #require(sessions.first)
        let spec = try ScenarioResolver().resolve(session)
        #expect(spec.layoutDirection == .rightToLeft)
        // Without the field a catalog scenario's stored spec, and so its sessions' content hashes, are unchanged.
        let catalog = try #require(ScenarioCatalog.named("nav.interactive-pop"))
        #expect(
            SessionHash.hash(specJSON: catalog.canonicalJSON, device: .phone, refreshHz: 60, touches: [])
                != SessionHash.hash(specJSON: spec.canonicalJSON, device: .phone, refreshHz: 60, touches: []))
        #expect(!catalog.canonicalJSON.contains("layoutDirection"))
    }
}
