import ReelTrace
import Testing

@testable import ReelEngine

/// A touch landing in the edge region (x <= 13) goes to the content pop once the edge swipe has
/// failed (`contentpop.edge_fallback`, engine 0.6.0): D26 `_configureNavigationGesture` makes the
/// content recognizer `requireGestureRecognizerToFail:` the edge one. The edge swipe fails when it has
/// not begun (15 pt in) 0.25 s after touch-down (`maximumSwipeDuration`) or when its vertical drift
/// reaches min(25, 10 + (15 - 10) / 25 |dx|); the content pop fails at min(25, 10 + (30 - 10) / 25 |dx|),
/// has no time limit and begins 30 pt in.
@Suite struct ContentPopFallbackTests {
    static let ios26 = EngineProfile.preset(named: "uikit-ios26")!
    static let withoutFallback = try! ios26.overriding([("contentpop.edge_fallback", .bool(false))])
    static let (t0, dt) = (0.1, 1.0 / 60)

    /// x = 5 + travel(k) at t0 + k dt for k = 1...n, then a lift at the last position.
    static func swipe(_ n: Int, dy: (Int) -> Double = { _ in 0 }, travel: (Int) -> Double) -> [Touch] {
        var touches = [Touch(t: t0, id: 0, phase: .began, x: 5, y: 400)]
        for k in 1...n { touches.append(Touch(t: t0 + Double(k) * dt, id: 0, phase: .moved, x: 5 + travel(k), y: 400 + dy(k))) }
        touches.append(Touch(t: touches.last!.t, id: 0, phase: .ended, x: touches.last!.x, y: touches.last!.y))
        return touches
    }

    static func beganAt(_ trace: Trace) -> Double? { trace.events.first { $0.kind == "gesture" && $0.detail == "began" }?.t }

    /// A steady swipe from the edge at `speed`: at 70 pt/s it is 15 pt in before 0.25 s and the edge swipe
    /// begins; at 50 pt/s it is not, the edge swipe fails and the content pop begins 30 pt in. Without the
    /// fallback the slow swipe starts nothing.
    @Test(arguments: [70.0, 50.0])
    func aSlowSwipeFromTheEdgeIsTheContentPops(speed: Double) throws {
        let n = Int((250 / speed * 60).rounded(.up))
        let touches = Self.swipe(n) { Double($0) * speed / 60 }
        let edgeMove = try #require((1...n).first { Double($0) * speed / 60 >= 15 })
        let edgeBegins = Self.t0 + Double(edgeMove) * Self.dt - Self.t0 <= 0.25
        let contentMove = try #require((1...n).first { Double($0) * speed / 60 >= 30 })
        #expect(edgeBegins == (speed == 70))

        let trace = try runCatalog("nav.content-swipe-pop", touches: touches, profile: Self.ios26)
        let began = try #require(Self.beganAt(trace))
        #expect(abs(began - (Self.t0 + Double(edgeBegins ? edgeMove : contentMove) * Self.dt)) < 1e-12)
        // Either way the swipe travels 250 pt and pops: p = 240 / W alone is past min(187.5 / W, 0.5).
        #expect(trace.outcome.completed)

        let plain = try runCatalog("nav.content-swipe-pop", touches: touches, profile: Self.withoutFallback)
        #expect((Self.beganAt(plain) != nil) == edgeBegins)
        #expect(plain.outcome.completed == edgeBegins)
        if edgeBegins { #expect(plain.frames == trace.frames) }
    }

    /// A first move of (5, dy), then 15 pt a move to the right. The edge swipe's allowance at dx = 5 is 11,
    /// the content pop's 14: dy = 10.9 keeps the edge swipe (it begins at the second move, 20 pt in),
    /// dy = 12 fails it and leaves the touch to the content pop (it begins at the third move, 35 pt in),
    /// dy = 14 fails both.
    @Test(arguments: [10.9, 12.0, 14.0])
    func verticalDriftFromTheEdgeFallsBackToTheContentPop(dy: Double) throws {
        let edgeAllowance = min(25, 10 + (15.0 - 10) / 25 * 5)
        let contentAllowance = min(25, 10 + (30.0 - 10) / 25 * 5)
        let owner = dy < edgeAllowance ? "edge" : dy < contentAllowance ? "content" : "none"
        let touches = Self.swipe(20, dy: { _ in dy }, travel: { $0 == 1 ? 5 : 5 + 15 * Double($0 - 1) })

        let trace = try runCatalog("nav.content-swipe-pop", touches: touches, profile: Self.ios26)
        let plain = try runCatalog("nav.content-swipe-pop", touches: touches, profile: Self.withoutFallback)
        switch owner {
        case "edge":
            #expect(Self.beganAt(trace) == Self.t0 + 2 * Self.dt)
            #expect(plain.frames == trace.frames && plain.outcome == trace.outcome)
        case "content":
            #expect(Self.beganAt(trace) == Self.t0 + 3 * Self.dt)
            #expect(Self.beganAt(plain) == nil && !plain.outcome.completed)
        default:
            #expect(Self.beganAt(trace) == nil)
            #expect(calls(trace, kinds: ["gesture"]) == ["backSwipe.failed"])
        }
        // 290 pt at 900 pt/s pops whoever has the touch.
        #expect(trace.outcome.completed == (owner != "none"))
    }

    /// With the content's scroll view able to scroll back, the scroll view takes a touch the edge swipe
    /// let go of once it is 10 pt in: the slow swipe (50 pt/s) is past 10 pt when the edge fails at 0.25 s.
    @Test func aScrollViewThatCanScrollBackTakesTheFailedEdgeTouch() throws {
        var spec = try #require(ScenarioCatalog.named("nav.content-swipe-pop"))
        spec.contentScroll = ContentScrollSpec(offset: 100, contentWidth: 1200)
        let touches = Self.swipe(30) { Double($0) * 50 / 60 }
        let trace = try Engine(profile: Self.ios26).run(scenario: spec, device: .phone, refreshHz: 60, touches: touches)
        #expect(Self.beganAt(trace) == nil && !trace.outcome.completed && trace.frames.isEmpty)
    }
}
