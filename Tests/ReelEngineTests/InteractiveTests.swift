import ReelTrace
import Testing

@testable import ReelEngine

/// A one-finger drag from (x0, y0) by (dx, dy) in `steps` samples `dt` apart, then a lift.
func drag(x0: Double, y0: Double, dx: Double, dy: Double, steps: Int, dt: Double = 1.0 / 60, t0: Double = 0.1, lift: TouchPhase = .ended)
    -> [Touch]
{
    var touches = [Touch(t: t0, id: 0, phase: .began, x: x0, y: y0)]
    for step in 1...steps {
        let f = Double(step) / Double(steps)
        touches.append(Touch(t: t0 + Double(step) * dt, id: 0, phase: .moved, x: x0 + dx * f, y: y0 + dy * f))
    }
    let last = touches.last!
    touches.append(Touch(t: last.t, id: 0, phase: lift, x: last.x, y: last.y))
    return touches
}

/// Two fingers 200 pt apart pinching to `endScale` over 20 frames, then lifting (or cancelled).
func pinch(endScale: Double, lift: TouchPhase = .ended) -> [Touch] {
    var touches = [Touch(t: 0.1, id: 0, phase: .began, x: 95, y: 400), Touch(t: 0.1, id: 1, phase: .began, x: 295, y: 400)]
    for step in 1...20 {
        let scale = 1 - (1 - endScale) * Double(step) / 20
        let half = 100 * scale
        let t = 0.1 + Double(step) / 60
        touches.append(Touch(t: t, id: 0, phase: .moved, x: 195 - half, y: 400))
        touches.append(Touch(t: t, id: 1, phase: .moved, x: 195 + half, y: 400))
    }
    let t = touches.last!.t
    touches.append(Touch(t: t, id: 0, phase: lift, x: 195 - 100 * endScale, y: 400))
    touches.append(Touch(t: t, id: 1, phase: lift, x: 195 + 100 * endScale, y: 400))
    return touches
}

/// A steady one-finger swipe of `distance` points at `speed` pt/s, sampled at about 60 Hz.
func steadyDrag(x0: Double, y0: Double, dx: Double = 0, dy: Double = 0, speed: Double, lift: TouchPhase = .ended) -> [Touch] {
    let distance = (dx * dx + dy * dy).squareRoot()
    let duration = distance / speed
    let steps = max(3, Int((duration * 60).rounded()))
    return drag(x0: x0, y0: y0, dx: dx, dy: dy, steps: steps, dt: duration / Double(steps), lift: lift)
}

@Suite struct InteractiveTests {
    static let W = 390.0, H = 844.0

    // Seed 000: fraction = (translation.y - 10 pt slop) / 400, finish iff fraction > 0.5: boundary 210 pt.
    @Test(arguments: [(209.0, false), (211.0, true)])
    func swipeDismissDistanceBoundary(travel: Double, finishes: Bool) throws {
        #expect(((travel - 10) / 400 > 0.5) == finishes)
        let trace = try runCatalog("modal.swipe-dismiss", touches: drag(x0: 200, y0: 300, dx: 0, dy: travel, steps: 20))
        #expect(trace.outcome.completed == finishes)
    }

    /// Seed 003's percent at the last move of `drag(dy: travel, steps:)` from rest: startPoint.y is the
    /// translation at .began (the first move, travel / steps - 10 pt of hysteresis when that step reaches 10 pt).
    static func sheetPercent(travel: Double, steps: Int = 20) -> Double {
        let start = travel / Double(steps) - 10
        return min(max((travel - 10 - start) / (H - 100), 0), 1)
    }

    // touchesEnded moves nothing: the lift's own location never enters a decision. Seed 000 and seed
    // 003 decide on the last move; engine 0.3 (legacy-0.3) let seed 003 decide on the lifting touch.
    @Test func aLiftThatLandsElsewhereNeverEntersTheDecision() throws {
        for (travel, shift) in [(209.0, 20.0), (211.0, -20.0)] {
            var touches = drag(x0: 200, y0: 300, dx: 0, dy: travel, steps: 20)
            touches[touches.count - 1].y += shift
            #expect(try runCatalog("modal.swipe-dismiss", touches: touches).outcome.completed == ((travel - 10) / 400 > 0.5))
        }
        var sheet = drag(x0: 200, y0: 300, dx: 0, dy: 300, steps: 20)
        sheet[sheet.count - 1].y += 20
        #expect(Self.sheetPercent(travel: 300) <= 0.4 && Self.sheetPercent(travel: 320) > 0.4)
        #expect(try !runCatalog("sheet.drag-dismiss", touches: sheet).outcome.completed)
        #expect(try runCatalog("sheet.drag-dismiss", touches: sheet, profile: EngineProfile.preset(named: "legacy-0.3")!).outcome.completed)
    }

