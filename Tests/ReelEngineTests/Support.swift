import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// A tap at (x, y) landing at `t`, lifting 0.1 s later.
func tapTouches(at t: Double = 0.1, x: Double = 200, y: Double = 400) -> [Touch] {
    [Touch(t: t, id: 0, phase: .began, x: x, y: y), Touch(t: t + 0.1, id: 0, phase: .ended, x: x, y: y)]
}

/// Runs a catalog scenario on the default phone at 60 Hz.
func runCatalog(_ name: String, touches: [Touch], device: Device = .phone, hz: Double = 60, profile: EngineProfile = .builtin) throws
    -> Trace
{
    let spec = try #require(ScenarioCatalog.named(name))
    return try Engine(profile: profile).run(scenario: spec, device: device, refreshHz: hz, touches: touches)
}

func view(_ frame: Frame, _ key: String) -> ViewState? { frame.views.first { $0.key == key } }

/// The events of one kind set, as "subject.detail" strings.
func calls(_ trace: Trace, kinds: Set<String> = ["lifecycle"]) -> [String] {
    trace.events.filter { kinds.contains($0.kind) }.map { "\($0.subject).\($0.detail)" }
}

/// UIKit's cubic bezier evaluated independently: bisection on x(s).
func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
    func cubic(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<100 {
        let mid = (low + high) / 2
        if cubic(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return cubic(y1, y2, (low + high) / 2)
}

/// Progress of an underdamped spring from 0 toward 1 (x0 = -1), closed form written out here.
func underdampedSpring(zeta: Double, omega: Double, v0: Double, t: Double) -> Double {
    let wd = omega * (1 - zeta * zeta).squareRoot()
    return 1 + exp(-zeta * omega * t) * (-cos(wd * t) + (v0 - zeta * omega) / wd * sin(wd * t))
}

/// The natural frequency of a UIView spring (docs/SOURCES.md / docs/ENGINE.md mapping): the same
/// spring released from rest settles to `epsilon` exactly at `duration`. Found by scanning the
/// w0 = 1 spring for the last time |x| >= epsilon (steps of 1 ms, then bisection); settling
/// time scales as 1 / w0.
func uiViewSpringOmega(duration: Double, zeta: Double, epsilon: Double = 0.001) -> Double {
    func exceeds(_ t: Double) -> Bool { abs(1 - underdampedSpring(zeta: zeta, omega: 1, v0: 0, t: t)) >= epsilon }
    var last = 0.0
    for step in 0..<200_000 where exceeds(Double(step) / 1000) { last = Double(step) / 1000 }
    var low = last
    var high = last + 0.001
    for _ in 0..<60 {
        let mid = (low + high) / 2
        if exceeds(mid) { low = mid } else { high = mid }
    }
    return low / duration
}

/// The back recognizers' travel lost at `.began` (engine 0.7.0): the recognizer begins at the first
/// move `beginsAt` points in (15 at the edge, 30 from the content) and `featureDidChangeState:`
/// removes its `_hysteresis` (`_UIParallaxTransitionPanGestureRecognizer _shouldTryToBeginWithEvent:`:
/// `_setHysteresis:15.0` / `30.0`, the same number) from the previous event's translation, which is
/// shorter than that: all of it. So the travel lost is the finger's travel at the previous move
/// (x only; `finger`'s lines; travel measured from where it landed, in the +x direction).
func travelLostAtBegan(_ touches: [Touch], finger: Int = 0, beginsAt h: Double) -> Double {
    guard let landing = touches.first(where: { $0.id == finger && $0.phase == .began }) else { return .nan }
    var previous = 0.0
    for touch in touches where touch.id == finger && touch.phase == .moved {
        let travel = touch.x - landing.x
        if travel >= h { return previous }
        previous = travel
    }
    return .nan
}
