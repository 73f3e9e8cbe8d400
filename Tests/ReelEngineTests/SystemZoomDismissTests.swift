import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// The iOS 18 zoom transition's interactive dismissal (`zoom.dismiss-drag`, `-pinch`, `-edge`;
/// docs/ENGINE.md, "System zoom transition (iOS 18)"). The rule, with the built-in values:
/// progress p = clamp(travel / 400) for a drag (ty) or edge swipe (tx), clamp((1 - scale) / 0.5)
/// for a pinch; the view moves with the finger and scales to 1 - 0.5 p; at release it dismisses
/// iff p + (v / 1000) d / (1 - d) / extent > 0.25 (d = 0.998, extent 400 pt or 0.5 of scale),
/// then springs to the source frame (0.41 s, damping 0.92) or back (0.5 s, damping 1).
/// Engine 0.7.0 decides by `_UIDismissInteraction`'s own end rule (`ZoomEndRuleTests`); its
/// boundaries at rest are the same as this rule's, and the two tests whose boundary moved (the
/// velocity and the cancelled drag) check this rule under `legacy-0.6`.
@Suite struct SystemZoomDismissTests {
    static let legacy = EngineProfile.preset(named: "legacy-0.6")!
    static let W = 390.0, H = 844.0
    static let source = (x: 20.0, y: 200.0, w: 100.0, h: 100.0)

    /// One finger from (x0, y0) moving by (dx, dy) in `steps` frames, resting for `hold` frames
    /// (moves to the same point: the velocity becomes 0), then lifting (or cancelled).
    func moveHoldLift(
        x0: Double = 200, y0: Double = 300, dx: Double = 0, dy: Double = 0, steps: Int = 20, hold: Int = 3,
        lift: TouchPhase = .ended
    ) -> [Touch] {
        var touches = drag(x0: x0, y0: y0, dx: dx, dy: dy, steps: steps)
        let end = touches.removeLast()
        for step in 1...max(hold, 1) where hold > 0 {
            touches.append(Touch(t: end.t + Double(step) / 60, id: 0, phase: .moved, x: end.x, y: end.y))
        }
        touches.append(Touch(t: touches.last!.t, id: 0, phase: lift, x: end.x, y: end.y))
        return touches
    }

    /// The projection rule with the built-in values.
    func dismisses(progress p: Double, velocity v: Double, extent: Double) -> Bool {
        p + v / 1000 * 0.998 / (1 - 0.998) / extent > 0.25
    }

    // A drag at rest when it lifts: p = (dy - 10) / 400 (the pan's 10 pt hysteresis removed);
    // dismiss iff p > 0.25, i.e. dy > 110.
    // The same rule dismisses a zoom-presented B (zoom.dismiss-presented).
    @Test(arguments: ["zoom.dismiss-drag", "zoom.dismiss-presented"], [108.0, 112.0])
    func dragDistanceBoundary(scenario: String, dy: Double) throws {
        let expected = dismisses(progress: (dy - 10) / 400, velocity: 0, extent: 400)
        #expect(expected == (dy > 110))
        let trace = try runCatalog(scenario, touches: moveHoldLift(dy: dy))
        #expect(trace.outcome.completed == expected)
        #expect(trace.events.contains { $0.detail == (expected ? "finishInteractiveTransition" : "cancelInteractiveTransition") })
    }

    // A steady drag of 60 pt lifted while moving at v: p = 50 / 400; the boundary speed is
    // (0.25 - 0.125) x 400 / 499 = 100.2 pt/s.
    @Test(arguments: ["zoom.dismiss-drag", "zoom.dismiss-presented"], [95.0, 106.0])
    func dragVelocityBoundary(scenario: String, speed: Double) throws {
        let expected = dismisses(progress: 50.0 / 400, velocity: speed, extent: 400)
        #expect(expected == (speed > 100.2))
        let trace = try runCatalog(scenario, touches: steadyDrag(x0: 200, y0: 300, dy: 60, speed: speed), profile: Self.legacy)
        #expect(trace.outcome.completed == expected)
    }

