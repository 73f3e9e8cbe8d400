import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// The transition's clock: the profile's curve-7 spring as a completion curve, and clock.max_duration.
@Suite struct ClockTests {
    /// CASpringAnimation(mass 3, stiffness 1000, damping 500) from rest, written out here:
    /// overdamped, x = c1 e^(r1 t) + c2 e^(r2 t), x0 = -1.
    static func curve7Displacement(_ t: Double) -> Double {
        let w0 = (1000.0 / 3).squareRoot()
        let zeta = 500 / (2 * (1000.0 * 3).squareRoot())
        let r1 = -zeta * w0 + w0 * (zeta * zeta - 1).squareRoot()
        let r2 = -zeta * w0 - w0 * (zeta * zeta - 1).squareRoot()
        let c1 = (0 - r2 * -1.0) / (r1 - r2)
        let c2 = -1.0 - c1
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    @Test func systemSpringCompletionRunsUntilItSettles() throws {
        let profile = try EngineProfile.builtin.overriding([("interactive.completion_curve", .string("systemSpring"))])
        let touches = drag(x0: 200, y0: 300, dx: 0, dy: 300, steps: 20)
        let release = touches.last!.t
        let p = (300.0 - 10) / 400
        // Settled: |x| < 0.001 for good (x is monotone here), found by bisection.
        var low = 0.0
        var high = 20.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if abs(Self.curve7Displacement(mid)) >= 0.001 { low = mid } else { high = mid }
        }
        #expect(low > 3 && low < 4)  // far beyond the 0.4 s transition: a physical spring ignores durations
        let trace = try runCatalog("modal.swipe-dismiss", touches: touches, profile: profile)
        #expect(trace.outcome.completed)
        #expect(abs(trace.outcome.t - ((release + low) * 60 - 1e-6).rounded(.up) / 60) < 1e-9)
        for frame in trace.frames where frame.t > release && frame.t < release + low {
            let expected = p + (1 - p) * (1 + Self.curve7Displacement(frame.t - release))
            #expect(abs(frame.progress - expected) < 1e-9, "at t = \(frame.t)")
        }
    }

    @Test func maxDurationStopsTheClock() throws {
        let profile = try EngineProfile.builtin.overriding([("clock.max_duration", .number(0.2))])
        let trace = try runCatalog("nav.push", touches: tapTouches(), profile: profile)
        // The 0.35 s push began at 0.2 s; the clock stops it at 0.4 s, at its end state.
        #expect(trace.outcome.completed)
        #expect(abs(trace.outcome.t - 0.4) < 1e-9)
        #expect(view(try #require(trace.frames.last), "B.view")?.x == 0)
    }
}
