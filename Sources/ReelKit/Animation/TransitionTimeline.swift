import ReelTiming

/// An interactive transition's time, as UIPercentDrivenInteractiveTransition scrubs it: a linear
/// ReelTiming `PropertyAnimator` over the transition's duration, paused while a finger drives it
/// and continued with the completion curve when it finishes or cancels (the built-in engine's
/// transition clock). The animations of `animateTransition(using:)` read their time from it.
final class TransitionTimeline {
    let duration: Double
    @exclusivity(unchecked) private(set) var clock: PropertyAnimator
    /// Set once the clock reached an end: true at the end, false back at the start.
    @exclusivity(unchecked) private(set) var endedAtEnd: Bool?

    init(duration: Double) {
        self.duration = duration
        clock = PropertyAnimator(duration: duration, timing: .curve(.linear))
    }

    /// The transition's time at session time `t`: fraction x duration (the end's exactly once ended).
    func time(at t: Double) -> Double {
        if let endedAtEnd { return endedAtEnd ? duration : 0 }
        if clock.isRunning { return clock.fraction(at: t) * duration }
        return (clock.fractionComplete ?? 0) * duration
    }

    /// The progress shown in frames: time / duration, clamped to 0...1.
    func progress(at t: Double) -> Double {
        let unclamped = duration > 0 ? time(at: t) / duration : 1
        return min(max(unclamped, 0), 1)
    }

    var isRunning: Bool { endedAtEnd == nil && clock.isRunning }
    var fractionComplete: Double { endedAtEnd.map { $0 ? 1 : 0 } ?? clock.fractionComplete ?? 0 }
    var isReversed: Bool { clock.isReversed }

    func start(at t: Double) { try? clock.start(at: t) }
    func pause(at t: Double) { try? clock.pause(at: t) }
    func setFraction(_ fraction: Double) { try? clock.setFractionComplete(fraction) }
    /// Turns the clock toward the start (true) or the end where it is, keeping its running state.
    func setReversed(_ reversed: Bool, at t: Double) { try? clock.setReversed(reversed, at: t) }

    /// Finish (reversed false) or cancel (true) from where it is, with `timing` over `factor` x duration.
    func `continue`(reversed: Bool, timing: TimingFunction, durationFactor: Double, at t: Double) {
        try? clock.setReversed(reversed, at: t)
        try? clock.continueAnimation(timing: timing, durationFactor: durationFactor, at: t)
    }

    /// Marks the end once the running clock has reached it by tick time `t`; returns whether it ended now.
    func endIfReached(at t: Double) -> Bool {
        guard endedAtEnd == nil, let end = clock.completionTime, t >= end - AnimationGroup.tickTolerance else { return false }
        endedAtEnd = !clock.isReversed
        return true
    }
}
