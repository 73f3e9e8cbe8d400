/// UIViewPropertyAnimator's timing as D26's `UIViewPropertyAnimator` computes it, as a value type
/// driven by explicit times. ReelKit's `UIViewPropertyAnimator` runs on it; the built-in engine's
/// transition clock and ReelKit's `TransitionTimeline` keep `PropertyAnimator`, whose traces this
/// leaves alone.
///
/// On a timing curve the animator has a *time position* u in 0...1 over an internal duration
/// (the duration given at creation); the views show curve(u). Running moves u at 1 / internal
/// duration per second, backwards when reversed (Core Animation's speed -1):
/// - pausing stores `fractionComplete`: curve(u) when scrubbing linearly (views then show the
///   fraction itself), u otherwise (views show curve(fraction));
/// - setting `fractionComplete` clamps it to 0.00001...0.99999 (D26 `-setFractionComplete:`);
///   while running it pauses, sets and continues (`pauseAnimationTransiently`,
///   `_continueWithTimingParameters:nil duration:0`);
/// - `continueAnimation(timing:durationFactor:)` (paused only; D26 ignores it otherwise) resumes
///   at u = curve⁻¹(shown fraction) on the new curve (or the current one) over the internal duration,
///   which a factor k > 0 sets to duration × k / (1 − fractionComplete) (D26
///   `-_continueWithTimingParameters:duration:` with `unitDuration` × k; 0 keeps it): (1 − u) × it
///   left, u × it reversed, so a linear run has k × duration left;
/// - `fractionComplete` is measured toward the current target: setting `isReversed` stores
///   1 − fractionComplete (the views stay), and while running pauses, flips and continues, so the
///   same curve runs backwards from the current u.
///
/// On a spring the fraction follows spring segments: from the creation, the spring fitted to the
/// duration. Pausing stores the displacement fraction (D26 `-_computeDisplacementFractionComplete:`:
/// |1 − |1 − s|| of the shown progress s, so an overshoot past the target folds back, clamped to
/// 0...0.99999) and shows it. A continue, reverse or scrub starts a new spring from the shown
/// fraction to the target, UIKit's UIView fit (`computeDerivedSpringParameters`, epsilon 0.001) over
/// the internal duration × (1 − fractionComplete) (k × duration after a factor k > 0), with the
/// parameters' damping ratio and initial velocity (a physical spring refitted by its damping ratio).
package struct UIKitAnimatorClock: Sendable, Hashable {
    /// How the fraction currently moves.
    private enum Motion: Sendable, Hashable {
        /// curve(u), u = position + direction × (t − anchor) / length while running.
        case curve(TimingCurve, position: Double, length: Double, anchor: Double)
        /// from + (to − from) × timing(elapsed + t − anchor) while running.
        case spring(from: Double, to: Double, timing: ResolvedTiming, elapsed: Double, anchor: Double)
    }

    /// An animation added with `addAnimations(delayFactor:)`: it waits `delayFactor` of the time left
    /// when it was added, then runs over the rest; `startPosition` is the time position then.
    package struct AddedAnimation: Sendable, Hashable {
        package let startPosition: Double
        package let startFraction: Double
        package let delayFactor: Double
    }

    /// D26's bounds of a set fraction.
    package static let fractionBounds = 0.00001...0.99999

    /// The duration given at creation, seconds.
    package let duration: Double
    /// The timing given at creation.
    package let timing: TimingFunction
    /// Whether a paused fraction is a progress (true, UIKit's default) or a time fraction.
    package var scrubsLinearly = true
    /// Whether reaching the end pauses the animator instead of completing it.
    package var pausesOnCompletion = false
    package private(set) var state: PropertyAnimator.State = .inactive
    package private(set) var isRunning = false
    package private(set) var isReversed = false
    /// The timing of the current motion (changes with `continueAnimation`).
    package private(set) var currentTiming: TimingFunction
    /// The stored fractionComplete while paused (a time fraction when not scrubbing linearly),
    /// measured toward the current target: reversed, 0.3 is 30 % of the way back (D26 stores it so:
    /// `_updateAnimationsToFractionComplete:` and `_pauseAnimation:` take 1 − it when reversed).
    private var pausedFraction = 0.0
    private var motion: Motion
    /// Whether the motion is still the first run from the start (added animations follow their own windows).
    private var onFirstRun = true

    /// How physical springs settle (their settling epsilon ends them).
    package let springSettings: SpringSettings
    /// D26's internal duration: `duration` until a continue with a factor k > 0 makes it
    /// duration × k / (1 − fractionComplete).
    package private(set) var internalDuration: Double

    package init(duration: Double, timing: TimingFunction, springSettings: SpringSettings = SpringSettings()) {
        self.duration = duration
        self.timing = timing
        self.currentTiming = timing
        self.springSettings = springSettings
        self.internalDuration = duration
        self.motion = UIKitAnimatorClock.initialMotion(
            timing: timing, duration: duration, reversed: false, anchor: 0, settings: springSettings)
    }

    private static func initialMotion(
        timing: TimingFunction, duration: Double, reversed: Bool, anchor: Double, settings: SpringSettings
    ) -> Motion {
        if case .curve(let curve) = timing {
            return .curve(curve, position: reversed ? 1 : 0, length: duration, anchor: anchor)
        }
        let resolved = timing.resolved(duration: duration, settings: settings)
        return .spring(from: reversed ? 1 : 0, to: reversed ? 0 : 1, timing: resolved, elapsed: 0, anchor: anchor)
    }

    private var direction: Double { isReversed ? -1 : 1 }
    private var target: Double { isReversed ? 0 : 1 }

    /// The time position at `time` of a curve motion.
    private func position(at time: Double) -> Double? {
        guard case .curve(_, let position, let length, let anchor) = motion else { return nil }
        guard isRunning else { return position }
        let moved = length > 0 ? max(time - anchor, 0) / length : .infinity
        return min(max(position + direction * moved, 0), 1)
    }

    /// The fraction the views show at `time` (springs may overshoot).
    package func fraction(at time: Double) -> Double {
        if state == .active, !isRunning { return shownPausedFraction }
        switch motion {
        case .curve(let curve, _, _, _): return curve.value(at: position(at: time) ?? 0)
        case .spring(let from, let to, let timing, let elapsed, let anchor):
            let spent = elapsed + (isRunning ? max(time - anchor, 0) : 0)
            return from + (to - from) * timing.progress(atElapsed: spent)
        }
    }

    private var shownPausedFraction: Double {
        let forward = isReversed ? 1 - pausedFraction : pausedFraction
        if !scrubsLinearly, case .curve(let curve, _, _, _) = motion { return curve.value(at: forward) }
        return forward
    }

    /// `fractionComplete`: the stored value while paused, otherwise what the views show measured
    /// toward the target (1 − it reversed), clamped to 0...1; D26 reads the bounds 0.00001 and
    /// 0.99999 as 0 and 1.
    package func fractionComplete(at time: Double) -> Double {
        let shown = fraction(at: time)
        let value = state == .active && !isRunning ? pausedFraction : (isReversed ? 1 - shown : shown)
        if value == Self.fractionBounds.upperBound { return 1 }
        if value == Self.fractionBounds.lowerBound { return 0 }
        return min(max(value, 0), 1)
    }

    /// While running, the time at which the motion reaches its end.
    package var completionTime: Double? {
        guard isRunning else { return nil }
        switch motion {
        case .curve(_, let position, let length, let anchor):
            return anchor + (isReversed ? position : 1 - position) * length
        case .spring(_, _, let timing, let elapsed, let anchor):
            return anchor + max(timing.duration - elapsed, 0)
        }
    }

    /// `startAnimation()` / `startAnimation(afterDelay:)`: from inactive, runs from the start (the end
    /// when reversed) from `time`; when paused, continues (D26: `-continueAnimation`).
    package mutating func start(at time: Double) throws(PropertyAnimatorError) {
        switch state {
        case .stopped: throw .stopped
        case .inactive:
            state = .active
            isRunning = true
            currentTiming = timing
            internalDuration = duration
            motion = Self.initialMotion(timing: timing, duration: duration, reversed: isReversed, anchor: time, settings: springSettings)
            onFirstRun = true
        case .active:
            if !isRunning { try continueAnimation(timing: nil, durationFactor: 0, at: time) }
        }
    }

    /// `pauseAnimation()`: an inactive animator becomes active and paused at its start.
    package mutating func pause(at time: Double) throws(PropertyAnimatorError) {
        switch state {
        case .stopped: throw .stopped
        case .inactive:
            try start(at: time)
            freeze(at: time)
        case .active: freeze(at: time)
        }
    }

    /// Stores the paused fraction: the progress shown (scrubbing linearly, or on a spring) or the time position.
    private mutating func freeze(at time: Double) {
        guard isRunning else { return }
        let shown = fraction(at: time)
        switch motion {
        case .curve(let curve, _, let length, _):
            let u = position(at: time) ?? 0
            motion = .curve(curve, position: u, length: length, anchor: time)
            let stored = scrubsLinearly ? shown : u
            pausedFraction = isReversed ? 1 - stored : stored
        case .spring(let from, let to, let timing, let elapsed, let anchor):
            motion = .spring(from: from, to: to, timing: timing, elapsed: elapsed + max(time - anchor, 0), anchor: time)
            let displacement = min(max(abs(1 - abs(1 - shown)), 0), Self.fractionBounds.upperBound)
            pausedFraction = isReversed ? 1 - displacement : displacement
        }
        isRunning = false
    }

    /// Setting `fractionComplete`, clamped to `fractionBounds`: paused, it is stored; inactive, the
    /// animator is paused first; running, it pauses, sets and continues (D26).
    package mutating func setFractionComplete(_ fraction: Double, at time: Double) throws(PropertyAnimatorError) {
        let value = Self.clampedSetValue(fraction)
        switch state {
        case .stopped: throw .stopped
        case .inactive:
            try pause(at: time)
            pausedFraction = value
        case .active:
            let wasRunning = isRunning
            freeze(at: time)
            pausedFraction = value
            if wasRunning { try continueAnimation(timing: nil, durationFactor: 0, at: time) }
        }
        onFirstRun = false
    }

    /// Setting `isReversed` (D26 `-setReversed:`): the stored fraction becomes 1 − fractionComplete
    /// (clamped as a set value), so the views stay where they are; while running it pauses, flips and
    /// continues, so a curve runs backwards from its current time position and a spring starts a new
    /// segment to the other end; before the start it sets the direction; a stopped animator ignores it.
    package mutating func setReversed(_ reversed: Bool, at time: Double) throws(PropertyAnimatorError) {
        guard reversed != isReversed, state != .stopped else { return }
        guard state == .active else {
            isReversed = reversed
            return
        }
        let wasRunning = isRunning
        freeze(at: time)
        let complete = fractionComplete(at: time)
        isReversed = reversed
        pausedFraction = Self.clampedSetValue(1 - complete)
        if wasRunning { try continueAnimation(timing: nil, durationFactor: 0, at: time) }
    }

    /// A set fraction as D26 stores it: NaN as 0, clamped to `fractionBounds`.
    private static func clampedSetValue(_ fraction: Double) -> Double {
        min(max(fraction.isNaN ? 0 : fraction, fractionBounds.lowerBound), fractionBounds.upperBound)
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)`: only on a paused animator (D26); a
    /// stopped one is an error, an inactive or running one ignores it.
    package mutating func continueAnimation(timing newTiming: TimingFunction?, durationFactor: Double, at time: Double)
        throws(PropertyAnimatorError)
    {
        if state == .stopped { throw .stopped }
        guard state == .active, !isRunning else { return }
        let shown = shownPausedFraction
        let timing = newTiming ?? currentTiming
        currentTiming = timing
        if durationFactor > 0 && durationFactor.isFinite {
            internalDuration = duration * durationFactor / (1 - pausedFraction)
        }
        if case .curve(let curve) = timing {
            let u = Self.timePosition(of: curve, showing: shown)
            motion = .curve(curve, position: u, length: internalDuration, anchor: time)
        } else {
            motion = springSegment(from: shown, timing: timing, length: internalDuration * (1 - pausedFraction), at: time)
            onFirstRun = false
        }
        if newTiming != nil { onFirstRun = false }
        isRunning = true
    }

    /// A new spring from `fraction` to the target over `length` seconds: UIKit's UIView fit with the
    /// timing's damping ratio and initial velocity (a physical spring by its damping ratio).
    private func springSegment(from fraction: Double, timing: TimingFunction, length: Double, at time: Double) -> Motion {
        var fitted = timing
        if case .spring(let spring) = timing {
            fitted = .uiViewSpring(dampingRatio: spring.dampingRatio, initialVelocity: spring.initialVelocity)
        }
        return .spring(
            from: fraction, to: target, timing: fitted.resolved(duration: length, settings: springSettings), elapsed: 0, anchor: time)
    }

    /// curve⁻¹(progress) (`computeInverseOfTimingFunction`): the time position showing `progress`, by
    /// bisection (the curves UIKit names are monotone; others give the first such time).
    package static func timePosition(of curve: TimingCurve, showing progress: Double) -> Double {
        if case .linear = curve { return min(max(progress, 0), 1) }
        var low = 0.0
        var high = 1.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if curve.value(at: middle) < progress { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// At a display tick: when the running motion has reached its end by `time`, the animator
    /// completes (inactive, the position returned) or, with `pausesOnCompletion`, pauses at the end
    /// (active, not running, fractionComplete 1, or 0 reversed; nil returned: no completion).
    package mutating func update(to time: Double) -> PropertyAnimator.Position? {
        guard isRunning, let end = completionTime, time >= end else { return nil }
        let reached = target
        isRunning = false
        if pausesOnCompletion {
            pausedFraction = 1
            switch motion {
            case .curve(let curve, _, let length, _): motion = .curve(curve, position: reached, length: length, anchor: time)
            case .spring(_, _, let timing, _, _): motion = .spring(from: reached, to: reached, timing: timing, elapsed: 0, anchor: time)
            }
            return nil
        }
        state = .inactive
        motion = .spring(from: reached, to: reached, timing: ResolvedTiming(kind: .curve(.linear), duration: 0), elapsed: 0, anchor: 0)
        return reached >= 1 ? .end : .start
    }

    /// `stopAnimation(_:)`: freezes the shown fraction; without finishing the animator becomes
    /// inactive at once, otherwise stopped until `finish(at:time:)`.
    package mutating func stop(withoutFinishing: Bool, at time: Double) throws(PropertyAnimatorError) {
        switch state {
        case .stopped: throw .stopped
        case .inactive: return
        case .active: break
        }
        let shown = fraction(at: time)
        isRunning = false
        motion = .spring(from: shown, to: shown, timing: ResolvedTiming(kind: .curve(.linear), duration: 0), elapsed: 0, anchor: 0)
        pausedFraction = shown
        isReversed = false
        state = withoutFinishing ? .inactive : .stopped
    }

    /// `finishAnimation(at:)` on a stopped animator: becomes inactive and returns the position.
    package mutating func finish(at position: PropertyAnimator.Position, time: Double) throws(PropertyAnimatorError)
        -> PropertyAnimator.Position
    {
        guard state == .stopped else { throw .notStopped }
        state = .inactive
        return position
    }

    /// `addAnimations(_:delayFactor:)` at `time`: the handle of an animation that waits `delayFactor`
    /// (clamped to 0...1) of the time left, then runs over the rest.
    package func addAnimations(delayFactor: Double, at time: Double) -> AddedAnimation {
        let factor = min(max(delayFactor.isNaN ? 0 : delayFactor, 0), 1)
        let started = state != .inactive
        let u = started ? (position(at: time) ?? elapsedFraction(at: time)) : 0
        return AddedAnimation(startPosition: u, startFraction: started ? fraction(at: time) : 0, delayFactor: factor)
    }

    /// A spring's time position on its first run (elapsed / duration).
    private func elapsedFraction(at time: Double) -> Double {
        guard case .spring(_, _, let timing, let elapsed, let anchor) = motion, timing.duration > 0 else { return 0 }
        return min((elapsed + (isRunning ? max(time - anchor, 0) : 0)) / timing.duration, 1)
    }

    /// The progress of an added animation at `time`. Without a delay: the animator's fraction
    /// (rescaled from the fraction it was added at). With a delay: on the time position, the window
    /// from startPosition + delay × (1 − startPosition) to 1, shaped by the curve (linearly while
    /// paused and scrubbing linearly); on a spring's first run, the timing fitted to the window.
    package func progress(of added: AddedAnimation, at time: Double) -> Double {
        let main = fraction(at: time)
        // Ended (inactive): every animation stands where the animator ended.
        guard added.delayFactor > 0, state != .inactive else {
            if state == .inactive { return main }
            guard added.startFraction > 0 else { return main }
            guard added.startFraction < 1 else { return 1 }
            return (main - added.startFraction) / (1 - added.startFraction)
        }
        let windowStart = added.startPosition + added.delayFactor * (1 - added.startPosition)
        let windowLength = 1 - windowStart
        switch motion {
        case .curve(let curve, _, _, _):
            let u = state == .active && !isRunning ? (isReversed ? 1 - pausedFraction : pausedFraction) : (position(at: time) ?? 0)
            let local = windowLength > 0 ? min(max((u - windowStart) / windowLength, 0), 1) : 1
            if state == .active, !isRunning, scrubsLinearly { return local }
            return curve.value(at: local)
        case .spring(_, _, _, let elapsed, let anchor):
            guard onFirstRun else { return main }
            let spent = elapsed + (isRunning ? max(time - anchor, 0) : 0)
            let window = timing.resolved(duration: windowLength * duration, settings: springSettings)
            return window.progress(atElapsed: spent - windowStart * duration)
        }
    }
}
