import ReelTrace
import Testing

@testable import ReelEngine

/// Each interaction controller's handler as its source has it (docs/ENGINE.md, fidelity table), at
/// 60 and 120 Hz, 1 pt either side of each boundary. Expected outcomes are the rules' arithmetic.
@Suite struct HandlerRuleTests {
    static let W = 390.0, H = 844.0
    static let legacy = EngineProfile.preset(named: "legacy-0.3")!

    /// One finger from `start` through `points` at `hz` (first move one frame after touch-down at t0 = 0.1),
    /// lifting `liftDelay` after the last move at the last point moved by `liftShift`.
    static func path(
        _ start: (Double, Double), _ points: [(Double, Double)], hz: Double, liftDelay: Double = 0,
        liftShift: (Double, Double) = (0, 0), lift: TouchPhase = .ended
    ) -> [Touch] {
        var touches = [Touch(t: 0.1, id: 0, phase: .began, x: start.0, y: start.1)]
        for (k, point) in points.enumerated() {
            touches.append(Touch(t: 0.1 + Double(k + 1) / hz, id: 0, phase: .moved, x: point.0, y: point.1))
        }
        let last = touches.last!
        touches.append(Touch(t: last.t + liftDelay, id: 0, phase: lift, x: last.x + liftShift.0, y: last.y + liftShift.1))
        return touches
    }

    /// `count` evenly spaced points from `from` to `to` (the last one is `to`).
    static func line(_ from: (Double, Double), _ to: (Double, Double), count: Int) -> [(Double, Double)] {
        (1...count).map { k in
            let f = Double(k) / Double(count)
            return (from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f)
        }
    }

    static func run(_ name: String, _ touches: [Touch], hz: Double, profile: EngineProfile = .builtin) throws -> Trace {
        try runCatalog(name, touches: touches, hz: hz, profile: profile)
    }

    // Seed 000: fraction = (translation.y at the last move - 10) / 400 > 0.5; the lift lands 30 pt further
    // after a 0.2 s pause and changes nothing.
    @Test(arguments: [60.0, 120.0], [-1.0, 1.0])
    func swipeDecidesOnTheLastChange(hz: Double, offset: Double) throws {
        let raw = 0.5 * 400 + 10 + offset
        let touches = Self.path((200, 300), Self.line((200, 300), (200, 300 + raw), count: 20), hz: hz, liftDelay: 0.2, liftShift: (0, 30))
        #expect(try Self.run("modal.swipe-dismiss", touches, hz: hz).outcome.completed == ((raw - 10) / 400 > 0.5))
    }

    // Seed 000: a pan that begins on its last move and lifts has no .changed: shouldComplete is still NO.
    @Test(arguments: [60.0, 120.0])
    func swipeThatBeginsOnTheLastMoveCancels(hz: Double) throws {
        let touches = Self.path((200, 300), [(200, 600)], hz: hz)
        let trace = try Self.run("modal.swipe-dismiss", touches, hz: hz)
        #expect(!trace.outcome.completed)
        #expect(!trace.events.contains { $0.detail.hasPrefix("updateInteractiveTransition") })
        #expect(try Self.run("modal.swipe-dismiss", touches, hz: hz, profile: Self.legacy).outcome.completed)
    }

    // Seed 000 with two fingers: translation is the centroid's, and the pan ends on the LAST lift. The first
    // finger lifts past the boundary; the second then drags the centroid back and lifts: the last change decides.
    @Test(arguments: [60.0, 120.0])
    func swipeWithTwoFingersEndsOnTheLastLift(hz: Double) throws {
        let dt = 1 / hz
        var touches = [Touch(t: 0.1, id: 0, phase: .began, x: 150, y: 300), Touch(t: 0.1, id: 1, phase: .began, x: 250, y: 300)]
        for k in 1...20 {
            let y = 300 + 15 * Double(k)
            touches += [
                Touch(t: 0.1 + Double(k) * dt, id: 0, phase: .moved, x: 150, y: y),
                Touch(t: 0.1 + Double(k) * dt, id: 1, phase: .moved, x: 250, y: y),
            ]
        }
        let t1 = 0.1 + 21 * dt
        touches.append(Touch(t: t1, id: 0, phase: .ended, x: 150, y: 600))
        // Centroid at 600: fraction (300 - 10) / 400 = 0.725. The second finger goes back up 160 pt.
        for k in 1...8 { touches.append(Touch(t: t1 + Double(k) * dt, id: 1, phase: .moved, x: 250, y: 600 - 20 * Double(k))) }
        touches.append(Touch(t: t1 + 9 * dt, id: 1, phase: .ended, x: 250, y: 440))
        let lastFraction: Double = (300.0 - 10 - 160) / 400  // typed first: faster to type-check
        #expect(lastFraction <= 0.5)
        let trace = try Self.run("modal.swipe-dismiss", touches, hz: hz)
        #expect(!trace.outcome.completed)
        #expect(trace.events.filter { $0.kind == "gesture" && $0.detail == "ended" }.count == 1)
        // Engine 0.3 followed the first finger and ended on its lift, past the boundary.
        #expect(try Self.run("modal.swipe-dismiss", touches, hz: hz, profile: Self.legacy).outcome.completed)
    }