    // Threshold policies ignore velocity: a flick just short of the boundary cancels, a crawl just past it finishes.
    // Boundaries: 0.5 x 400 + 10, 0.5 x 200 + 10, 0.25 x 844 + 10 (hysteresis 10 pt removed from y at .began).
    // Seed 003's boundary moves with the first step (startPoint): `sheetDragBoundary`.
    @Test(
        arguments: [("modal.swipe-dismiss", 210.0), ("image.drag-dismiss", 110.0), ("nav.vertical-swipe-pop", 221.0)] as [(String, Double)])
    func thresholdPoliciesIgnoreVelocity(name: String, boundary: Double) throws {
        let flick = try runCatalog(name, touches: steadyDrag(x0: 200, y0: 0, dy: boundary - 1, speed: 3000))
        #expect(!flick.outcome.completed)
        let crawl = try runCatalog(name, touches: steadyDrag(x0: 200, y0: 0, dy: boundary + 1, speed: 100))
        #expect(crawl.outcome.completed)
    }

    // With swipe.policy = projection: finish iff p + (v / 1000) d / (1 - d) / 400 > 0.5, d = 0.998.
    @Test(arguments: [195.0, 206.0])
    func projectionPolicyVelocityBoundary(speed: Double) throws {
        let profile = try EngineProfile.builtin.overriding([("swipe.policy", .string("projection"))])
        let p = (110.0 - 10) / 400
        let expected = p + speed / 1000 * 0.998 / (1 - 0.998) / 400 > 0.5
        #expect(expected == (speed > 200))
        let trace = try runCatalog("modal.swipe-dismiss", touches: steadyDrag(x0: 200, y0: 300, dy: 110, speed: speed), profile: profile)
        #expect(trace.outcome.completed == expected)
    }

    // Seed 003: percent = (translation.y - startPoint.y) / presented height (844 - 100), finish iff > 0.4.
    @Test(arguments: [(0.399, false), (0.401, true)])
    func sheetDragBoundary(percent: Double, finishes: Bool) throws {
        // The last move's percent is (travel - travel / 20) / 744 (see sheetPercent).
        let travel = percent * (Self.H - 100) * 20 / 19
        #expect(abs(Self.sheetPercent(travel: travel) - percent) < 1e-12)
        let trace = try runCatalog("sheet.drag-dismiss", touches: drag(x0: 200, y0: 300, dx: 0, dy: travel, steps: 20))
        #expect(trace.outcome.completed == finishes)
    }

    // MDTransitioning image drag: |translation| / 200 > 0.5 dismisses; vertical pop: ty / height > 0.25.
    @Test(arguments: [("image.drag-dismiss", 200.0, 0.5), ("nav.vertical-swipe-pop", 844.0, 0.25)])
    func dragBoundaries(name: String, extent: Double, threshold: Double) throws {
        for (percent, finishes) in [(threshold - 0.001, false), (threshold + 0.001, true)] {
            let trace = try runCatalog(name, touches: drag(x0: 200, y0: 20, dx: 0, dy: percent * extent + 10, steps: 20))
            #expect(trace.outcome.completed == finishes, "\(name) \(percent)")
        }
    }

    /// CEPinchInteractionController's fraction at the end of `pinch(endScale:)`: 1 - scale / startScale, with
    /// startScale the scale of the first step that moves 0.05 (pinch.hysteresis) from 1.
    static func pinchFraction(endScale: Double) -> Double {
        let step = (1 - endScale) / 20
        let began = (1...20).first { Double($0) * step >= 0.05 - 1e-12 }!
        return 1 - endScale / (1 - step * Double(began))
    }

    @Test(arguments: [0.46, 0.48])
    func pinchBoundary(endScale: Double) throws {
        let finishes = Self.pinchFraction(endScale: endScale) > 0.5
        #expect(finishes == (endScale < 0.47375))
        let trace = try runCatalog("modal.pinch-dismiss", touches: pinch(endScale: endScale))
        #expect(trace.outcome.completed == finishes)
    }