    // A pinch from 200 pt apart to 200 e, at rest when it lifts: the pinch begins past 8 pt, its
    // initial distance moved 8 pt towards the fingers (192), so scale = 200 e / 192;
    // p = (1 - scale) / 0.5, dismiss iff p > 0.25 (scale < 0.875, e < 0.84).
    @Test(arguments: [0.83, 0.85])
    func pinchDistanceBoundary(endScale: Double) throws {
        let scale = 200 * endScale / 192
        let p = (1 - scale) / 0.5
        let expected = dismisses(progress: p, velocity: 0, extent: 0.5)
        #expect(expected == (endScale < 0.84))
        var touches = pinch(endScale: endScale)
        let lifts = Array(touches.suffix(2))
        touches.removeLast(2)
        let end = lifts[0].t
        for step in 1...3 {
            for lift in lifts { touches.append(Touch(t: end + Double(step) / 60, id: lift.id, phase: .moved, x: lift.x, y: lift.y)) }
        }
        for lift in lifts { touches.append(Touch(t: end + 3.0 / 60, id: lift.id, phase: .ended, x: lift.x, y: lift.y)) }
        let trace = try runCatalog("zoom.dismiss-pinch", touches: touches)
        #expect(trace.outcome.completed == expected)
        // While the fingers rest, the view is scaled to 1 - 0.5 p about its center (the pinch's
        // centroid does not move: no translation).
        let resting = try #require(trace.frames.last { $0.t > end && $0.t < end + 3.0 / 60 })
        let b = try zoomView(resting, "B.view")
        #expect(abs(b.transform.a - (1 - 0.5 * p)) < 1e-9 && abs(b.transform.tx) < 1e-9 && abs(b.transform.ty) < 1e-9)
        #expect(abs(resting.progress - p) < 1e-9)
    }

    // An edge swipe at rest when it lifts: p = (dx - 10) / 400 (the edge pan begins 15 pt in, the
    // pan's 10 pt removed); dismiss iff dx > 110.
    @Test(arguments: [108.0, 112.0])
    func edgeDistanceBoundary(dx: Double) throws {
        let expected = dismisses(progress: (dx - 10) / 400, velocity: 0, extent: 400)
        #expect(expected == (dx > 110))
        let trace = try runCatalog("zoom.dismiss-edge", touches: moveHoldLift(x0: 5, y0: 400, dx: dx, steps: 10))
        #expect(trace.outcome.completed == expected)
    }

    // interactiveDismissShouldBegin returning false: the drag never begins, nothing moves.
    @Test(arguments: [true, false])
    func interactiveDismissShouldBegin(allowed: Bool) throws {
        let profile = try EngineProfile.builtin.overriding([("systemzoom.dismiss_allowed", .bool(allowed))])
        let trace = try runCatalog("zoom.dismiss-drag", touches: moveHoldLift(dy: 200), profile: profile)
        #expect(trace.outcome.completed == allowed)
        #expect(trace.frames.isEmpty == !allowed)
        #expect(trace.events.contains { $0.kind == "gesture" && $0.detail == "failed" } == !allowed)
    }

    // Every sub-interaction can be refused, under UIKit's event model and engine 0.3's
    // (legacy-0.3: one touch line at a time); allowed, each of these gestures dismisses.
    @Test(arguments: ["builtin", "legacy-0.3"])
    func everySubInteractionCanBeRefused(preset: String) throws {
        let base = try #require(preset == "builtin" ? EngineProfile.builtin : EngineProfile.preset(named: preset))
        let gestures = [
            ("zoom.dismiss-drag", moveHoldLift(dy: 200)), ("zoom.dismiss-pinch", pinch(endScale: 0.6)),
            ("zoom.dismiss-edge", moveHoldLift(x0: 5, y0: 400, dx: 200, steps: 10)),
        ]
        for allowed in [true, false] {
            let profile = try base.overriding([("systemzoom.dismiss_allowed", .bool(allowed))])
            for (name, touches) in gestures {
                let trace = try runCatalog(name, touches: touches, profile: profile)
                #expect(trace.outcome.completed == allowed, "\(preset) \(name) allowed \(allowed)")
                #expect(trace.frames.isEmpty == !allowed, "\(preset) \(name) allowed \(allowed)")
            }
        }
    }

    // The swipe-down sub-interaction begins only on a downward, mostly vertical movement.
    @Test(arguments: [(0.0, -200.0), (200.0, 60.0), (60.0, 200.0)])
    func theDragMustStartDownwards(dx: Double, dy: Double) throws {
        let begins = dy > 0 && dy >= abs(dx)
        let trace = try runCatalog("zoom.dismiss-drag", touches: moveHoldLift(dx: dx, dy: dy))
        #expect(trace.frames.isEmpty == !begins)
    }