    // Seed 003: percent = (translation.y - startPoint.y) / 744; Cancelled falls into Ended's branch.
    @Test(arguments: [60.0, 120.0], [TouchPhase.ended, .cancelled])
    func sheetMeasuresFromTheBeganTranslationAndDecidesTheSameWhenCancelled(hz: Double, lift: TouchPhase) throws {
        for offset in [-1.0, 1.0] {
            // First move 16 pt (startPoint.y = 6), then straight to the boundary +- 1 pt.
            let boundary = 0.4 * (Self.H - 100) + 10 + 6
            let points = [(200.0, 316.0)] + Self.line((200, 316), (200, 300 + boundary + offset), count: 20)
            let touches = Self.path((200, 300), points, hz: hz, lift: lift)
            let percent = (boundary + offset - 10 - 6) / (Self.H - 100)
            #expect(try Self.run("sheet.drag-dismiss", touches, hz: hz).outcome.completed == (percent > 0.4))
        }
    }

    // Seed 003: a reversal before the lift: the last move's percent decides, not the furthest.
    @Test(arguments: [60.0, 120.0])
    func sheetReversalBeforeTheLift(hz: Double) throws {
        let points = Self.line((200, 300), (200, 700), count: 20) + Self.line((200, 700), (200, 500), count: 10)
        let start = 20.0 - 10
        let furthest: Double = (700 - 300 - 10 - start) / (Self.H - 100)
        let last: Double = (500 - 300 - 10 - start) / (Self.H - 100)
        #expect(furthest > 0.4 && last <= 0.4)
        #expect(try !Self.run("sheet.drag-dismiss", Self.path((200, 300), points, hz: hz), hz: hz).outcome.completed)
    }

    // MDSwipe (vertical pop): allowSwipe = velocity.y > 0 && location.y < 100 when the pan begins.
    @Test(arguments: [60.0, 120.0], [87.0, 89.0])
    func verticalPopBeginsOnlyNearTheTop(hz: Double, y0: Double) throws {
        // The first move of 12 pt begins the pan with location.y = y0 + 12.
        let allowed = y0 + 12 < 100
        let points = [(200.0, y0 + 12)] + Self.line((200, y0 + 12), (200, y0 + 400), count: 20)
        let trace = try Self.run("nav.vertical-swipe-pop", Self.path((200, y0), points, hz: hz), hz: hz)
        #expect(trace.outcome.completed == allowed)
        #expect(trace.events.contains { $0.subject == "pan" && $0.detail == "failed" } == !allowed)
    }

    @Test(arguments: [60.0, 120.0])
    func verticalPopRefusedWhileTheFingerMovesUp(hz: Double) throws {
        // y: 20 -> 29 (v 9 hz), -> 29 (0), -> 28.9 while x reaches 10: the pan begins with
        // velocity.y = 0.2 x (-0.1 hz) + 0.8 x 0 < 0: refused, whatever follows.
        let points = [(200.0, 29.0), (205.0, 29.0), (210.0, 28.9)] + Self.line((210, 28.9), (210, 500), count: 20)
        let blended: Double = 0.2 * (-0.1 * hz) + 0.8 * 0
        #expect(blended <= 0)
        #expect(try !Self.run("nav.vertical-swipe-pop", Self.path((200, 20), points, hz: hz), hz: hz).outcome.completed)
    }

    // MDSwipe: Ended and Cancelled share a branch: progress = ty / 844 > 0.25 finishes either way.
    @Test(arguments: [60.0, 120.0], [TouchPhase.ended, .cancelled])
    func verticalPopBoundary(hz: Double, lift: TouchPhase) throws {
        for offset in [-1.0, 1.0] {
            let raw = 0.25 * Self.H + 10 + offset
            let touches = Self.path((200, 20), Self.line((200, 20), (200, 20 + raw), count: 20), hz: hz, lift: lift)
            #expect(try Self.run("nav.vertical-swipe-pop", touches, hz: hz).outcome.completed == ((raw - 10) / Self.H > 0.25))
        }
    }