    /// UIKit's back-swipe rule for a constant-speed swipe (acceleration 0): pop iff
    /// p + v T > min(187.5 / W, 0.5), v = speed / W, T = 0.35, p = (dx - lost) / W.
    func backSwipeExpectation(_ touches: [Touch], dx: Double, speed: Double) -> Bool {
        (dx - travelLostAtBegan(touches, beginsAt: 15)) / Self.W + speed / Self.W * 0.35 > min(187.5 / Self.W, 0.5)
    }

    /// A steady swipe from x = 5 by `dx` at `speed` pt/s.
    func backSwipe(dx: Double, speed: Double, lift: TouchPhase = .ended) -> [Touch] {
        steadyDrag(x0: 5, y0: 400, dx: dx, speed: speed, lift: lift)
    }

    @Test func backSwipeDistanceBoundary() throws {
        // At 150 pt/s a step is about 2.5 pt: the swipe begins 15 to 17.5 pt in with the previous
        // step's 12.5 to 15 pt lost; the boundary is dx = lost + 187.5 - 150 x 0.35, about 147.5 pt,
        // checked 1 pt either side.
        for dx in [146.5, 148.5] {
            let touches = backSwipe(dx: dx, speed: 150)
            #expect(backSwipeExpectation(touches, dx: dx, speed: 150) == (dx > 147.5))
            let trace = try runCatalog("nav.interactive-pop", touches: touches)
            #expect(trace.outcome.completed == backSwipeExpectation(touches, dx: dx, speed: 150), "dx \(dx)")
        }
    }

    @Test func backSwipeVelocityBoundary() throws {
        // At dx = 100 and about 290 pt/s a step is 100 / 21 pt: the swipe begins at 19.05 with 14.29
        // lost; the boundary speed is (187.5 - 85.71) / 0.35 = 290.8 pt/s.
        #expect(!backSwipeExpectation(backSwipe(dx: 100, speed: 286), dx: 100, speed: 286))
        #expect(backSwipeExpectation(backSwipe(dx: 100, speed: 296), dx: 100, speed: 296))
        for speed in [286.0, 296.0] {
            let touches = backSwipe(dx: 100, speed: speed)
            let trace = try runCatalog("nav.interactive-pop", touches: touches)
            #expect(trace.outcome.completed == backSwipeExpectation(touches, dx: 100, speed: speed), "speed \(speed)")
        }
    }

    @Test(arguments: [11.9, 12.0])
    func backSwipeFailsOnVerticalDriftBeforeItBegins(drift: Double) throws {
        // Fails when |dy| >= min(25, 10 + (15 - 10) / 25 x |dx|) before it begins: 12 pt at dx = 10.
        let fails = drift >= min(25, 10 + 5.0 / 25 * 10)
        var touches = [
            Touch(t: 0.1, id: 0, phase: .began, x: 5, y: 400),
            Touch(t: 0.1 + 1.0 / 60, id: 0, phase: .moved, x: 15, y: 400 + drift),
        ]
        for step in 2...12 {
            touches.append(Touch(t: 0.1 + Double(step) / 60, id: 0, phase: .moved, x: 15 + 25 * Double(step - 1), y: 400 + drift))
        }
        touches.append(Touch(t: touches.last!.t, id: 0, phase: .ended, x: touches.last!.x, y: 400 + drift))
        let trace = try runCatalog("nav.interactive-pop", touches: touches)
        #expect(trace.frames.isEmpty == fails)
        #expect(trace.outcome.completed == !fails)
        #expect(trace.events.contains { $0.subject == "edgePan" && $0.detail == "failed" } == fails)
    }

    /// For each interaction controller, a stream that would finish if the finger lifted.
    static let finishing: [(String, [Touch])] = [
        ("nav.interactive-pop", steadyDrag(x0: 5, y0: 400, dx: 300, speed: 800)),
        ("modal.swipe-dismiss", drag(x0: 200, y0: 300, dx: 0, dy: 300, steps: 20)),
        ("sheet.drag-dismiss", drag(x0: 200, y0: 300, dx: 0, dy: 400, steps: 20)),
        ("image.drag-dismiss", drag(x0: 200, y0: 300, dx: 0, dy: 150, steps: 20)),
        ("nav.vertical-swipe-pop", drag(x0: 200, y0: 20, dx: 0, dy: 300, steps: 20)),
        ("modal.pinch-dismiss", pinch(endScale: 0.3)),
    ]

    static func cancelled(_ touches: [Touch]) -> [Touch] {
        let end = touches.last!.t
        return touches.map { touch in
            var touch = touch
            if touch.t == end, touch.phase == .ended { touch.phase = .cancelled }
            return touch
        }
    }

