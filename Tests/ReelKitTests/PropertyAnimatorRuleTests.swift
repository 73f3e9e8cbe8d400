import ReelKit
import ReelTiming
import ReelTrace
import Testing

/// What the scene saw, written from inside its callbacks (one session at a time).
final class Observations: @unchecked Sendable {
    var notes: [String] = []
}

/// UIViewPropertyAnimator as D26 times it (ReelTiming's `UIKitAnimatorClock`): continuing after a
/// scrub, reversing while running, delayed added animations, pausing on completion, non-linear
/// scrubbing, setting the fraction while running. Positions are computed here from the rules
/// (`UIKitRules.Bezier`, its own inverse by bisection), never read back from ReelKit.
@Suite @MainActor struct PropertyAnimatorRuleTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let tap = [Touch(t: 0, id: 0, phase: .began, x: 195, y: 422), Touch(t: 0.1, id: 0, phase: .ended, x: 195, y: 422)]
    /// The tap's time: the scene's action runs then.
    static let t0 = 0.1

    /// A scene whose tap runs `action` with a box (key "box", at 0, 0) and a helper view for timers.
    static func scene(_ action: @escaping @MainActor @Sendable (UIView, UIView) -> Void) -> ReelKitScene {
        BoxScene.make(name: "animator", withTimer: true) { views in
            guard let timer = views.timer else { return }
            action(views.box, timer)
        }
    }

    /// Runs `body` at the display tick `seconds` after now (a UIView.animate of the helper view's alpha).
    static func after(_ seconds: Double, on timer: UIView, _ body: @escaping @MainActor () -> Void) {
        UIView.animate(withDuration: seconds, animations: { timer.alpha = timer.alpha == 1 ? 0.5 : 1 }, completion: { _ in body() })
    }

    /// The tick at which a timer of `seconds` from `start` fires (its animation ends; 1e-9 s early counts).
    static func tick(after seconds: Double, from start: Double, refreshHz: Double = 60) -> Double {
        let clock = FrameClock(refreshHz: refreshHz)
        return clock.time(ofTick: clock.firstTick(atOrAfter: start + seconds - 1e-9))
    }

    static func run(_ scene: ReelKitScene, refreshHz: Double = 60) throws -> Trace {
        try ReelKitEngine(scenes: [scene], name: "animator", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: refreshHz, touches: tap, outcomeHierarchy: false)
    }

    static func x(_ frame: Frame) throws -> Double { try #require(frame.views.first { $0.key == "box" }).x }

    /// Every frame's box x against `expected(t)`, 1e-6 pt (the curve inverse is found by different bisections).
    static func expectFrames(_ trace: Trace, label: String, _ expected: (Double) -> Double) throws {
        #expect(trace.frames.count > 10, "\(label)")
        for frame in trace.frames {
            let value = try x(frame)
            let want = expected(frame.t)
            #expect(abs(value - want) <= 1e-6, "\(label) at \(frame.t): \(value) vs \(want)")
        }
    }

    /// (2) Scrubbed to 0.3 while paused, continued with no timing and factor 0.8: it resumes on its
    /// ease-in-out curve at u = curve⁻¹(0.3) over the internal duration D26 sets for a factor k,
    /// 1 s x k / (1 - fractionComplete) (`-_continueWithTimingParameters:duration:`, `unitDuration` x k),
    /// so (1 - u) of it is left.
    @Test(arguments: [60.0, 120.0])
    func continuingAfterAScrubResumesOnTheCurve(refreshHz: Double) throws {
        let seen = Observations()
        let trace = try Self.run(
            Self.scene { box, _ in
                let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { box.frame.origin.x = 1_000 }
                animator.addCompletion { seen.notes.append("completed \($0 == .end)") }
                animator.pauseAnimation()
                animator.fractionComplete = 0.3
                animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.8)
            }, refreshHz: refreshHz)
        let curve = UIKitRules.Bezier.easeInOut
        let u0 = curve.time(atProgress: 0.3)
        let internalDuration = 1 * 0.8 / (1 - 0.3)
        let left = internalDuration * (1 - u0)
        try Self.expectFrames(trace, label: "\(refreshHz) Hz") { t in
            let elapsed = t - Self.t0
            return elapsed >= left - 1e-9 ? 1_000 : 1_000 * curve.progress(u0 + elapsed / internalDuration)
        }
        #expect(seen.notes == ["completed true"])
        #expect(trace.frames.last?.t == Self.tick(after: left, from: Self.t0, refreshHz: refreshHz))
        // Resuming at u = curve⁻¹(0.3) leaves 0.620 of the run, where a fresh curve from 0.3 would leave 0.70.
        #expect(abs((1 - u0) - 0.620) < 0.0005)
    }

    /// (2b) On a linear curve a factor k leaves exactly k x the duration, whatever the scrub: what
    /// UIPercentDrivenInteractiveTransition relies on when it passes (1 - p) / completionSpeed.
    @Test(arguments: [0.2, 0.5, 0.75])
    func aFactorLeavesThatMuchOfTheDurationOnALinearCurve(scrub: Double) throws {
        let trace = try Self.run(
            Self.scene { box, _ in
                let animator = UIViewPropertyAnimator(duration: 0.8, curve: .linear) { box.frame.origin.x = 1_000 }
                animator.pauseAnimation()
                animator.fractionComplete = CGFloat(scrub)
                animator.continueAnimation(withTimingParameters: nil, durationFactor: CGFloat(1 - scrub))
            })
        let left = 0.8 * (1 - scrub)
        try Self.expectFrames(trace, label: "scrub \(scrub)") { t in
            let elapsed = t - Self.t0
            return elapsed >= left - 1e-9 ? 1_000 : 1_000 * (scrub + (1 - scrub) * elapsed / left)
        }
        #expect(trace.frames.last?.t == Self.tick(after: left, from: Self.t0))
    }

    /// (3) isReversed = true 0.4 s into a 1 s ease-in-out run: the same curve backwards from u = 0.4,
    /// 0.4 s to the start, completing at .start.
    @Test func reversingWhileRunningRunsTheSameCurveBackwards() throws {
        let seen = Observations()
        let trace = try Self.run(
            Self.scene { box, timer in
                let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { box.frame.origin.x = 1_000 }
                animator.addCompletion { seen.notes.append("completed at start \($0 == .start)") }
                animator.startAnimation()
                Self.after(0.4, on: timer) { animator.isReversed = true }
            })
        let curve = UIKitRules.Bezier.easeInOut
        let turn = Self.tick(after: 0.4, from: Self.t0)
        let uTurn = turn - Self.t0
        try Self.expectFrames(trace, label: "reversed") { t in
            if t <= turn { return 1_000 * curve.progress(t - Self.t0) }
            let u = uTurn - (t - turn)
            return u <= 1e-9 ? 0 : 1_000 * curve.progress(u)
        }
        #expect(seen.notes == ["completed at start true"])
        #expect(trace.frames.last?.t == Self.tick(after: uTurn, from: turn))
    }

    /// (3b) D26 -setReversed: stores 1 − fractionComplete: the views stay, and a reversed animator's
    /// fractionComplete counts toward the start (0.2 reversed shows 80 % of the way, linear scrub).
    @Test func aReversedAnimatorsFractionCountsTowardTheStart() throws {
        let seen = Observations()
        let trace = try Self.run(
            Self.scene { box, timer in
                let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { box.frame.origin.x = 1_000 }
                animator.pauseAnimation()
                animator.fractionComplete = 0.3
                animator.isReversed = true
                seen.notes.append("reversed \(animator.fractionComplete)")
                Self.after(0.1, on: timer) { animator.fractionComplete = 0.2 }
                Self.after(0.2, on: timer) { animator.stopAnimation(true) }
            })
        let set = Self.tick(after: 0.1, from: Self.t0)
        #expect(seen.notes.count == 1)
        #expect(seen.notes.first.map { abs(Double($0.dropFirst(9))! - 0.7) < 1e-12 } == true, "\(seen.notes)")
        try Self.expectFrames(trace, label: "reversed scrub") { t in t <= set ? 300 : 800 }
    }

    /// (4) addAnimations(_:delayFactor: 0.25) before the start of a 1 s ease-in animator: the block's
    /// changes wait 0.25 s, then run over 0.75 s on the ease-in curve; the main animations are unchanged.
    @Test func addedAnimationsWaitTheirDelayFactorThenRunOverTheRest() throws {
        let trace = try Self.run(
            Self.scene { box, timer in
                let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { timer.frame.origin.x = 300 }
                animator.addAnimations({ box.frame.origin.x = 1_000 }, delayFactor: 0.25)
                animator.startAnimation()
            })
        let curve = UIKitRules.Bezier.easeIn
        try Self.expectFrames(trace, label: "delayed") { t in
            let u = t - Self.t0
            return u >= 1 - 1e-9 ? 1_000 : 1_000 * curve.progress(max(u - 0.25, 0) / 0.75)
        }
        for frame in trace.frames {
            let timer = try #require(frame.views.first { $0.key == "timer" })
            let u = frame.t - Self.t0
            #expect(abs(timer.x - (u >= 1 - 1e-9 ? 300 : 300 * curve.progress(u))) <= 1e-6)
        }
    }

    /// (5) pausesOnCompletion: at the end the animator pauses (state .active, not running,
    /// fractionComplete 1) and no completion runs.
    @Test func pausingOnCompletionLeavesTheAnimatorActiveAtTheEnd() throws {
        let seen = Observations()
        let trace = try Self.run(
            Self.scene { box, timer in
                let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { box.frame.origin.x = 1_000 }
                animator.pausesOnCompletion = true
                animator.addCompletion { _ in seen.notes.append("completion") }
                animator.startAnimation()
                Self.after(0.7, on: timer) {
                    seen.notes.append(
                        "state \(animator.state.rawValue) running \(animator.isRunning) fraction \(animator.fractionComplete)")
                }
            })
        #expect(seen.notes == ["state 1 running false fraction 1.0"])
        try Self.expectFrames(trace, label: "pauses") { t in 1_000 * min((t - Self.t0) / 0.5, 1) }
    }

    /// (6) scrubsLinearly = false: the paused fraction is a time fraction and the views show
    /// curve(fraction) (187.4 pt of 1,000 at 0.3 on ease-in-out, not 300); continuing resumes at u = 0.3.
    @Test func scrubbingNonLinearlyShowsTheCurveOfTheFraction() throws {
        let seen = Observations()
        let trace = try Self.run(
            Self.scene { box, timer in
                let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { box.frame.origin.x = 1_000 }
                animator.scrubsLinearly = false
                animator.pauseAnimation()
                animator.fractionComplete = 0.3
                seen.notes.append("fraction \(animator.fractionComplete)")
                Self.after(0.2, on: timer) { animator.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
            })
        let curve = UIKitRules.Bezier.easeInOut
        let resume = Self.tick(after: 0.2, from: Self.t0)
        try Self.expectFrames(trace, label: "non-linear") { t in
            if t <= resume { return 1_000 * curve.progress(0.3) }
            let u = 0.3 + (t - resume)
            return u >= 1 - 1e-9 ? 1_000 : 1_000 * curve.progress(u)
        }
        #expect(seen.notes == ["fraction 0.3"])
        #expect(abs(1_000 * curve.progress(0.3) - 187.4) < 0.05)
    }

    /// (7) Setting fractionComplete 0.3 s into a running 1 s ease-in-out animator: D26 pauses, sets
    /// and continues (no exception): from u = curve⁻¹(0.6) on the same curve, 1 - u left.
    @Test func settingTheFractionWhileRunningPausesSetsAndContinues() throws {
        let seen = Observations()
        let trace = try Self.run(
            Self.scene { box, timer in
                let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { box.frame.origin.x = 1_000 }
                animator.addCompletion { seen.notes.append("completed \($0 == .end)") }
                animator.startAnimation()
                Self.after(0.3, on: timer) {
                    animator.fractionComplete = 0.6
                    seen.notes.append("running \(animator.isRunning)")
                }
            })
        let curve = UIKitRules.Bezier.easeInOut
        let set = Self.tick(after: 0.3, from: Self.t0)
        let u = curve.time(atProgress: 0.6)
        try Self.expectFrames(trace, label: "set while running") { t in
            if t <= set { return 1_000 * curve.progress(t - Self.t0) }
            let position = u + (t - set)
            return position >= 1 - 1e-9 ? 1_000 : 1_000 * curve.progress(position)
        }
        #expect(seen.notes == ["running true", "completed true"])
        #expect(trace.frames.last?.t == Self.tick(after: 1 - u, from: set))
    }
}