    // Touches cancelled past the threshold: under 0.6.0's rule the view springs back (0.7.0 decides
    // a cancelled gesture by the same rule as a lift: `ZoomEndRuleTests.dragAtRest`).
    @Test func aCancelledDragSpringsBack() throws {
        let trace = try runCatalog("zoom.dismiss-drag", touches: moveHoldLift(dy: 200, lift: .cancelled), profile: Self.legacy)
        #expect(!trace.outcome.completed)
        let last = try #require(trace.frames.last)
        let b = try zoomView(last, "B.view")
        #expect(b.x == 0 && b.y == 0 && b.w == Self.W && b.h == Self.H && b.transform.a == 1 && b.transform.ty == 0)
    }

    /// Frames of a 200 pt drag held still and lifted: following the finger, half-way through the
    /// zoomOut spring, and at the source view's frame at the end.
    @Test(arguments: [60.0, 120.0])
    func dismissalFramesAtStartMiddleAndEnd(hz: Double) throws {
        let touches = moveHoldLift(dy: 200)
        let lift = touches.last!.t
        let trace = try runCatalog("zoom.dismiss-drag", touches: touches, hz: hz)
        #expect(trace.outcome.completed)
        let ty = 190.0
        let p = ty / 400
        let scale = 1 - 0.5 * p
        let receded = max((Self.W - SystemZoomPushTests.recedePoints) / Self.W, SystemZoomPushTests.recedeMinScale)
        // Start: the finger holds the view (a frame while it rests).
        let held = try #require(trace.frames.last { $0.t < lift })
        let b0 = try zoomView(held, "B.view")
        #expect(b0.x == 0 && b0.y == 0 && b0.w == Self.W && b0.h == Self.H)
        #expect(abs(b0.transform.a - scale) < 1e-12 && abs(b0.transform.ty - ty) < 1e-12 && b0.transform.tx == 0)
        #expect(abs(try zoomView(held, "dimming").alpha - SystemZoomPushTests.dimming * (1 - p)) < 1e-12)
        #expect(abs(try zoomView(held, "A.view").transform.a - (receded + (1 - receded) * p)) < 1e-12)
        // Middle: released look -> source frame along the zoomOut spring g; the dimming follows
        // the transition's progress p + (1 - p) g on the same spring.
        let omega = uiViewSpringOmega(duration: 0.41, zeta: 0.92)
        let after = trace.frames.filter { $0.t > lift }
        let middle = after[after.count / 2]
        let g = underdampedSpring(zeta: 0.92, omega: omega, v0: 0, t: middle.t - lift)
        let b1 = try zoomView(middle, "B.view")
        #expect(abs(b1.x - Self.source.x * g) < 1e-6 && abs(b1.y - Self.source.y * g) < 1e-6)
        #expect(abs(b1.w - (Self.W + (Self.source.w - Self.W) * g)) < 1e-6)
        #expect(abs(b1.h - (Self.H + (Self.source.h - Self.H) * g)) < 1e-6)
        #expect(abs(b1.transform.a - (scale + (1 - scale) * g)) < 1e-6 && abs(b1.transform.ty - ty * (1 - g)) < 1e-6)
        #expect(abs(try zoomView(middle, "dimming").alpha - SystemZoomPushTests.dimming * (1 - (p + (1 - p) * g))) < 1e-6)
        // End: the view sits on the source view's frame, untransformed; then only A is left.
        let last = try #require(trace.frames.last)
        let b2 = try zoomView(last, "B.view")
        #expect(b2.x == Self.source.x && b2.y == Self.source.y && b2.w == Self.source.w && b2.h == Self.source.h)
        #expect(b2.transform.a == 1 && b2.transform.ty == 0)
        #expect(last.t >= lift + 0.41 - 1e-9 && last.t < lift + 0.41 + 1 / hz)
        #expect(trace.outcome.hierarchy.contains(#""views":["A.view"]"#))
    }

    // The cancel springs back on cancelInteractive (0.5 s, damping 1), from where the finger left it.
    @Test func theSpringBackFollowsCancelInteractive() throws {
        let touches = moveHoldLift(dy: 100)
        let lift = touches.last!.t
        let trace = try runCatalog("zoom.dismiss-drag", touches: touches)
        #expect(!trace.outcome.completed)
        let ty = 90.0
        let scale = 1 - 0.5 * ty / 400
        let after = trace.frames.filter { $0.t > lift }
        let middle = after[after.count / 2]
        let g = criticalSpring(duration: 0.5, t: middle.t - lift)
        let b = try zoomView(middle, "B.view")
        #expect(abs(b.transform.ty - ty * (1 - g)) < 1e-9 && abs(b.transform.a - (scale + (1 - scale) * g)) < 1e-9)
        let end = try #require(after.last)
        #expect(end.t - lift < 0.5 + 1.0 / 60)
    }
}
