import Testing
import ReelTrace
@testable import ReelEngine

/// A one-finger drag from (x0, y0) by (dx, dy) in `steps` samples `dt` apart, then a lift.
func drag(x0: Double, y0: Double, dx: Double, dy: Double, steps: Int, dt: Double = 1.0 / 60, t0: Double = 0.1, lift: TouchPhase = .ended) -> [Touch] {
    var touches = [Touch(t: t0, id: 0, phase: .began, x: x0, y: y0)]
    for step in 1...steps {
        let f = Double(step) / Double(steps)
        touches.append(Touch(t: t0 + Double(step) * dt, id: 0, phase: .moved, x: x0 + dx * f, y: y0 + dy * f))
    }
    let last = touches.last!
    touches.append(Touch(t: last.t, id: 0, phase: lift, x: last.x, y: last.y))
    return touches
}

@Suite struct InteractiveTests {
    // Seed 000: fraction = (translation.y - 10 pt slop) / 400, finish iff fraction > 0.5.
    @Test(arguments: [(205.0, false), (215.0, true)])
    func swipeDismissDistanceBoundary(travel: Double, finishes: Bool) throws {
        let fraction = (travel - 10) / 400
        #expect((fraction > 0.5) == finishes)
        let trace = try runCatalog("modal.swipe-dismiss", touches: drag(x0: 200, y0: 300, dx: 0, dy: travel, steps: 20))
        #expect(trace.outcome.completed == finishes)
    }

    // Seed 003: percent = dy / presented height (844 - 100), finish iff > 0.4.
    @Test(arguments: [(0.39, false), (0.41, true)])
    func sheetDragBoundary(percent: Double, finishes: Bool) throws {
        let travel = percent * (844 - 100) + 10
        let trace = try runCatalog("sheet.drag-dismiss", touches: drag(x0: 200, y0: 300, dx: 0, dy: travel, steps: 20))
        #expect(trace.outcome.completed == finishes)
    }

    // MDTransitioning image drag: progress = ty / 200, finish iff > 0.25; vertical pop: ty / height > 0.25.
    @Test(arguments: [("image.drag-dismiss", 200.0), ("nav.vertical-swipe-pop", 844.0)])
    func dragBoundaries(name: String, extent: Double) throws {
        for (percent, finishes) in [(0.24, false), (0.26, true)] {
            let trace = try runCatalog(name, touches: drag(x0: 200, y0: 100, dx: 0, dy: percent * extent + 10, steps: 20))
            #expect(trace.outcome.completed == finishes, "\(name) \(percent)")
        }
    }

    // Pinch: p = 1 - scale, finish iff p > 0.5.
    @Test(arguments: [(0.52, false), (0.48, true)])
    func pinchBoundary(endScale: Double, finishes: Bool) throws {
        var touches = [Touch(t: 0.1, id: 0, phase: .began, x: 95, y: 400), Touch(t: 0.1, id: 1, phase: .began, x: 295, y: 400)]
        for step in 1...20 {
            let scale = 1 - (1 - endScale) * Double(step) / 20, half = 100 * scale, t = 0.1 + Double(step) / 60
            touches.append(Touch(t: t, id: 0, phase: .moved, x: 195 - half, y: 400))
            touches.append(Touch(t: t, id: 1, phase: .moved, x: 195 + half, y: 400))
        }
        let t = touches.last!.t
        touches.append(Touch(t: t, id: 0, phase: .ended, x: 195 - 100 * endScale, y: 400))
        touches.append(Touch(t: t, id: 1, phase: .ended, x: 195 + 100 * endScale, y: 400))
        // Hold still before lifting so the pinch velocity does not matter for the threshold rule.
        let trace = try runCatalog("modal.pinch-dismiss", touches: touches)
        #expect(trace.outcome.completed == finishes)
    }

    /// UIKit's back-swipe rule for a constant-speed swipe (acceleration 0): pop iff
    /// p + v T > min(187.5 / W, 0.5), p = (dx - 15) / W, v = speed / W, T = 0.35.
    func backSwipeExpectation(dx: Double, speed: Double) -> Bool {
        let W = 390.0
        return (dx - 15) / W + speed / W * 0.35 > min(187.5 / W, 0.5)
    }

    /// A steady swipe from x = 5 by `dx` at `speed` pt/s, sampled every 1/60 s.
    func backSwipe(dx: Double, speed: Double, lift: TouchPhase = .ended) -> [Touch] {
        let duration = dx / speed
        let steps = max(3, Int((duration * 60).rounded()))
        return drag(x0: 5, y0: 400, dx: dx, dy: 0, steps: steps, dt: duration / Double(steps), lift: lift)
    }

    @Test func backSwipeDistanceBoundary() throws {
        // At 150 pt/s the boundary is dx = 15 + 187.5 - 150 x 0.35 = 150 pt.
        for dx in [140.0, 160.0] {
            let trace = try runCatalog("nav.interactive-pop", touches: backSwipe(dx: dx, speed: 150))
            #expect(trace.outcome.completed == backSwipeExpectation(dx: dx, speed: 150), "dx \(dx)")
        }
        #expect(!backSwipeExpectation(dx: 140, speed: 150) && backSwipeExpectation(dx: 160, speed: 150))
    }