    /// Controllers whose handler cancels on `.cancelled` (D26 back-swipe, seed 000, CEPinch); seed 003 and
    /// MDSwipe decide in Ended's branch, and the image drag dismisses past 0.5 either way.
    static let cancelCancels: Set<String> = ["nav.interactive-pop", "modal.swipe-dismiss", "modal.pinch-dismiss"]

    @Test func everyControllerFinishesOnLiftAndHandlesACancelledGestureAsItsCodeDoes() throws {
        for (name, touches) in Self.finishing {
            #expect(try runCatalog(name, touches: touches).outcome.completed, "\(name)")
            let cancelled = try runCatalog(name, touches: Self.cancelled(touches))
            let cancels = Self.cancelCancels.contains(name)
            #expect(cancelled.outcome.completed == !cancels, "\(name)")
            #expect(cancelled.events.contains { $0.kind == "gesture" && $0.detail == "cancelled" }, "\(name)")
            let interactive = name != "image.drag-dismiss"
            #expect(cancelled.events.contains { $0.detail == "cancelInteractiveTransition" } == (cancels && interactive), "\(name)")
            #expect(cancelled.events.contains { $0.detail == "finishInteractiveTransition" } == (!cancels && interactive), "\(name)")
            // legacy-0.3: every cancelled gesture cancelled.
            #expect(
                try !runCatalog(name, touches: Self.cancelled(touches), profile: EngineProfile.preset(named: "legacy-0.3")!).outcome
                    .completed)
        }
    }

    @Test func sameDecisionAt60And120Hz() throws {
        let streams =
            Self.finishing + Self.finishing.map { ($0.0, Self.cancelled($0.1)) } + [
                ("nav.interactive-pop", backSwipe(dx: 146, speed: 150)), ("nav.interactive-pop", backSwipe(dx: 144, speed: 150)),
                ("modal.swipe-dismiss", drag(x0: 200, y0: 300, dx: 0, dy: 209, steps: 20)),
                ("modal.pinch-dismiss", pinch(endScale: 0.51)),
            ]
        for (name, touches) in streams {
            let a = try runCatalog(name, touches: touches, hz: 60)
            let b = try runCatalog(name, touches: touches, hz: 120)
            #expect(a.outcome.completed == b.outcome.completed, "\(name)")
            #expect(b.frames.count > a.frames.count, "\(name)")
        }
    }

    @Test func everyViewIsRestoredAfterACancel() throws {
        for (name, touches) in Self.finishing where Self.cancelCancels.contains(name) {
            let untouched = try runCatalog(name, touches: [])
            let cancelled = try runCatalog(name, touches: Self.cancelled(touches))
            #expect(cancelled.outcome.hierarchy == untouched.outcome.hierarchy, "\(name)")
            #expect(cancelled.frames.last?.progress == 0, "\(name)")
        }
    }

    @Test func cancelledPopRestoresEveryViewAndCallsBackInOrder() throws {
        let trace = try runCatalog("nav.interactive-pop", touches: backSwipe(dx: 60, speed: 100))
        #expect(!trace.outcome.completed)
        #expect(
            trace.outcome.hierarchy
                == #"{"presented":[],"root":{"children":["A","B"],"kind":"navigation","name":"nav"},"views":["B.view"]}"#)
        let last = try #require(trace.frames.last)
        let b = try #require(view(last, "B.view"))
        #expect([b.x, b.y, b.w, b.h, b.alpha] == [0, 0, Self.W, Self.H, 1])
        #expect(last.progress == 0)
        // docs/SOURCES.md: Two.willDisappear, One.willAppear, One.willDisappear, One.didDisappear, Two.willAppear, Two.didAppear.
        #expect(
            calls(trace) == [
                "B.willMove(toParent: nil)", "B.viewWillDisappear", "A.viewDidLoad", "A.viewWillAppear",
                "A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear", "B.viewDidAppear",
            ])
        let transition = calls(trace, kinds: ["transition"]).filter { !$0.contains("update") }
        #expect(
            transition == [
                "nav.startInteractiveTransition", "nav.cancelInteractiveTransition", "nav.completeTransition(false)",
                "nav.animationEnded(false)",
            ])
    }

    /// The first tick at or after `t` at 60 Hz.
    func tick(atOrAfter t: Double) -> Double { (t * 60 - 1e-6).rounded(.up) / 60 }

    @Test func swipeDismissFinishesOverTheWholeDurationWithCompletionSpeedOneMinusP() throws {
        // Seed 000: completionSpeed = 1 - p, so (1 - p) x T / (1 - p) = T = 0.4 s (cover vertical).
        let touches = drag(x0: 200, y0: 300, dx: 0, dy: 300, steps: 20)
        let trace = try runCatalog("modal.swipe-dismiss", touches: touches)
        #expect(trace.outcome.completed)
        #expect(abs(trace.outcome.t - tick(atOrAfter: touches.last!.t + 0.4)) < 1e-9)
    }

    @Test func backSwipeHandsTheFingerVelocityOver() throws {
        // Remaining time = min(T, remaining distance / |v|) = min(0.35, (1 - p) W / v).
        let touches = backSwipe(dx: 200, speed: 800)
        let p = (200.0 - travelLostAtBegan(touches, beginsAt: 15)) / Self.W
        let remaining = min(0.35, (1 - p) * Self.W / 800)
        let trace = try runCatalog("nav.interactive-pop", touches: touches)
        #expect(trace.outcome.completed)
        #expect(abs(trace.outcome.t - tick(atOrAfter: touches.last!.t + remaining)) < 1e-9)
    }

    /// A finger lands `delay` after the release of `first` and drags by `regrab` points down over 20 frames.
    func regrab(_ first: [Touch], delay: Double, regrab: Double) -> (touches: [Touch], grab: Double) {
        var touches = first
        let grab = first.last!.t + delay
        touches.append(Touch(t: grab, id: 1, phase: .began, x: 200, y: 500))
        for step in 1...20 {
            touches.append(Touch(t: grab + Double(step) / 60, id: 1, phase: .moved, x: 200, y: 500 + regrab * Double(step) / 20))
        }
        touches.append(Touch(t: grab + 20.0 / 60, id: 1, phase: .ended, x: 200, y: 500 + regrab))
        return (touches, grab)
    }

    @Test(
        arguments: [
            // Seed 000 released past 0.5: finishing over (1 - p) T / (1 - p) = 0.4 s; grabbed and pushed back up: cancels.
            ("modal.swipe-dismiss", 260.0, 400.0, 0.2, -300.0, false),
            // Seed 003 released short of 0.4: cancelling over p x 0.4 s; grabbed and pulled down: finishes.
            ("sheet.drag-dismiss", 200.0, 744.0, 0.05, 300.0, true),
        ] as [(String, Double, Double, Double, Double, Bool)])
    func regrabContinuesFromTheScreenWithoutAJump(
        name: String, travel: Double, extent: Double, delay: Double,
        back: Double, finishes: Bool
    ) throws {
        let (touches, grab) = regrab(drag(x0: 200, y0: 300, dx: 0, dy: travel, steps: 15), delay: delay, regrab: back)
        let release = touches.first { $0.id == 0 && $0.phase == .ended }!.t
        let trace = try runCatalog(name, touches: touches)
        #expect(trace.events.contains { $0.detail == "pauseInteractiveTransition" })
        #expect(trace.outcome.completed == finishes)
        // The released animation (ease in-out, percent-driven remaining time) up to the grab...
        let p0 = name == "sheet.drag-dismiss" ? Self.sheetPercent(travel: travel, steps: 15) : (travel - 10) / extent
        let finishing = p0 > (name == "modal.swipe-dismiss" ? 0.5 : 0.4)
        let length = finishing ? 0.4 : p0 * 0.4
        func animated(_ t: Double) -> Double {
            p0 + ((finishing ? 1 : 0) - p0) * bezier(0.42, 0, 0.58, 1, min((t - release) / length, 1))
        }
        for frame in trace.frames where frame.t > release && frame.t < grab {
            #expect(abs(frame.progress - animated(frame.t)) < 1e-9)
        }
        // ...stops where it is on screen when the finger lands (the finger has not moved yet)...
        let after = try #require(trace.frames.first { $0.t >= grab })
        #expect(after.t < grab + 1.0 / 60)
        #expect(abs(after.progress - animated(grab)) < 1e-9)
        // ...and then each frame's progress change is at most the finger's own movement since the previous frame / extent.
        func fingerY(_ t: Double) -> Double { touches.last { $0.id == 1 && $0.t <= t }?.y ?? 500 }
        let driven = trace.frames.filter { $0.t >= grab && $0.t <= grab + 20.0 / 60 }
        #expect(driven.count >= 19)
        for (a, b) in zip(driven, driven.dropFirst()) {
            #expect(abs(b.progress - a.progress) <= abs(fingerY(b.t) - fingerY(a.t)) / extent + 1e-9)
        }
    }
}
