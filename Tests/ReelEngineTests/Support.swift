import Testing
import ReelTrace
@testable import ReelEngine

/// A tap at (x, y) landing at `t`, lifting 0.1 s later.
func tapTouches(at t: Double = 0.1, x: Double = 200, y: Double = 400) -> [Touch] {
    [Touch(t: t, id: 0, phase: .began, x: x, y: y), Touch(t: t + 0.1, id: 0, phase: .ended, x: x, y: y)]
}

/// Runs a catalog scenario on the default phone at 60 Hz.
func runCatalog(_ name: String, touches: [Touch], device: Device = .phone, hz: Double = 60, profile: EngineProfile = .builtin) throws -> Trace {
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
    var low = 0.0, high = 1.0
    for _ in 0..<100 {
        let mid = (low + high) / 2
        if cubic(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return cubic(y1, y2, (low + high) / 2)
}
