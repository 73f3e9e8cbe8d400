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
/// zoomIn spring (0.5 s, damping 1) while A recedes to max((W - 104/3) / W, 0.8) and dims to 0.15.
@Suite struct SystemZoomPushTests {
    static let W = 390.0, H = 844.0
    /// D26's Swift `_UIZoomTransitionSpec` initializer (engine 0.7.0): recededBackgroundScaleDownPoints
    /// = 0x4041555555555555 (104 / 3), recededBackgroundMinScale = 0x3FE999999999999A (0.8),
    /// dimmingOpacity = 0x3FC3333333333333 (0.15).
    static let recedePoints = 104.0 / 3, recedeMinScale = 0.8, dimming = 0.15

    /// `_UIZoomTransitionSpec recededContentTransformFor:`: (W - points) / W, never below minScale.
    /// The two terms meet at W = (104 / 3) / 0.2 = 173.3 pt: 1 pt either side.
    @Test(arguments: [172.3, 174.3, 390.0])
    func theRecededScaleStopsAtItsMinimum(width: Double) {
        let expected = max((width - Self.recedePoints) / width, Self.recedeMinScale)
        #expect(expected == (width < 173.3 ? Self.recedeMinScale : (width - Self.recedePoints) / width))
        #expect(Animators.zoomRecededScale(width: width, profile: .builtin) == expected)
    }

    /// The same frames whether B is pushed (zoom.push) or presented full screen (zoom.present).
    @Test(arguments: ["zoom.push", "zoom.present"], [60.0, 120.0])
    func framesAtStartMiddleAndEnd(scenario: String, hz: Double) throws {
        let trace = try runCatalog(scenario, touches: tapTouches(), hz: hz)
        #expect(trace.outcome.completed)
        let start = try #require(trace.events.first { $0.kind == "gesture" && $0.detail == "recognized" }).t
        let receded = max((Self.W - Self.recedePoints) / Self.W, Self.recedeMinScale)
        let frames = trace.frames
        for frame in [frames[0], frames[frames.count / 3], frames[frames.count - 1]] {
            // The completing tick (within 1e-9 s of the end) shows the end state.
            let f = frame.index == frames.count - 1 ? 1 : criticalSpring(duration: 0.5, t: frame.t - start)
            let b = try zoomView(frame, "B.view")
            #expect(abs(b.x - 20 * (1 - f)) < 1e-9 && abs(b.y - 200 * (1 - f)) < 1e-9)
            #expect(abs(b.w - (100 + (Self.W - 100) * f)) < 1e-9 && abs(b.h - (100 + (Self.H - 100) * f)) < 1e-9)
            let a = try zoomView(frame, "A.view")
            #expect(abs(a.transform.a - (1 + (receded - 1) * f)) < 1e-9 && abs(a.transform.d - a.transform.a) < 1e-12)
            #expect(abs(try zoomView(frame, "dimming").alpha - Self.dimming * f) < 1e-9)
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
