import ReelTrace
import Testing

@testable import ReelEngine

/// Core Animation clamps opacity to 0...1 when it renders, so stored frames do too
/// (`render.clamp_alpha`); the model value may overshoot on a spring.
@Suite struct AlphaClampTests {
    /// Seed 001's spring (damping 0.55, initial velocity 1 / 0.55, 0.5 s), evaluated independently.
    static func zoomSpring(_ tau: Double) -> Double {
        underdampedSpring(zeta: 0.55, omega: uiViewSpringOmega(duration: 0.5, zeta: 0.55), v0: 1 / 0.55, t: tau)
    }

    static func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }

    @Test(arguments: [60.0, 120.0])
    func noStoredAlphaLeavesZeroToOneInAnyCatalogScenario(hz: Double) throws {
        let pad = Device(width: 1024, height: 1366, scale: 2)
        var frames = 0
        for (spec, touches) in DeterminismTests().inputs() {
            for device in [Device.phone, pad] {
                let trace = try Engine().run(scenario: spec, device: device, refreshHz: hz, touches: touches)
                frames += trace.frames.count
                for frame in trace.frames {
                    for state in frame.views {
                        #expect((0...1).contains(state.alpha), "\(spec.name) \(state.key) at \(frame.t): \(state.alpha)")
                    }
                }
            }
        }
        #expect(frames > 1000)
    }

    /// The zoom push fades B in on the spring: alpha = clamp(s(tau)), 1 while the spring overshoots.
    @Test(arguments: [60.0, 120.0])
    func zoomPushOvershootShowsAsOne(hz: Double) throws {
        let trace = try runCatalog("nav.push-zoom", touches: tapTouches(), hz: hz)
        var overshoots = 0
        // Every frame but the completing one, which shows the end state (alpha 1).
        #expect(view(try #require(trace.frames.last), "B.view")?.alpha == 1)
        for frame in trace.frames.dropLast() {
            let s = Self.zoomSpring(frame.t - 0.2)
            if s > 1 { overshoots += 1 }
            #expect(abs(try #require(view(frame, "B.view")).alpha - Self.clamp(s)) < 1e-9, "at \(frame.t)")
        }
        #expect(overshoots > 3)
        // The legacy value stores the overshoot (engine 0.3.0).
        let legacy = try EngineProfile.builtin.overriding([("render.clamp_alpha", .bool(false))])
        let raw = try runCatalog("nav.push-zoom", touches: tapTouches(), hz: hz, profile: legacy)
        #expect(raw.frames.contains { (view($0, "B.view")?.alpha ?? 0) > 1 })
    }

    /// The zoom pop fades B out on the spring: alpha = clamp(1 - s(tau)), 0 while it overshoots.
    @Test func zoomPopOvershootShowsAsZero() throws {
        let trace = try runCatalog("nav.pop-zoom", touches: tapTouches())
        #expect(trace.frames.contains { Self.zoomSpring($0.t - 0.2) > 1 && view($0, "B.view")?.alpha == 0 })
        #expect(view(try #require(trace.frames.last), "B.view")?.alpha == 0)
        for frame in trace.frames.dropLast() {
            #expect(abs(try #require(view(frame, "B.view")).alpha - Self.clamp(1 - Self.zoomSpring(frame.t - 0.2))) < 1e-9)
        }
    }
}
