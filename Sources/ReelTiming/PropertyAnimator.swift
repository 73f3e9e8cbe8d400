/// A misuse of `PropertyAnimator` that UIKit would answer with an exception.
package enum PropertyAnimatorError: Error, Sendable, Hashable {
    /// The call needs a paused animator but it is running (e.g. setting fractionComplete).
    case running
    /// The call is not allowed on a stopped animator (only `finish(at:time:)` is).
    case stopped
    /// The call needs an active animator (running or paused).
    case notActive
    /// `finish(at:time:)` needs a stopped animator.
    case notStopped
}

/// UIViewPropertyAnimator's state machine as a value type driven by explicit times.
///
/// It animates one scalar fraction: 0 is the start state, 1 the end state (the engine maps
/// it to view states). Internally the fraction moves along a *segment* from one fraction to
/// a target (1, or 0 when reversed) with a resolved timing function; the time spent in the
/// segment advances only while running. Pausing and starting again continue the same
/// segment on the same timeline. Scrubbing (`setFractionComplete`), reversing and
/// `continueAnimation` with new timing or a duration factor start a new segment from the
/// current fraction, so the fraction never jumps.
///
/// Durations of new segments: the remaining distance × `duration` (UIKit's "animations
/// added later run (1 - fractionComplete) × duration"), or `durationFactor × duration` when
/// a factor > 0 is given to `continueAnimation`. A physical spring ignores durations and
/// runs until it settles. New segments start from rest: a spring segment's velocity is 0
/// unless the timing passed to `continueAnimation` carries one (in remaining distances per second).
package struct PropertyAnimator: Sendable, Hashable {
    /// UIViewAnimatingState, with UIKit's raw values.
    package enum State: Int, Sendable, Hashable, Codable {
        case inactive = 0
        case active = 1
        case stopped = 2
    }

    /// UIViewAnimatingPosition, with UIKit's raw values.
    package enum Position: Int, Sendable, Hashable, Codable {
        case end = 0
        case start = 1
        case current = 2
    }

    /// An animation added with `addAnimations(at:)`: it runs from the fraction reached when it
    /// was added to the end, i.e. over the animator's remaining time with its timing.
    package struct AddedAnimation: Sendable, Hashable, Codable {
        /// The animator's fraction when the animation was added.
        package let startFraction: Double
    }

    private struct Segment: Sendable, Hashable {
        var from: Double
        var to: Double
        var timing: ResolvedTiming
        /// Seconds spent in this segment up to `anchor` (or in total while paused).
        var elapsed: Double
        /// Time at which `elapsed` was measured, while running.
        var anchor: Double

        func fraction(elapsed: Double) -> Double { from + (to - from) * timing.progress(atElapsed: elapsed) }
        static func resting(at fraction: Double) -> Segment {
            Segment(
                from: fraction, to: fraction, timing: ResolvedTiming(kind: .curve(.linear), duration: 0),
                elapsed: 0, anchor: 0)
        }
    }

    /// The duration given at creation, seconds.
    package let duration: Double
    /// The timing given at creation.
    package let timing: TimingFunction
    /// How springs settle and fit durations.
    package let springSettings: SpringSettings
    package private(set) var state: State = .inactive
    /// Whether the fraction is advancing with time.
    package private(set) var isRunning = false
    /// Whether the animator heads for the start state (fraction 0) instead of the end.
    package private(set) var isReversed = false
    /// The timing of the current segment's function (changes with `continueAnimation`).
    package private(set) var currentTiming: TimingFunction
    private var segment: Segment

    package init(
        duration: Double, timing: TimingFunction = .curve(.easeInEaseOut),
        springSettings: SpringSettings = SpringSettings()
    ) {
        self.duration = duration
        self.timing = timing
        self.springSettings = springSettings
        self.currentTiming = timing
        self.segment = .resting(at: 0)
    }

    private var target: Double { isReversed ? 0 : 1 }

    /// The fraction at `time`: 0 is the start state, 1 the end state; springs may overshoot.
    package func fraction(at time: Double) -> Double { segment.fraction(elapsed: elapsedInSegment(at: time)) }

    /// The fraction while not running (paused, stopped or inactive); nil while running, when
    /// it depends on time (use `fraction(at:)`).
    package var fractionComplete: Double? { isRunning ? nil : segment.fraction(elapsed: segment.elapsed) }

    /// While running, the time at which the current segment reaches its target.
    package var completionTime: Double? {
        isRunning ? segment.anchor + max(segment.timing.duration - segment.elapsed, 0) : nil
    }

    private func elapsedInSegment(at time: Double) -> Double {
        isRunning ? segment.elapsed + (time - segment.anchor) : segment.elapsed
    }

    /// `startAnimation()`: from inactive, begins at the start (the end when reversed); when
    /// paused, resumes the current segment; when running, does nothing.
    package mutating func start(at time: Double) throws(PropertyAnimatorError) {
        switch state {
        case .stopped: throw .stopped
        case .inactive: beginFromInactive()
        case .active: break
        }
        if !isRunning {
            segment.anchor = time
            isRunning = true
        }
    }

    /// `pauseAnimation()`: freezes the fraction (an inactive animator becomes active and paused at its start).
    package mutating func pause(at time: Double) throws(PropertyAnimatorError) {
        switch state {
        case .stopped: throw .stopped
        case .inactive: beginFromInactive()
        case .active: freeze(at: time)
        }
    }

    /// Setting `fractionComplete`: only while paused (an inactive animator is paused first);
    /// throws `.running` while running, `.stopped` when stopped. The value is clamped to 0...1;
    /// the remainder will run from it to the target over the remaining distance × duration.
    package mutating func setFractionComplete(_ fraction: Double) throws(PropertyAnimatorError) {
        switch state {
        case .stopped: throw .stopped
        case .inactive: beginFromInactive()
        case .active: if isRunning { throw .running }
        }
        segment = newSegment(from: min(max(fraction, 0), 1), timing: currentTiming, durationFactor: 0, time: 0)
    }

    /// Setting `isReversed`: an active animator turns around from its current fraction and heads
    /// for the other end over that remaining distance × duration, keeping its running state.
    package mutating func setReversed(_ reversed: Bool, at time: Double) throws(PropertyAnimatorError) {
        if state == .stopped { throw .stopped }
        guard reversed != isReversed else { return }
        isReversed = reversed
        guard state == .active else { return }
        segment = newSegment(from: fraction(at: time), timing: currentTiming, durationFactor: 0, time: time)
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)` on an active animator.
    /// With no timing and a factor of 0 it resumes like `start(at:)`. Otherwise the animator
    /// runs from its current fraction to the target with `timing` (or the current timing)
    /// over `durationFactor × duration` (factor > 0) or the remaining distance × duration (factor 0).
    package mutating func continueAnimation(
        timing: TimingFunction? = nil, durationFactor: Double = 0,
        at time: Double
    ) throws(PropertyAnimatorError) {
        switch state {
        case .stopped: throw .stopped
        case .inactive: throw .notActive
        case .active: break
        }
        if timing != nil || durationFactor > 0 {
            let from = fraction(at: time)
            currentTiming = timing ?? currentTiming
            segment = newSegment(from: from, timing: currentTiming, durationFactor: durationFactor, time: time)
        }
        if !isRunning {
            segment.anchor = time
            isRunning = true
        }
    }

    /// `addAnimations(_:)`: returns a handle whose `progress(of:at:)` goes from 0 now to 1 at the end.
    package func addAnimations(at time: Double) -> AddedAnimation {
        AddedAnimation(startFraction: fraction(at: time))
    }

    /// The progress of an added animation at `time`: (fraction - start) / (1 - start).
    package func progress(of added: AddedAnimation, at time: Double) -> Double {
        guard added.startFraction < 1 else { return 1 }
        return (fraction(at: time) - added.startFraction) / (1 - added.startFraction)
    }

    /// Call with each new time while running: when the segment has reached its target by
    /// `time`, the animator becomes inactive and the completion position is returned
    /// (`.end`, or `.start` when it ran reversed); otherwise nil.
    package mutating func update(to time: Double) -> Position? {
        guard isRunning, let end = completionTime, time >= end else { return nil }
        let reached = segment.to
        isRunning = false
        state = .inactive
        segment = .resting(at: reached)
        return reached >= 1 ? .end : (reached <= 0 ? .start : .current)
    }

    /// `stopAnimation(_:)`: freezes the fraction where it is. Without finishing the animator
    /// becomes inactive at once (no completion); otherwise it becomes stopped and awaits
    /// `finish(at:time:)`. Does nothing on an inactive animator.
    package mutating func stop(withoutFinishing: Bool, at time: Double) throws(PropertyAnimatorError) {
        switch state {
        case .stopped: throw .stopped
        case .inactive: return
        case .active: break
        }
        freeze(at: time)
        segment = .resting(at: segment.fraction(elapsed: segment.elapsed))
        state = withoutFinishing ? .inactive : .stopped
    }

    /// `finishAnimation(at:)` on a stopped animator: jumps to the end, the start or stays at the
    /// current fraction, becomes inactive, and returns the completion position.
    package mutating func finish(at position: Position, time: Double) throws(PropertyAnimatorError) -> Position {
        guard state == .stopped else { throw .notStopped }
        switch position {
        case .end: segment = .resting(at: 1)
        case .start: segment = .resting(at: 0)
        case .current: break
        }
        state = .inactive
        return position
    }

    private mutating func beginFromInactive() {
        state = .active
        isRunning = false
        currentTiming = timing
        segment = Segment(
            from: isReversed ? 1 : 0, to: target,
            timing: timing.resolved(duration: duration, settings: springSettings),
            elapsed: 0, anchor: 0)
    }

    private mutating func freeze(at time: Double) {
        guard isRunning else { return }
        segment.elapsed = elapsedInSegment(at: time)
        isRunning = false
    }

    private func newSegment(from fraction: Double, timing: TimingFunction, durationFactor: Double, time: Double) -> Segment {
        let length = durationFactor > 0 ? durationFactor * duration : abs(target - fraction) * duration
        return Segment(
            from: fraction, to: target, timing: timing.resolved(duration: length, settings: springSettings),
            elapsed: 0, anchor: time)
    }
}