    @Test func backSwipeVelocityBoundary() throws {
        // At dx = 100 the boundary speed is (187.5 - 85) / 0.35 = 292.9 pt/s.
        for speed in [270.0, 320.0] {
            let trace = try runCatalog("nav.interactive-pop", touches: backSwipe(dx: 100, speed: speed))
            #expect(trace.outcome.completed == backSwipeExpectation(dx: 100, speed: speed), "speed \(speed)")
        }
        #expect(!backSwipeExpectation(dx: 100, speed: 270) && backSwipeExpectation(dx: 100, speed: 320))
    }

    @Test func cancelledGestureCancels() throws {
        let trace = try runCatalog("nav.interactive-pop", touches: backSwipe(dx: 300, speed: 800, lift: .cancelled))
        #expect(!trace.outcome.completed)
        let swipe = try runCatalog("modal.swipe-dismiss", touches: drag(x0: 200, y0: 300, dx: 0, dy: 350, steps: 20, lift: .cancelled))
        #expect(!swipe.outcome.completed)
    }

    @Test func sameDecisionAt60And120Hz() throws {
        for (name, touches) in [("nav.interactive-pop", backSwipe(dx: 160, speed: 150)), ("nav.interactive-pop", backSwipe(dx: 140, speed: 150)),
                                ("modal.swipe-dismiss", drag(x0: 200, y0: 300, dx: 0, dy: 215, steps: 20))] {
            let a = try runCatalog(name, touches: touches, hz: 60), b = try runCatalog(name, touches: touches, hz: 120)
            #expect(a.outcome.completed == b.outcome.completed)
            #expect(b.frames.count > a.frames.count)
        }
    }

    @Test func cancelledPopRestoresEveryViewAndCallsBackInOrder() throws {
        let trace = try runCatalog("nav.interactive-pop", touches: backSwipe(dx: 60, speed: 100))
        #expect(!trace.outcome.completed)
        #expect(trace.outcome.hierarchy == #"{"presented":[],"root":{"children":["A","B"],"kind":"navigation","name":"nav"},"views":["B.view"]}"#)
        let last = try #require(trace.frames.last)
        #expect(view(last, "B.view")?.x == 0)
        #expect(last.progress == 0)
        // REFERENCE.md: Two.willDisappear, One.willAppear, One.willDisappear, One.didDisappear, Two.willAppear, Two.didAppear.
        #expect(calls(trace) == ["B.willMove(toParent: nil)", "B.viewWillDisappear", "A.viewDidLoad", "A.viewWillAppear",
                                 "A.viewWillDisappear", "A.viewDidDisappear", "B.viewWillAppear", "B.viewDidAppear"])
        let transition = calls(trace, kinds: ["transition"]).filter { !$0.contains("update") }
        #expect(transition == ["nav.startInteractiveTransition", "nav.cancelInteractiveTransition", "nav.completeTransition(false)", "nav.animationEnded(false)"])
    }

    @Test func regrabDuringFinishContinuesWithoutAJump() throws {
        // Swipe dismiss released past the threshold, then a finger lands mid-animation and drags back up.
        var touches = drag(x0: 200, y0: 300, dx: 0, dy: 260, steps: 15)
        let release = touches.last!.t
        let grab = release + 0.2
        touches.append(Touch(t: grab, id: 1, phase: .began, x: 200, y: 500))
        for step in 1...20 {
            touches.append(Touch(t: grab + Double(step) / 60, id: 1, phase: .moved, x: 200, y: 500 - 15 * Double(step)))
        }
        touches.append(Touch(t: grab + 20.0 / 60, id: 1, phase: .ended, x: 200, y: 200))
        let trace = try runCatalog("modal.swipe-dismiss", touches: touches)
        #expect(trace.events.contains { $0.detail == "pauseInteractiveTransition" })
        // Progress at the grab continues from the animation; afterwards each frame's progress
        // change is at most the finger's own movement since the previous frame / 400.
        let before = try #require(trace.frames.last { $0.t < grab }), after = try #require(trace.frames.first { $0.t >= grab })
        let animating = trace.frames.filter { $0.t > release && $0.t < grab }
        let animationStep = zip(animating, animating.dropFirst()).map { abs($1.progress - $0.progress) }.max() ?? 0
        // (The frame interval spanning the grab still contains animation, whose eased step may grow a little.)
        #expect(abs(after.progress - before.progress) <= 1.5 * animationStep)
        func fingerY(_ t: Double) -> Double { touches.last { $0.id == 1 && $0.t <= t }?.y ?? 500 }
        let driven = trace.frames.filter { $0.t >= grab && $0.t <= grab + 20.0 / 60 }
        for (a, b) in zip(driven, driven.dropFirst()) {
            #expect(abs(b.progress - a.progress) <= abs(fingerY(b.t) - fingerY(a.t)) / 400 + 1e-9)
        }
        #expect(!trace.outcome.completed)
    }
}
