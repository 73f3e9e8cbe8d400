import Testing

@testable import ReelTiming

@Suite struct PropertyAnimatorTests {
    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) < tolerance }

    @Test func runsPausesAndResumesOnTheSameTimeline() throws {
        var animator = PropertyAnimator(duration: 1, timing: .curve(.linear))
        #expect(animator.state == .inactive && !animator.isRunning)
        try animator.start(at: 0)
        #expect(animator.state == .active && animator.isRunning)
        #expect(near(animator.fraction(at: 0.25), 0.25))
        #expect(animator.fractionComplete == nil)
        try animator.pause(at: 0.4)
        #expect(animator.fractionComplete.map { near($0, 0.4) } == true)
        #expect(near(animator.fraction(at: 5), 0.4))
        try animator.start(at: 1)
        #expect(near(animator.fraction(at: 1.3), 0.7))
        #expect(animator.completionTime.map { near($0, 1.6) } == true)
        #expect(animator.update(to: 1.59) == nil)
        #expect(animator.update(to: 1.6) == .end)
        #expect(animator.state == .inactive && !animator.isRunning)
        #expect(animator.fraction(at: 9) == 1)
    }

    @Test func resumedCurveContinuesItsShape() throws {
        var animator = PropertyAnimator(duration: 0.6, timing: .curve(.easeInEaseOut))
        try animator.start(at: 0)
        try animator.pause(at: 0.1)
        try animator.start(at: 2)
        #expect(near(animator.fraction(at: 2.2), TimingCurve.easeInEaseOut.value(at: 0.5)))
    }

    @Test func fractionCompleteIsSettableOnlyWhilePaused() throws {
        var animator = PropertyAnimator(duration: 1, timing: .curve(.easeInEaseOut))
        try animator.setFractionComplete(0.4)  // inactive -> active, paused
        #expect(animator.state == .active && !animator.isRunning)
        #expect(near(animator.fraction(at: 3), 0.4))
        try animator.continueAnimation(at: 1)
        // Remaining 0.6 of the distance over 0.6 × duration with the animator's curve.
        #expect(near(animator.fraction(at: 1.3), 0.4 + 0.6 * TimingCurve.easeInEaseOut.value(at: 0.5)))
        #expect(throws: PropertyAnimatorError.running) { try animator.setFractionComplete(0.1) }
        #expect(animator.update(to: 1.6) == .end)
    }

    @Test func reversingMidFlightHeadsBackWithoutAJump() throws {
        var animator = PropertyAnimator(duration: 1, timing: .curve(.linear))
        try animator.start(at: 0)
        try animator.setReversed(true, at: 0.6)
        #expect(animator.isReversed)
        #expect(near(animator.fraction(at: 0.6), 0.6))
        #expect(near(animator.fraction(at: 0.9), 0.3))
        #expect(animator.completionTime.map { near($0, 1.2) } == true)
        #expect(animator.update(to: 1.2) == .start)
        #expect(animator.fraction(at: 2) == 0)
    }

    @Test func percentDrivenCancelWithDurationFactor() throws {
        // UIKit's percent-driven cancel: isReversed = true, continueAnimation(nil, p / completionSpeed).
        let p = 0.3
        let completionSpeed = 0.5
        let duration = 0.35
        var animator = PropertyAnimator(duration: duration, timing: .curve(.linear))
        try animator.pause(at: 0)
        try animator.setFractionComplete(p)
        try animator.setReversed(true, at: 2)
        try animator.continueAnimation(timing: nil, durationFactor: p / completionSpeed, at: 2)
        let remaining = p / completionSpeed * duration
        #expect(animator.completionTime.map { near($0, 2 + remaining) } == true)
        #expect(near(animator.fraction(at: 2 + remaining / 2), p / 2))
        #expect(animator.update(to: 2 + remaining) == .start)
    }

    @Test func continueWithASpringHandsOffFromTheCurrentFraction() throws {
        var animator = PropertyAnimator(duration: 0.5, timing: .curve(.linear))
        try animator.setFractionComplete(0.5)
        try animator.continueAnimation(timing: .dampedSpring(dampingRatio: 1, initialVelocity: 2), durationFactor: 0, at: 1)
        let spring = Spring(duration: 0.25, dampingRatio: 1, initialVelocity: 2)
        #expect(near(animator.fraction(at: 1.1), 0.5 + 0.5 * spring.position(at: 0.1)))
        #expect(animator.currentTiming == .dampedSpring(dampingRatio: 1, initialVelocity: 2))
        #expect(animator.completionTime.map { near($0, 1.25) } == true)
    }

    @Test func animationsAddedMidFlightRunOverTheRemainingTime() throws {
        var animator = PropertyAnimator(duration: 1, timing: .curve(.linear))
        try animator.start(at: 0)
        let added = animator.addAnimations(at: 0.5)
        #expect(near(added.startFraction, 0.5))
        #expect(near(animator.progress(of: added, at: 0.5), 0))
        #expect(near(animator.progress(of: added, at: 0.75), 0.5))
        #expect(near(animator.progress(of: added, at: 1), 1))
    }

    @Test func stopAndFinish() throws {
        var animator = PropertyAnimator(duration: 1, timing: .curve(.linear))
        try animator.start(at: 0)
        try animator.stop(withoutFinishing: false, at: 0.3)
        #expect(animator.state == .stopped && !animator.isRunning)
        #expect(near(animator.fraction(at: 1), 0.3))
        #expect(throws: PropertyAnimatorError.stopped) { try animator.start(at: 1) }
        #expect(throws: PropertyAnimatorError.stopped) { try animator.pause(at: 1) }
        #expect(try animator.finish(at: .end, time: 1) == .end)
        #expect(animator.state == .inactive && animator.fraction(at: 1) == 1)

        var other = PropertyAnimator(duration: 1, timing: .curve(.linear))
        #expect(throws: PropertyAnimatorError.notActive) { try other.continueAnimation(at: 0) }
        #expect(throws: PropertyAnimatorError.notStopped) { try other.finish(at: .start, time: 0) }
        try other.start(at: 0)
        try other.stop(withoutFinishing: true, at: 0.25)
        #expect(other.state == .inactive && near(other.fraction(at: 3), 0.25))
    }

    @Test func uikitRawValues() {
        #expect(PropertyAnimator.State.inactive.rawValue == 0 && PropertyAnimator.State.stopped.rawValue == 2)
        #expect(PropertyAnimator.Position.end.rawValue == 0 && PropertyAnimator.Position.current.rawValue == 2)
    }
}
