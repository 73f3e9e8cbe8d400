import ReelTiming

extension UIViewSpringFit {
    /// The session error for a spring UIKit's fit gives no finite frequency for.
    static func unfitMessage(duration: Double, dampingRatio: Double, velocity: Double, at t: Double) -> String {
        "UIKit's spring fit (12 Newton steps from 5 / T) gives no finite frequency for \(duration) s, damping \(dampingRatio), "
            + "velocity \(velocity) at t = \(t) s: what Core Animation shows then is not known"
    }
}

extension UIView {
    /// UIView.AnimationOptions with UIKit's raw values; the curve bits pick the timing curve.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)

        /// The curve the options pick (ease in-out without a curve bit, as UIKit's default).
        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
    }

    /// UIView.AnimationCurve with UIKit's raw values.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3

        /// Core Animation's control points for the curve (ReelTiming's named curves).
        var timing: TimingFunction {
            switch self {
            case .easeInOut: .curve(.easeInEaseOut)
            case .easeIn: .curve(.easeIn)
            case .easeOut: .curve(.easeOut)
            case .linear: .curve(.linear)
            }
        }
    }

    /// Animates the changes `animations` makes over `duration` seconds after `delay`, along the
    /// options' curve (ReelTiming's curves); `completion` runs at the display tick it ends at.
    ///
    /// ```swift
    /// UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseOut, animations: {
    ///     card.frame.origin.y = 844
    /// }, completion: { finished in context.completeTransition(!context.transitionWasCancelled) })
    /// ```
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        runBlock(
            duration: duration, delay: delay, timing: options.curve.timing, keyframes: false, animations: animations, completion: completion
        )
    }

    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// The spring variant: UIKit's UIView spring (ReelTiming's `UIViewSpringFit`, D26's fit: mass 1,
    /// damping clamped to `FLT_EPSILON...1`, the decay envelope meeting 0.001 at the duration);
    /// `velocity` in whole distances per second.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        runBlock(
            duration: duration, delay: delay, timing: .uiViewSpring(dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity)),
            keyframes: false, animations: animations, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with animations off: its changes show at once.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        guard let runtime = KitRuntime.current else {
            actionsWithoutAnimation()
            return
        }
        runtime.animationsSuppressed += 1
        actionsWithoutAnimation()
        runtime.animationsSuppressed -= 1
    }

    /// One animation block: records the changes, binds them to the session's clock (or the
    /// interactive transition's timeline while the animator runs), registers the completion.
    static func runBlock(
        duration: Double, delay: Double, timing: TimingFunction, keyframes: Bool, keyframeMode: KeyframeCalculationMode = .linear,
        animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        guard let runtime = KitRuntime.current, runtime.animationsSuppressed == 0 else {
            animations()
            completion?(true)
            return
        }
        guard duration.isFinite, delay.isFinite, duration >= 0 else {
            runtime.fail(
                KitFailure(message: "UIView.animate with a duration of \(duration) s and a delay of \(delay) s at t = \(runtime.now) s"))
            return
        }
        if case .uiViewSpring(let ratio, let velocity) = timing,
            !UIViewSpringFit.fits(duration: duration, dampingRatio: ratio, velocity: velocity)
        {
            runtime.fail(
                KitFailure(
                    message: UIViewSpringFit.unfitMessage(duration: duration, dampingRatio: ratio, velocity: velocity, at: runtime.now)))
            return
        }
        let recorder = AnimationRecorder(chainsModelValues: keyframes)
        runtime.recorders.append(recorder)
        animations()
        runtime.recorders.removeLast()
        runtime.transition?.noteAnimationBlock(duration: duration, timing: timing)
        let clock: AnimationGroup.Clock
        if let timeline = runtime.capturingTimeline {
            clock = .timeline(timeline)
        } else if let transition = runtime.capturingTransitionClock, transition.origin == runtime.now {
            clock = .transition(origin: transition.origin, duration: transition.duration)
        } else {
            clock = .wall(origin: runtime.now)
        }
        let group = AnimationGroup(clock: clock, end: max(delay, 0) + duration)
        if let completion { group.completions.append(completion) }
        let resolved = timing.resolved(duration: duration, settings: runtime.springSettings)
        let offset = max(delay, 0)
        addLayerAnimations(recorder, shape: .timed(resolved), offset: offset, group: group, runtime: runtime)
        if keyframes {
            addKeyframeTracks(
                recorder, mode: keyframeMode, whole: resolved, offset: offset, frameInterval: 1 / (runtime.frameClock.refreshHz * duration),
                group: group, runtime: runtime)
            runtime.groups.append(group)
            return
        }
        for (change, _) in recorder.changes {
            change.view.animations.append(
                ViewAnimation(
                    channel: change.channel, from: change.from, to: change.to, begin: offset, offset: offset, shape: .timed(resolved),
                    group: group))
            if !group.views.contains(where: { $0 === change.view }) { group.views.append(change.view) }
        }
        runtime.groups.append(group)
    }

    /// The block's changes to views' layers (cornerRadius) as animations on the block's clock and
    /// timing (in a keyframe block: over the whole block); the group joins the open transactions.
    private static func addLayerAnimations(
        _ recorder: AnimationRecorder, shape: AnimationShape, offset: Double, group: AnimationGroup, runtime: KitRuntime
    ) {
        for change in recorder.layerChanges {
            change.layer.blockAnimations.append(
                LayerBlockAnimation(key: change.key, from: change.from, to: change.to, offset: offset, shape: shape, group: group))
            if let view = change.layer.owningView, !group.views.contains(where: { $0 === view }) { group.views.append(view) }
        }
        let transactions = CATransaction.open(runtime)
        for transaction in transactions { transaction.pending += 1 }
        group.completions.append { _ in for transaction in transactions { transaction.animationEnded() } }
    }
}
