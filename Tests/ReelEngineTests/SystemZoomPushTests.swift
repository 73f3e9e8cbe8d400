import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// A critically damped UIView spring of `duration` released from rest, written out here:
/// 1 - (1 + w t) e^(-w t), with w such that (1 + w d) e^(-w d) = 0.001 (it settles to
/// `spring.settle_epsilon` exactly at its duration d).
func criticalSpring(duration: Double, t: Double) -> Double {
    var low = 0.0
    var high = 100.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if (1 + mid) * exp(-mid) > 0.001 { low = mid } else { high = mid }
    }
    let w = low / duration
    return t >= duration ? 1 : 1 - (1 + w * t) * exp(-w * t)
}

/// A view of a frame, or a test failure.
func zoomView(_ frame: Frame, _ key: String) throws -> ViewState {
    try #require(view(frame, key))
}

/// `zoom.push`: the iOS 18 zoom transition's push (docs/ENGINE.md, "System zoom transition
/// (iOS 18)"): B grows from the source view's frame (20, 200, 100 x 100) to full screen on the
/// zoomIn spring (0.5 s, damping 1) while A recedes to max((W - 20) / W, 0.9) and dims to 0.1.
@Suite struct SystemZoomPushTests {
    static let W = 390.0, H = 844.0

    /// `_UIZoomTransitionSpec recededContentTransformFor:`: (W - points) / W, never below minScale.
    @Test(arguments: [190.0, 200.0, 210.0])
    func theRecededScaleStopsAtItsMinimum(width: Double) {
        let expected = max((width - 20) / width, 0.9)
        #expect(expected == (width < 200 ? 0.9 : (width - 20) / width))
        #expect(Animators.zoomRecededScale(width: width, profile: .builtin) == expected)
    }

    /// The same frames whether B is pushed (zoom.push) or presented full screen (zoom.present).
    @Test(arguments: ["zoom.push", "zoom.present"], [60.0, 120.0])
    func framesAtStartMiddleAndEnd(scenario: String, hz: Double) throws {
        let trace = try runCatalog(scenario, touches: tapTouches(), hz: hz)
        #expect(trace.outcome.completed)
        let start = try #require(trace.events.first { $0.kind == "gesture" && $0.detail == "recognized" }).t
        let receded = max((Self.W - 20) / Self.W, 0.9)
        let frames = trace.frames
        for frame in [frames[0], frames[frames.count / 3], frames[frames.count - 1]] {
            // The completing tick (within 1e-9 s of the end) shows the end state.
            let f = frame.index == frames.count - 1 ? 1 : criticalSpring(duration: 0.5, t: frame.t - start)
            let b = try zoomView(frame, "B.view")
            #expect(abs(b.x - 20 * (1 - f)) < 1e-9 && abs(b.y - 200 * (1 - f)) < 1e-9)
            #expect(abs(b.w - (100 + (Self.W - 100) * f)) < 1e-9 && abs(b.h - (100 + (Self.H - 100) * f)) < 1e-9)
            let a = try zoomView(frame, "A.view")
            #expect(abs(a.transform.a - (1 + (receded - 1) * f)) < 1e-9 && abs(a.transform.d - a.transform.a) < 1e-12)
            #expect(abs(try zoomView(frame, "dimming").alpha - 0.1 * f) < 1e-9)
            #expect(frame.views.map(\.key) == ["A.view", "dimming", "B.view"])
        }
        #expect(frames[0].t >= start && frames[0].t - start < 1 / hz)
        let last = frames[frames.count - 1]
        #expect(last.t >= start + 0.5 - 1e-9 && last.t - start < 0.5 + 1 / hz)
        #expect(trace.outcome.hierarchy.contains(#""views":["B.view"]"#))
    }

    @Test func theSourceFrameIsAParameter() throws {
        let moved = try EngineProfile.builtin.overriding([
            ("systemzoom.source_x", .number(50)), ("systemzoom.source_y", .number(500)),
            ("systemzoom.source_width", .number(160)), ("systemzoom.source_height", .number(90)),
        ])
        let trace = try runCatalog("zoom.push", touches: tapTouches(), profile: moved)
        let first = try #require(trace.frames.first)
        let b = try zoomView(first, "B.view")
        let f = criticalSpring(duration: 0.5, t: first.t - 0.2)
        #expect(abs(b.x - (50 - 50 * f)) < 1e-9 && abs(b.y - (500 - 500 * f)) < 1e-9)
        #expect(abs(b.w - (160 + (Self.W - 160) * f)) < 1e-9 && abs(b.h - (90 + (Self.H - 90) * f)) < 1e-9)
    }
}
