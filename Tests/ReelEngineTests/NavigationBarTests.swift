import ReelTrace
import Testing

@testable import ReelEngine

/// The navigation bar refuses back-swipe touches (docs/ENGINE.md "Navigation bar"; D26
/// `_UINavigationInteractiveTransition gestureRecognizer:shouldReceiveTouch:` tests
/// CGRectContainsPoint(bar.bounds, touch location)). Expected geometry from the published rule:
/// the bar's frame is y = safe area top (47 pt on the 390 x 844 phone), 44 pt tall.
@Suite struct NavigationBarTests {
    static let barTop = 47.0
    static let barBottom = 47.0 + 44.0

    /// A left-edge swipe from (5, y): 200 pt right in 0.2 s (1000 pt/s), sampled at `hz`, lifted
    /// moving. It pops by every published back-swipe rule: p = (200 - 15) / 390 = 0.47 at
    /// 2.56 widths/s, so p + v T > 0.48 and v > 0.
    static func swipe(y: Double, hz: Double, x0: Double = 5) -> [Touch] {
        drag(x0: x0, y0: y, dx: 200, dy: 0, steps: Int((0.2 * hz).rounded()), dt: 1 / hz)
    }

    static func gestureEvents(_ trace: Trace) -> [TraceEvent] { trace.events.filter { $0.kind == "gesture" } }

    @Test(arguments: [60.0, 120.0])
    func aTouchLandingOnePointInsideTheBarsBottomEdgeStartsNoBackSwipe(hz: Double) throws {
        // Typed first: a literal-only expression inside #expect takes the type checker about 2 s.
        let projected: Double = 0.47 + 1000.0 / 390 * 0.35
        #expect(projected > 0.48)
        let inside = try runCatalog("nav.interactive-pop", touches: Self.swipe(y: Self.barBottom - 1, hz: hz), hz: hz)
        #expect(Self.gestureEvents(inside).isEmpty)
        #expect(inside.frames.isEmpty)
        #expect(!inside.outcome.completed)
        let below = try runCatalog("nav.interactive-pop", touches: Self.swipe(y: Self.barBottom + 1, hz: hz), hz: hz)
        #expect(Self.gestureEvents(below).contains { $0.detail == "began" })
        #expect(below.outcome.completed)
    }

    /// The bar's top edge is inside (CGRectContainsPoint includes the minimum); the safe-area strip
    /// above it is not part of the bar's bounds unless `nav.bar_touch_region` says so.
    @Test(arguments: [60.0, 120.0])
    func theTopEdgeAndTheStripAboveIt(hz: Double) throws {
        #expect(try !runCatalog("nav.interactive-pop", touches: Self.swipe(y: Self.barTop, hz: hz), hz: hz).outcome.completed)
        #expect(try runCatalog("nav.interactive-pop", touches: Self.swipe(y: Self.barTop - 1, hz: hz), hz: hz).outcome.completed)
        let strip = try EngineProfile.builtin.overriding([("nav.bar_touch_region", .string("bar-and-safe-area"))])
        let stripTrace = try runCatalog("nav.interactive-pop", touches: Self.swipe(y: Self.barTop - 1, hz: hz), hz: hz, profile: strip)
        #expect(Self.gestureEvents(stripTrace).isEmpty)
        #expect(
            try runCatalog("nav.interactive-pop", touches: Self.swipe(y: Self.barBottom + 1, hz: hz), hz: hz, profile: strip).outcome
                .completed)
    }

    @Test func legacyProfileRefusesNothing() throws {
        let legacy = try EngineProfile.builtin.overriding([("nav.bar_touch_region", .string("none"))])
        #expect(
            try runCatalog("nav.interactive-pop", touches: Self.swipe(y: Self.barBottom - 1, hz: 60), profile: legacy).outcome.completed)
    }

    /// Landscape phone (844 x 390): no top inset, the compact 32 pt bar.
    @Test func landscapeUsesTheCompactBar() throws {
        let landscape = Device(width: 844, height: 390, scale: 3)
        #expect(try !runCatalog("nav.interactive-pop", touches: Self.swipe(y: 31, hz: 60), device: landscape).outcome.completed)
        #expect(try runCatalog("nav.interactive-pop", touches: Self.swipe(y: 33, hz: 60), device: landscape).outcome.completed)
    }

    /// shouldReceiveTouch: is asked per touch: a finger resting in the bar is never seen, so a
    /// second finger landing at the edge below the bar is the recognizer's first and pops.
    @Test func theRefusalIsPerFinger() throws {
        var touches = [Touch(t: 0.05, id: 1, phase: .began, x: 5, y: Self.barBottom - 1)]
        touches += Self.swipe(y: 400, hz: 60)
        touches.append(Touch(t: touches.last!.t + 0.01, id: 1, phase: .ended, x: 5, y: Self.barBottom - 1))
        #expect(try runCatalog("nav.interactive-pop", touches: touches).outcome.completed)
    }

    /// A finger landing in the bar during the finishing animation does not take it back.
    @Test func aFingerLandingInTheBarDoesNotInterrupt() throws {
        var touches = Self.swipe(y: 400, hz: 60)
        let t = touches.last!.t + 0.05
        for (y, pauses) in [(Self.barBottom - 1, false), (Self.barBottom + 1, true)] {
            touches = Self.swipe(y: 400, hz: 60) + [Touch(t: t, id: 1, phase: .began, x: 5, y: y)]
            let trace = try runCatalog("nav.interactive-pop", touches: touches)
            #expect(trace.events.contains { $0.detail == "pauseInteractiveTransition" } == pauses, "y = \(y)")
        }
    }

    /// The safe area table of docs/ENGINE.md ("Device safe area").
    @Test func safeAreaTable() {
        #expect(Device.phone.safeAreaInsets == SafeAreaInsets(top: 47, bottom: 34))
        #expect(Device(width: 375, height: 667, scale: 2).safeAreaInsets == SafeAreaInsets(top: 20, bottom: 0))
        #expect(Device(width: 393, height: 852, scale: 3).safeAreaInsets == SafeAreaInsets(top: 59, bottom: 34))
        #expect(Device(width: 414, height: 896, scale: 2).safeAreaInsets.top == 48)
        #expect(Device(width: 844, height: 390, scale: 3).safeAreaInsets == SafeAreaInsets(top: 0, bottom: 21))
        #expect(Device(width: 820, height: 1180, scale: 2).safeAreaInsets == SafeAreaInsets(top: 24, bottom: 20))
    }
}
