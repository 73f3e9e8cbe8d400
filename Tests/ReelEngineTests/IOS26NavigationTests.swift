import ReelTrace
import Testing

@testable import ReelEngine

/// iOS 26 navigation (issue 20 parts 2 and 4): the fluid back swipe, the content pop gesture and
/// the back swipe that catches a running push, with the numbers of D26's rules computed here.
@Suite struct IOS26NavigationTests {
    static let W = 390.0, T = 0.35
    static let classic = EngineProfile.preset(named: "classic")!
    static let ios26 = EngineProfile.preset(named: "uikit-ios26")!
    /// D26 popGesture: pop iff p + v T + a T^2 / 2 > min(187.5 / W, 0.5) (steady drags: a = 0).
    static let popThreshold = min(187.5 / W, 0.5)

    /// b(x) = (1 - 1 / (c x / d + 1)) d with d = 0.5 (rubberBandExtent) and c = 0.55.
    static func band(_ x: Double) -> Double { (1 - 1 / (0.55 * x / 0.5 + 1)) * 0.5 }

    static func tick(atOrAfter t: Double, hz: Double = 60) -> Double { (t * hz - 1e-6).rounded(.up) / hz }

    static func updates(_ trace: Trace) -> [String] {
        trace.events.filter { $0.detail.hasPrefix("updateInteractiveTransition") }.map(\.detail)
    }

    // MARK: Fluid back swipe

    @Test func rubberBandLeavesZeroToOneAloneAndBandsOutside() {
        let fluid = FluidBackSwipe(profile: Self.ios26)
        for p in [-0.3, -0.001, 0, 0.5, 0.999, 1, 1.001, 1.4, 5] {
            let expected = p > 1 ? 1 + Self.band(p - 1) : p < 0 ? -Self.band(-p) : p
            #expect(abs(fluid.rubberBanded(p) - expected) < 1e-12, "p \(p)")
        }
        #expect(fluid.rubberBanded(1e6) < 1.5 && fluid.rubberBanded(-1e6) > -0.5)
    }