    // MDImageDraggingDismiss: |translation| / 200 > 0.5 in any direction, then a non-interactive dismissal.
    @Test(arguments: [60.0, 120.0], [-1.0, 1.0])
    func imageDragDismissesInAnyDirection(hz: Double, offset: Double) throws {
        let raw = 0.5 * 200 + 10 + offset
        let touches = Self.path((200, 500), Self.line((200, 500), (200, 500 - raw), count: 20), hz: hz, liftShift: (0, 40))
        let trace = try Self.run("image.drag-dismiss", touches, hz: hz)
        let dismisses = (raw - 10) / 200 > 0.5
        #expect(trace.outcome.completed == dismisses)
        #expect(!trace.events.contains { $0.detail.contains("InteractiveTransition") })
        if dismisses {
            // The animated dismissal starts at the lift: the first frame is the first tick at or after it.
            #expect(try #require(trace.frames.first).t >= touches.last!.t)
        } else {
            #expect(trace.frames.isEmpty)
        }
    }

    // D26 back-swipe: no .changed, no pop (a swipe that begins on its last move).
    @Test(arguments: [60.0, 120.0])
    func backSwipeWithoutAChangeDoesNotPop(hz: Double) throws {
        let touches = Self.path((5, 400), [(300, 400)], hz: hz)
        #expect(try !Self.run("nav.interactive-pop", touches, hz: hz).outcome.completed)
        #expect(try Self.run("nav.interactive-pop", touches, hz: hz, profile: Self.legacy).outcome.completed)
    }

    /// The D26 statistics and decision for a began sample, one change and the final sample, worked out
    /// by hand: velocities v0 (the latest sample alone), v1 = 0.2 s1 + 0.8 s0 and v1 again at the lift
    /// when the lift comes 10 ms or more after the change (no movement: the interval counts).
    static func twoMoveBackSwipe(x1: Double, x2: Double, hz: Double, liftDelay: Double) -> Bool {
        let s0 = (x1 - 5) * hz
        let s1 = (x2 - x1) * hz
        let v0 = s0 / W
        let v1 = (0.2 * s1 + 0.8 * s0) / W
        // The swipe begins on the first move (20 pt in): the previous event is the touch-down, nothing removed.
        let p = (x2 - 5) / W
        guard liftDelay >= 0.010 else { return (v0 + v1) / 2 > 0 }
        let a1 = max(min((v1 - v0) * hz, 5), -5)
        let a2 = max(min(0, a1 + 5), a1 - 5)
        let v = (v0 + v1 + v1) / 3
        let a = (0 + a1 + a2) / 3
        let T = 0.35
        return p + a * 0.5 * T * T + v * T > min(187.5 / W, 0.5)
    }

    // Fewer than 3 samples: the averaged velocity decides whatever the progress; a pause of 10 ms or
    // more before the lift adds the final sample, and the augmented rule decides.
    @Test(arguments: [60.0, 120.0], [0.005, 0.009, 0.011, 0.2])
    func backSwipePauseBeforeTheLift(hz: Double, liftDelay: Double) throws {
        let touches = Self.path((5, 400), [(25, 400), (45, 400)], hz: hz, liftDelay: liftDelay, liftShift: (-30, 0))
        let expected = Self.twoMoveBackSwipe(x1: 25, x2: 45, hz: hz, liftDelay: liftDelay)
        #expect(try Self.run("nav.interactive-pop", touches, hz: hz).outcome.completed == expected)
    }

    // The 0.999 cap is the back-swipe's: custom controllers pass their clamped fraction up to 1.
    @Test func onlyTheBackSwipeCapsItsUpdates() throws {
        let swipe = try Self.run("modal.swipe-dismiss", Self.path((200, 100), Self.line((200, 100), (200, 600), count: 20), hz: 60), hz: 60)
        #expect(swipe.events.contains { $0.detail == "updateInteractiveTransition(1.0000)" })
        let pop = try Self.run("nav.interactive-pop", Self.path((5, 400), Self.line((5, 400), (450, 400), count: 20), hz: 60), hz: 60)
        #expect(pop.events.contains { $0.detail == "updateInteractiveTransition(0.9990)" })
        #expect(!pop.events.contains { $0.detail == "updateInteractiveTransition(1.0000)" })
    }

    // legacy-0.3 replays engine 0.3.0's decisions: recorded with it and replayed with it, nothing diverges.
    @Test func legacyProfileIsStable() throws {
        let streams: [(String, [Touch])] = [
            ("modal.swipe-dismiss", Self.path((200, 300), [(200, 600)], hz: 60)),
            ("nav.interactive-pop", Self.path((5, 400), [(300, 400)], hz: 60)),
            ("sheet.drag-dismiss", Self.path((200, 300), Self.line((200, 300), (200, 620), count: 20), hz: 60, liftShift: (0, 20))),
        ]
        for (name, touches) in streams {
            let a = try Self.run(name, touches, hz: 60, profile: Self.legacy)
            let b = try Self.run(name, touches, hz: 60, profile: Self.legacy)
            #expect(a == b)
        }
        #expect(EngineProfile.preset(named: "legacy-0.3") != .builtin)
        #expect(EngineProfile.preset(named: "nope") == nil)
    }
}
