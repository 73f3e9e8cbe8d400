import ReelTiming

/// One property change of one view inside an animation block: from the value on screen when the
/// block ran to the value the block set.
struct ViewAnimation {
    let channel: AnimatedChannel
    let from: AnimatedValue
    let to: AnimatedValue
    /// Seconds of the group's local time at which it begins (the block's delay, a keyframe's start):
    /// a later animation of the channel takes over from then on.
    let begin: Double
    /// Seconds of the group's local time at which its timing starts (the block's delay).
    let offset: Double
    let shape: AnimationShape
    unowned let group: AnimationGroup

    /// The value shown at session time `t`: from + (to - from) x fraction, or a keyframe track's
    /// value (the value the block left, `to`, once its clock has ended: the keyframe animation is
    /// gone and the model shows, which may differ from the last keyframe by start time).
    func value(at t: Double) -> AnimatedValue {
        let fraction = group.fraction(of: self, at: t)
        if case .track(let track, _) = shape { return group.hasEnded(at: t) ? to : track.value(atFraction: fraction) }
        return AnimatedValue.mix(from, to, fraction)
    }
}

/// The animations of one `UIView.animate` (or `animateKeyframes`) call and its completion. Its
/// local time is the session's time since the call (wall), or the interactive transition's
/// scrubbed time (a `TransitionTimeline`), or a property animator's fraction.
final class AnimationGroup {
    enum Clock {
        /// Local time = session time - origin.
        case wall(origin: Double)
        /// An animated transition's animations: local time = the transition's time, read as the
        /// built-in engine reads it while the transition runs (the fraction of a linear clock over
        /// `duration`, times `duration`), session time - origin after it.
        case transition(origin: Double, duration: Double)
        /// Local time = the transition's time.
        case timeline(TransitionTimeline)
        /// The fraction of a UIViewPropertyAnimator (from `added` when added after it started).
        case animator(UIViewPropertyAnimator, added: UIKitAnimatorClock.AddedAnimation?)
    }

    let clock: Clock
    /// Local time at which every animation of the block has ended (delay + duration).
    let end: Double
    @exclusivity(unchecked) var completions: [(Bool) -> Void] = []
    /// The views animated, to remove the group's animations from when it completes.
    @exclusivity(unchecked) var views: [UIView] = []
    @exclusivity(unchecked) var completed = false

    init(clock: Clock, end: Double) {
        self.clock = clock
        self.end = end
    }

    /// A running animation counts as ended at a tick up to this long before its end time (as the
    /// built-in engine counts it: sums of times like 0.2 + 0.8 may land just after the tick).
    static let tickTolerance = 1e-9

    /// Whether the group's animations have ended by session time `t` (wall clocks only; a timeline
    /// or an animator ends them itself).
    func hasEnded(at t: Double) -> Bool {
        switch clock {
        case .wall(let origin), .transition(let origin, _): t >= origin + end - AnimationGroup.tickTolerance
        case .timeline, .animator: false
        }
    }

    /// Local time at session time `t` of a wall or transition clock (infinity once ended).
    private func localTime(at t: Double) -> Double {
        if hasEnded(at: t) { return .infinity }
        switch clock {
        case .wall(let origin): return t - origin
        case .transition(let origin, let duration):
            let elapsed = t - origin
            guard duration > 0, elapsed < duration else { return elapsed }
            return ResolvedTiming(kind: .curve(.linear), duration: duration).progress(atElapsed: elapsed) * duration
        case .timeline, .animator: return 0
        }
    }

    /// The fraction of `animation` at session time `t`.
    func fraction(of animation: ViewAnimation, at t: Double) -> Double { fraction(shape: animation.shape, offset: animation.offset, at: t) }

    /// The fraction at session time `t` of an animation of this group with `shape` whose timing starts `offset` seconds in.
    func fraction(shape: AnimationShape, offset: Double, at t: Double) -> Double {
        switch clock {
        case .wall, .transition:
            return shape.fraction(local: localTime(at: t), offset: offset)
        case .timeline(let timeline):
            return shape.fraction(local: timeline.time(at: t), offset: offset)
        case .animator(let animator, let added):
            return animator.fraction(of: added, at: t)
        }
    }

    /// Whether `animation` applies at `t` although a later one of its channel exists: it has begun.
    func hasBegun(_ animation: ViewAnimation, at t: Double) -> Bool {
        switch clock {
        case .wall, .transition: localTime(at: t) >= animation.begin
        case .timeline(let timeline): timeline.time(at: t) >= animation.begin
        case .animator: true
        }
    }
}