    /// A back swipe released finishing, grabbed again at the edge 0.1 s later and dragged `regrab` points:
    /// p = paused progress + translation / W. At p >= 1 the non-fluid path sends 0.999, the fluid one
    /// 1 + b(p - 1) (drawn: FluidRubberBandTests); below 1 both send p.
    @Test(arguments: [(150.0, true), (20.0, false)])
    func pastTheEndTheFluidSwipeBandsInsteadOfCapping(regrab: Double, reachesTheEnd: Bool) throws {
        var touches = steadyDrag(x0: 5, y0: 400, dx: 300, speed: 300)
        let grab = touches.last!.t + 0.1
        touches += steadyDrag(x0: 5, y0: 400, dx: regrab, speed: 300).map {
            Touch(t: grab + $0.t - 0.1, id: 1, phase: $0.phase, x: $0.x, y: $0.y)
        }
        // Released at p0 = 290 / W, finishing linearly over min(T, (1 - p0) W / 300); 0.1 s of it has run.
        let p0 = 290 / Self.W
        let remaining = min(Self.T, (1 - p0) * Self.W / 300)
        let paused = p0 + (1 - p0) * 0.1 / remaining
        let reached = paused + (regrab - 10) / Self.W
        #expect((reached >= 1) == reachesTheEnd)
        let classic = try runCatalog("nav.interactive-pop", touches: touches, profile: Self.classic)
        let fluid = try runCatalog("nav.interactive-pop", touches: touches, profile: Self.ios26)
        #expect(classic.events.contains { $0.detail == "pauseInteractiveTransition" })
        #expect(Self.updates(classic).contains("updateInteractiveTransition(0.9990)") == reachesTheEnd)
        let banded = Simulation.call("updateInteractiveTransition", fraction: 1 + Self.band(reached - 1))
        #expect((Self.updates(fluid).last == banded) == reachesTheEnd)
        #expect(!Self.updates(fluid).contains("updateInteractiveTransition(0.9990)"))
        if !reachesTheEnd { #expect(Self.updates(classic) == Self.updates(fluid)) }
    }

    /// Edge flick: a steady swipe whose mean velocity stays at or above 1 width per second keeps the
    /// phase, and the hand-off velocity is multiplied by 1.5: remaining = min(T, (1 - p) W / (1.5 v)).
    /// Below the threshold the phase ends at the first sample and nothing changes. The decision is the same.
    @Test(arguments: [(1.1, true), (0.9, false)])
    func theEdgeFlickBoostsOnlyTheFinishingSpeed(widthsPerSecond: Double, boosted: Bool) throws {
        let speed = widthsPerSecond * Self.W
        let touches = steadyDrag(x0: 5, y0: 400, dx: 300, speed: speed)
        let p = (300 - travelLostAtBegan(touches, beginsAt: 15)) / Self.W
        let pops = p + speed / Self.W * Self.T > Self.popThreshold
        let classic = try runCatalog("nav.interactive-pop", touches: touches, profile: Self.classic)
        let fluid = try runCatalog("nav.interactive-pop", touches: touches, profile: Self.ios26)
        #expect(classic.outcome.completed == pops && fluid.outcome.completed == pops)
        let release = touches.last!.t
        let plain = min(Self.T, (1 - p) * Self.W / speed)
        let boost = min(Self.T, (1 - p) * Self.W / (speed * (boosted ? 1.5 : 1)))
        #expect(abs(classic.outcome.t - Self.tick(atOrAfter: release + plain)) < 1e-9)
        #expect(abs(fluid.outcome.t - Self.tick(atOrAfter: release + boost)) < 1e-9)
    }

    /// The boost never flips a decision: at the distance boundary of a slow swipe (150 pt/s, below the
    /// edge-flick threshold) and of a fast one (600 pt/s, above it) both profiles decide alike.
    @Test(arguments: [150.0, 600.0])
    func theDecisionIsTheSameWithAndWithoutTheBoost(speed: Double) throws {
        // Boundary: (dx - lost) / W + v T / W = threshold, lost the travel of the move before began.
        let estimate = steadyDrag(x0: 5, y0: 400, dx: 15 + Self.W * Self.popThreshold - speed * Self.T, speed: speed)
        let boundary = travelLostAtBegan(estimate, beginsAt: 15) + Self.W * Self.popThreshold - speed * Self.T
        for dx in [boundary - 1, boundary + 1] where dx > 20 {
            let touches = steadyDrag(x0: 5, y0: 400, dx: dx, speed: speed)
            let pops = (dx - travelLostAtBegan(touches, beginsAt: 15)) / Self.W + speed / Self.W * Self.T > Self.popThreshold
            #expect(try runCatalog("nav.interactive-pop", touches: touches, profile: Self.classic).outcome.completed == pops)
            #expect(try runCatalog("nav.interactive-pop", touches: touches, profile: Self.ios26).outcome.completed == pops)
        }
    }

    // MARK: Content pop

    static func contentSpec(offset: Double, contentWidth: Double) throws -> ScenarioSpec {
        var spec = try #require(ScenarioCatalog.named("nav.content-swipe-pop"))
        spec.contentScroll = ContentScrollSpec(offset: offset, contentWidth: contentWidth)
        return spec
    }

    static func run(_ spec: ScenarioSpec, _ touches: [Touch], profile: EngineProfile) throws -> Trace {
        try Engine(profile: profile).run(scenario: spec, device: .phone, refreshHz: 60, touches: touches)
    }

    /// From the middle of the content: the content pop begins after 30 pt (D26 `_shouldTryToBeginWithEvent:`)
    /// and decides by the back-swipe rule with p = (dx - lost) / W, lost the travel of the move before
    /// it began (its 30 pt `_hysteresis` removed from it: all of it); without `nav.content_pop`
    /// nothing happens. At 150 pt/s about 2.5 pt a move: lost 27.5 to 30, the boundary about 163.8.
    @Test(arguments: [161.0, 166.0])
    func aSwipeFromTheContentPopsByTheBackSwipeRule(dx: Double) throws {
        let touches = steadyDrag(x0: 150, y0: 400, dx: dx, speed: 150)
        let pops = (dx - travelLostAtBegan(touches, beginsAt: 30)) / Self.W + 150 / Self.W * Self.T > Self.popThreshold
        #expect(pops == (dx > 163.8))
        let ios26 = try runCatalog("nav.content-swipe-pop", touches: touches, profile: Self.ios26)
        #expect(ios26.outcome.completed == pops)
        #expect(!ios26.frames.isEmpty)
        let classic = try runCatalog("nav.content-swipe-pop", touches: touches, profile: Self.classic)
        #expect(!classic.outcome.completed && classic.frames.isEmpty)
        #expect(calls(classic, kinds: ["gesture"]) == ["edgePan.failed"])
    }

    /// The content pop begins when the finger has travelled 30 pt towards the back direction: 29 pt
    /// starts nothing, 31 pt starts the pop.
    @Test(arguments: [(29.0, false), (31.0, true)])
    func theContentPopBeginsAtThirtyPoints(dx: Double, begins: Bool) throws {
        let touches = drag(x0: 150, y0: 400, dx: dx, dy: 0, steps: 10)
        let trace = try runCatalog("nav.content-swipe-pop", touches: touches, profile: Self.ios26)
        #expect(trace.events.contains { $0.kind == "gesture" && $0.detail == "began" } == begins)
        #expect(!trace.frames.isEmpty == begins)
    }

    /// Vertical drift: the content pop fails at |dy| >= min(25, 10 + (30 - 10) / 25 |dx|). A first move
    /// of (5, 14) is at the allowance (14) and fails; (5, 13.9) does not, and the swipe goes on to pop.
    @Test(arguments: [(14.0, false), (13.9, true)])
    func verticalDriftFailsTheContentPop(dy: Double, pops: Bool) throws {
        #expect((dy >= min(25, 10 + (30.0 - 10) / 25 * 5)) == !pops)
        var touches = [
            Touch(t: 0.1, id: 0, phase: .began, x: 150, y: 400), Touch(t: 0.1 + 1 / 60, id: 0, phase: .moved, x: 155, y: 400 + dy),
        ]
        for k in 2...20 { touches.append(Touch(t: 0.1 + Double(k) / 60, id: 0, phase: .moved, x: 155 + 15 * Double(k - 1), y: 400 + dy)) }
        touches.append(Touch(t: touches.last!.t, id: 0, phase: .ended, x: touches.last!.x, y: touches.last!.y))
        let trace = try runCatalog("nav.content-swipe-pop", touches: touches, profile: Self.ios26)
        #expect(trace.outcome.completed == pops)
    }

    /// A swipe the other way fails the content pop when it has travelled 30 pt (unsupported edge).
    @Test func aSwipeTowardsTheLeadingEdgeFails() throws {
        let trace = try runCatalog(
            "nav.content-swipe-pop", touches: drag(x0: 300, y0: 400, dx: -200, dy: 0, steps: 20), profile: Self.ios26)
        #expect(calls(trace, kinds: ["gesture"]) == ["backSwipe.failed"])
        #expect(trace.frames.isEmpty)
    }

    /// An edge touch is the edge recognizer's: the same swipe from x = 5 gives nav.interactive-pop's frames and outcome.
    @Test func anEdgeTouchIsTheEdgeRecognizers() throws {
        let touches = steadyDrag(x0: 5, y0: 400, dx: 200, speed: 500)
        let content = try runCatalog("nav.content-swipe-pop", touches: touches, profile: Self.ios26)
        let edge = try runCatalog("nav.interactive-pop", touches: touches, profile: Self.ios26)
        #expect(content.frames == edge.frames)
        #expect(content.outcome == edge.outcome)
    }

    /// A content scroll view that can scroll back (offset > 0) takes the swipe: its pan begins at 10 pt and
    /// the content pop fails there. At its leading edge (offset 0), or with nothing to scroll, the pop wins.
    @Test(arguments: [(0.0, 1200.0, true), (1.0, 1200.0, false), (100.0, 1200.0, false), (100.0, 390.0, true)])
    func aScrollViewThatCanScrollBackWins(offset: Double, contentWidth: Double, pops: Bool) throws {
        let spec = try Self.contentSpec(offset: offset, contentWidth: contentWidth)
        let canScrollBack = contentWidth > Self.W && offset > 0
        #expect(canScrollBack == !pops)
        let touches = steadyDrag(x0: 150, y0: 400, dx: 250, speed: 600)
        let trace = try Self.run(spec, touches, profile: Self.ios26)
        #expect(trace.outcome.completed == pops)
        if !pops {
            let failed = try #require(trace.events.first { $0.kind == "gesture" && $0.detail == "failed" })
            // The first event whose finger is 10 pt or more from where it landed.
            let tenPoints = try #require(touches.first { $0.x - 150 >= 10 })
            #expect(failed.t == tenPoints.t)
        }
    }

    // MARK: A back swipe catches a running push

    /// A tap at 0.1 s pushes B from its lift at t0 = 0.2 s (linear clock over T). A steady edge swipe at
    /// `speed` lands at `landing` and travels `dx`: it begins at the first move 15 pt in (the pan's 10 pt
    /// removed from the previous event's translation), where the push is caught at (t_b - t0) / T.
    static func catchTouches(landing: Double, dx: Double, speed: Double) -> [Touch] {
        tapTouches()
            + steadyDrag(x0: 5, y0: 400, dx: dx, speed: speed).map {
                Touch(t: landing + $0.t - 0.1, id: 1, phase: $0.phase, x: $0.x, y: $0.y)
            }
    }

    /// Without `nav.interruptible` (classic, iOS 18) the swipe is ignored: the push runs to its end as nav.push does.
    @Test func withoutInterruptibleTheSwipeIsIgnored() throws {
        let touches = Self.catchTouches(landing: 0.3, dx: 250, speed: 800)
        let caught = try runCatalog("nav.interrupt-push", touches: touches, profile: Self.classic)
        let push = try runCatalog("nav.push", touches: tapTouches(), profile: Self.classic)
        #expect(caught.frames == push.frames)
        #expect(caught.outcome == push.outcome && caught.outcome.completed)
        #expect(!caught.events.contains { $0.kind == "gesture" && $0.subject == "edgePan" })
    }

    /// With it (iOS 26) the push is caught where it is on screen, the translation takes progress away
    /// (p = base - (raw - lost) / W, lost the travel of the move before began: the 15 pt
    /// `_setHysteresis:` removes all of it), and the release decides by the back-swipe rule on the pop's progress
    /// 1 - p: a pop cancels the push. The swipe moves `step` points every 1/60 s (v = 60 step) for `n`
    /// moves; it begins at the first move 15 pt in. Either side of the boundary n* where
    /// 1 - base + (n step - 10) / W + v T / W = threshold.
    @Test(arguments: [-1, 1])
    func aCaughtPushFollowsTheFingerAndDecidesByTheBackSwipeRule(side: Int) throws {
        let (t0, dt, step) = (0.2, 1.0 / 60, 1.5)
        let speed = step * 60
        let landing = 0.3
        let began = (1...100).first { Double($0) * step >= 15 }!
        let base = (landing + Double(began) * dt - t0) / Self.T
        let lost = Double(began - 1) * step
        let boundary = ((Self.popThreshold - 1 + base - speed * Self.T / Self.W) * Self.W + lost) / step
        let n = side < 0 ? Int(boundary.rounded(.down)) - 1 : Int(boundary.rounded(.up)) + 1
        var touches = tapTouches() + [Touch(t: landing, id: 1, phase: .began, x: 5, y: 400)]
        for k in 1...n { touches.append(Touch(t: landing + Double(k) * dt, id: 1, phase: .moved, x: 5 + Double(k) * step, y: 400)) }
        touches.append(Touch(t: touches.last!.t, id: 1, phase: .ended, x: touches.last!.x, y: 400))
        let caughtAt = landing + Double(began) * dt
        #expect(caughtAt < t0 + Self.T)
        let trace = try runCatalog("nav.interrupt-push", touches: touches, profile: Self.ios26)
        #expect(trace.events.contains { abs($0.t - caughtAt) < 1e-12 && $0.detail == "pauseInteractiveTransition" })
        // Start: before the catch the push runs on its clock, (t - t0) / T.
        let before = try #require(trace.frames.last { $0.t < caughtAt - 1e-9 })
        #expect(abs(before.progress - (before.t - t0) / Self.T) < 1e-9)
        // Middle: a frame after move k shows base - (k step - 10) / W.
        for k in [began + 1, (began + n) / 2, n - 1] {
            let frame = try #require(trace.frames.first { $0.t >= landing + Double(k) * dt - 1e-9 })
            let p = base - (Double(k) * step - lost) / Self.W
            let expected = p < 0 ? -Self.band(-p) : p  // drawn past the start, rubber-banded
            #expect(abs(frame.progress - expected) < 1e-9, "move \(k)")
        }
        // End: pop (the push cancelled) iff 1 - p + v T / W > threshold.
        let p = base - (Double(n) * step - lost) / Self.W
        let pops = 1 - p + speed / Self.W * Self.T > Self.popThreshold
        #expect(pops == (side > 0))
        #expect(trace.outcome.completed == !pops)
        #expect(trace.outcome.hierarchy.contains("\"B\"") == !pops)
    }

    /// A catch is continuous: the first frame after the catch equals the last frame at it while the finger rests.
    @Test func theFirstFrameAfterTheCatchEqualsTheLastBeforeIt() throws {
        let dt = 1.0 / 60
        let landing = 0.2 + 6 * dt
        var touches = tapTouches() + [Touch(t: landing, id: 1, phase: .began, x: 5, y: 400)]
        touches.append(Touch(t: landing + dt, id: 1, phase: .moved, x: 17, y: 400))
        touches.append(Touch(t: landing + 2 * dt, id: 1, phase: .moved, x: 25, y: 400))  // 20 pt: began, the push caught
        touches.append(Touch(t: landing + 30 * dt, id: 1, phase: .moved, x: 200, y: 400))
        touches.append(Touch(t: landing + 30 * dt, id: 1, phase: .ended, x: 200, y: 400))
        let caughtAt = landing + 2 * dt
        let trace = try runCatalog("nav.interrupt-push", touches: touches, profile: Self.ios26)
        let resting = trace.frames.filter { $0.t >= caughtAt - 1e-9 && $0.t < landing + 30 * dt - 1e-9 }
        #expect(resting.count > 20)
        // The catch falls within 1e-15 s of a tick: the frame there and every frame after it until the next move agree.
        #expect(resting.allSatisfy { abs($0.progress - (caughtAt - 0.2) / Self.T) < 1e-9 })
        #expect(resting.dropFirst().allSatisfy { $0.views == resting[1].views })
        let before = try #require(trace.frames.last { $0.t < caughtAt - 1e-9 })
        #expect(abs(before.progress - (before.t - 0.2) / Self.T) < 1e-9)
        // p = base - (200 - 5 - 10) / W < 0: the pop wins and the push is cancelled.
        #expect(!trace.outcome.completed)
    }
}
