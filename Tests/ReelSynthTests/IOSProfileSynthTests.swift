import ReelEngine
import ReelSynth
import ReelTrace
import Testing

/// `reel synth` for the iOS 26 navigation scenarios: the gestures straddle their boundaries, so a
/// corpus covers both outcomes under uikit-ios26.
@Suite("iOS 26 synthesized gestures")
struct IOSProfileSynthTests {
    static let ios26 = EngineProfile.preset(named: "uikit-ios26")!

    static func traces(_ name: String, count: Int) throws -> [(session: GestureSession, trace: Trace)] {
        let spec = try #require(ScenarioCatalog.named(name))
        let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: 60, seed: 9)
        return try (0..<count).map { index in
            let session = synthesizer.session(index: index)
            return (session, try Engine(profile: Self.ios26).run(scenario: spec, device: .phone, refreshHz: 60, touches: session.touches))
        }
    }

    /// A tap, then an edge swipe (finger 1) landing 1 ms to 0.45 s after the tap's lift: before and
    /// after the 0.35 s push has ended. Caught pushes end both ways.
    @Test func interruptPushCatchesLandBeforeAndAfterThePushEnds() throws {
        let runs = try Self.traces("nav.interrupt-push", count: 48)
        var early = 0
        var late = 0
        for (session, _) in runs {
            let lift = try #require(session.touches.first { $0.id == 0 && $0.phase == .ended })
            let landing = try #require(session.touches.first { $0.id == 1 && $0.phase == .began })
            #expect(landing.x < 13, "the swipe lands in the edge region")
            if landing.t - lift.t < 0.35 { early += 1 } else { late += 1 }
        }
        #expect(early > 0 && late > 0)
        let caught = runs.filter { $0.trace.events.contains { $0.detail == "pauseInteractiveTransition" } }
        #expect(!caught.isEmpty && caught.count < runs.count)
        #expect(caught.contains { $0.trace.outcome.completed } && caught.contains { !$0.trace.outcome.completed })
    }

    /// Content swipes start in the content (outside the edge region) and release across the pop's boundary.
    @Test func contentSwipesPopAndCancel() throws {
        let runs = try Self.traces("nav.content-swipe-pop", count: 48)
        #expect(runs.allSatisfy { $0.session.touches[0].x > 13 })
        #expect(runs.contains { $0.trace.outcome.completed } && runs.contains { !$0.trace.outcome.completed && !$0.trace.frames.isEmpty })
    }
}
