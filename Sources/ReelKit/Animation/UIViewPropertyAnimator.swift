import ReelTiming

/// UIViewAnimatingState with UIKit's raw values.
public enum UIViewAnimatingState: Int, Sendable {
    case inactive = 0
    case active = 1
    case stopped = 2
}

/// UIViewAnimatingPosition with UIKit's raw values.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0
    case start = 1
    case current = 2
}

/// UIViewPropertyAnimator on ReelTiming's `UIKitAnimatorClock` (D26's timing: a time position on
/// the curve, continued from curve⁻¹ of the fraction, reversed on the same curve; `scrubsLinearly`,
/// `pausesOnCompletion`, `addAnimations(_:delayFactor:)`, setting `fractionComplete` while running
/// pauses, sets and continues): its animations follow the animator's fraction.
///
/// ```swift
/// let animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.8) { card.center.y += 400 }
/// animator.addCompletion { position in context.completeTransition(position == .end) }
/// animator.startAnimation()
/// ```
///
/// As UIKit's, an `NSObject` conforming to `UIViewAnimating` and `UIViewImplicitlyAnimating`: two
/// animators are equal only when they are the same object (`isEqual(_:)`, `hash`, overridable).
@MainActor open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    @exclusivity(unchecked) private(set) var core: UIKitAnimatorClock
    @exclusivity(unchecked) private var groups: [AnimationGroup] = []
    @exclusivity(unchecked) private var completions: [(UIViewAnimatingPosition) -> Void] = []
    public let timingParameters: UITimingCurveProvider?
    @exclusivity(unchecked) public var isInterruptible = true
    @exclusivity(unchecked) public var isUserInteractionEnabled = true

    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        timingParameters = parameters
        if case .uiViewSpring(let ratio, let velocity) = parameters.timingFunction, let runtime = KitRuntime.current,
            !UIViewSpringFit.fits(duration: duration, dampingRatio: ratio, velocity: velocity)
        {
            runtime.fail(
                KitFailure(
                    message: UIViewSpringFit.unfitMessage(duration: duration, dampingRatio: ratio, velocity: velocity, at: runtime.now)))
        }
        core = UIKitAnimatorClock(
            duration: duration, timing: parameters.timingFunction, springSettings: KitRuntime.current?.springSettings ?? SpringSettings())
        super.init()
    }

    /// Whether a paused fraction is a progress (true) or a time fraction whose curve value the views
    /// show (false). Changing it while paused is a session error (D26 raises).
    public var scrubsLinearly: Bool {
        get { core.scrubsLinearly }
        set {
            guard !(core.state == .active && !core.isRunning) else {
                runtime?.fail(
                    KitFailure(message: "UIViewPropertyAnimator.scrubsLinearly set at t = \(now) s while paused (UIKit raises here)"))
                return
            }
            core.scrubsLinearly = newValue
        }
    }

    /// Whether the animator pauses at its end (active, not running, fractionComplete 1) instead of completing.
    public var pausesOnCompletion: Bool {
        get { core.pausesOnCompletion }
        set { core.pausesOnCompletion = newValue }
    }

    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil
    ) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Creates, and starts after `delay`, an animator.
    public static func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, animations: @escaping () -> Void,
        completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    private var runtime: KitRuntime? { KitRuntime.current }
    private var now: Double { runtime?.now ?? 0 }

    public var duration: TimeInterval { core.duration }
    public var state: UIViewAnimatingState { UIViewAnimatingState(rawValue: core.state.rawValue) ?? .inactive }
    public var isRunning: Bool { core.isRunning }

    public var isReversed: Bool {
        get { core.isReversed }
        set { perform("isReversed") { (animator, t) throws(PropertyAnimatorError) in try animator.setReversed(newValue, at: t) } }
    }

    /// The fraction: while paused the value stored (a progress when scrubbing linearly, else a time
    /// fraction); set values are clamped to 0.00001...0.99999; setting it while running pauses, sets
    /// and continues (D26 `-setFractionComplete:`).
    public var fractionComplete: CGFloat {
        get { CGFloat(core.fractionComplete(at: now)) }
        set {
            register()
            perform("fractionComplete") { (animator, t) throws(PropertyAnimatorError) in
                try animator.setFractionComplete(Double(newValue), at: t)
            }
        }
    }

    /// The fraction of `added`'s animations at session time `t` (all of them when nil).
    func fraction(of added: UIKitAnimatorClock.AddedAnimation?, at t: Double) -> Double {
        guard let added else { return core.fraction(at: t) }
        return core.progress(of: added, at: t)
    }

    /// Adds animations: before the animator starts they run over its whole span; added later, from
    /// the current fraction to the end (UIKit's "over the remaining time").
    public func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds animations that wait `delayFactor` (0...1) of the animator's remaining time, then run over
    /// the rest on the animator's curve (AD, D26 `-addAnimations:delayFactor:durationFactor:`).
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        guard let runtime else {
            animation()
            return
        }
        let factor = Double(delayFactor)
        let added: UIKitAnimatorClock.AddedAnimation? =
            core.state == .inactive && !(factor > 0) ? nil : core.addAnimations(delayFactor: factor, at: runtime.now)
        let recorder = AnimationRecorder(chainsModelValues: false)
        runtime.recorders.append(recorder)
        animation()
        runtime.recorders.removeLast()
        runtime.transition?.noteAnimator(self)
        let group = AnimationGroup(clock: .animator(self, added: added), end: core.duration)
        for (change, _) in recorder.changes {
            change.view.animations.append(
                ViewAnimation(
                    channel: change.channel, from: change.from, to: change.to, begin: 0, offset: 0,
                    shape: .timed(ResolvedTiming(kind: .curve(.linear), duration: 1)),
                    group: group))
            if !group.views.contains(where: { $0 === change.view }) { group.views.append(change.view) }
        }
        groups.append(group)
    }

    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    public func startAnimation() {
        register()
        perform("startAnimation") { (animator, t) throws(PropertyAnimatorError) in try animator.start(at: t) }
    }

    /// Starts after `delay` seconds (the fraction holds at its start until then).
    public func startAnimation(afterDelay delay: TimeInterval) {
        register()
        perform("startAnimation") { (animator, t) throws(PropertyAnimatorError) in try animator.start(at: t + max(delay, 0)) }
    }

    public func pauseAnimation() {
        register()
        perform("pauseAnimation") { (animator, t) throws(PropertyAnimatorError) in try animator.pause(at: t) }
    }

    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        perform("continueAnimation") { (animator, t) throws(PropertyAnimatorError) in
            try animator.continueAnimation(timing: parameters?.timingFunction, durationFactor: Double(durationFactor), at: t)
        }
    }

    /// Stops where the views are on screen; without finishing, becomes inactive at once (no completion).
    public func stopAnimation(_ withoutFinishing: Bool) {
        let t = now
        for group in groups {
            for view in group.views {
                let channels = AnimatedChannel.allCases.filter { channel in
                    view.animations.contains { $0.group === group && $0.channel == channel }
                }
                let shown = channels.map { view.presentation($0, at: t) }
                view.finishAnimations(of: group, atStart: false)
                for (channel, value) in zip(channels, shown) { view.restoreModel(channel, value) }
            }
        }
        perform("stopAnimation") { (animator, t) throws(PropertyAnimatorError) in
            try animator.stop(withoutFinishing: withoutFinishing, at: t)
        }
        groups.removeAll()
        if withoutFinishing { unregister() }
    }

    /// Ends a stopped animator at a position and runs the completions.
    public func finishAnimation(at position: UIViewAnimatingPosition) {
        let target = PropertyAnimator.Position(rawValue: position.rawValue) ?? .end
        perform("finishAnimation") { (animator, t) throws(PropertyAnimatorError) in _ = try animator.finish(at: target, time: t) }
        complete(at: position)
    }

    /// The animator reached an end while running (a display tick saw it): views settle, completions run.
    func complete(at position: UIViewAnimatingPosition) {
        for group in groups {
            for view in group.views { view.finishAnimations(of: group, atStart: position == .start) }
        }
        groups.removeAll()
        unregister()
        let pending = completions
        completions.removeAll()
        for completion in pending { completion(position) }
    }

    /// At a display tick: whether the running animator has reached its end by `t` (and so ended).
    func endIfReached(at t: Double) -> UIViewAnimatingPosition? {
        guard core.isRunning, let end = core.completionTime, t >= end - AnimationGroup.tickTolerance else { return nil }
        guard let reached = core.update(to: max(t, end)) else { return nil }
        return UIViewAnimatingPosition(rawValue: reached.rawValue)
    }

    private func register() {
        guard let runtime, !runtime.propertyAnimators.contains(where: { $0 === self }) else { return }
        runtime.propertyAnimators.append(self)
    }

    private func unregister() {
        runtime?.propertyAnimators.removeAll { $0 === self }
    }

    /// Runs a state-machine call; a misuse UIKit raises for stops the scene with a message.
    private func perform(_ call: String, _ body: (inout UIKitAnimatorClock, Double) throws(PropertyAnimatorError) -> Void) {
        do {
            try body(&core, now)
        } catch {
            runtime?.fail(
                KitFailure(message: "UIViewPropertyAnimator.\(call) at t = \(now) s: the animator is \(error) (UIKit raises here)"))
        }
    }
}

extension UIView {
    /// Sets a model value directly (no recording, no checks): the value on screen when an animator stopped.
    func restoreModel(_ channel: AnimatedChannel, _ value: AnimatedValue) {
        switch channel {
        case .frame: modelFrame = value
        case .alpha: modelAlpha = value
        case .transform: modelTransform = value
        case .effect: modelEffect = value
        }
    }
}
