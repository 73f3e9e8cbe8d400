import ReelGestures
import ReelTiming

/// UIPercentDrivenInteractiveTransition on the built-in engine's model: the transition's time is a
/// linear ReelTiming `PropertyAnimator` (`TransitionTimeline`), paused while interactive; `update`
/// sets its fraction (clamped to 0...1); `finish`/`cancel` reverse it or not and continue it with
/// `completionCurve` over ReelGestures' `PercentDriven.durationFactor` (remaining distance /
/// completionSpeed) x duration. With an animator that has an interruptible animator, that animator is
/// driven instead (fractionComplete, isReversed, continueAnimation).
///
/// With `wantsInteractiveStart = false` (D26: the context is in flight, state 1, but not currently
/// interactive, and the tracked animations start running): `update` pauses the transition's clock
/// and sets its fraction (an interruptible animator's fraction is set while it runs); `cancel`
/// reverses it (a running clock turns around where it is; a paused one continues back with
/// `completionCurve`) and marks the context cancelled; `finish` heads for the end and clears the
/// mark, after which the context is no longer in flight and further calls do nothing. Both pass
/// D26's percent, the context's previous percent, which only interactive updates set: 0 here, and
/// `percentComplete` reads 0 too.
///
/// ```swift
/// final class SwipeInteraction: UIPercentDrivenInteractiveTransition {
///     override var completionSpeed: CGFloat { get { 1 - percentComplete } set {} }
/// }
/// ```
@MainActor open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// `objc_setAssociatedObject`'s values (AssociatedObjects.swift), made on first use.
    lazy var associations = AssociatedObjects()
    @exclusivity(unchecked) private weak var transition: KitTransition?
    @exclusivity(unchecked) private var timeline: TransitionTimeline?
    @exclusivity(unchecked) private var driven: UIViewImplicitlyAnimating?
    /// Values <= 0 count as 1 (UIKit's reading).
    @exclusivity(unchecked) open var completionSpeed: CGFloat = 1
    @exclusivity(unchecked) open var completionCurve: UIView.AnimationCurve = .easeInOut
    @exclusivity(unchecked) open var wantsInteractiveStart = true
    /// The timing of the finish or cancel of an interruptible animator (nil: the animator's own timing).
    @exclusivity(unchecked) open var timingCurve: UITimingCurveProvider?
    /// Updates before the transition starts wait for it (UIKit keeps the last one).
    @exclusivity(unchecked) private var pendingPercent: Double?
    /// `wantsInteractiveStart` when the transition started.
    @exclusivity(unchecked) private var startedInteractively = true
    /// A transition started non-interactively that a finish has taken out of flight (D26 state 0).
    @exclusivity(unchecked) private var outOfFlight = false

    public override init() {}

    /// The transition's duration (the animator's transitionDuration).
    public var duration: CGFloat { CGFloat(transition?.duration ?? 0) }

    /// The fraction the transition stands at (linear in the transition's time).
    public var percentComplete: CGFloat {
        if transition != nil && !startedInteractively { return 0 }
        if let driven { return driven.fractionComplete }
        return CGFloat(timeline?.fractionComplete ?? pendingPercent ?? 0)
    }

    private var now: Double { KitRuntime.current?.now ?? 0 }

    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? KitTransitionContext else { return }
        let transition = context.transition
        self.transition = transition
        startedInteractively = wantsInteractiveStart
        outOfFlight = false
        let candidate = transition.animator.interruptibleAnimator(using: context)
        if !(candidate is NoInterruptibleAnimator) {
            driven = candidate
            transition.interruptible = candidate
            transition.runAnimatorAlongsideOnly()
            if wantsInteractiveStart { candidate.pauseAnimation() } else { candidate.startAnimation() }
        } else {
            let timeline = TransitionTimeline(duration: transition.duration)
            self.timeline = timeline
            if wantsInteractiveStart { timeline.pause(at: now) } else { timeline.start(at: now) }
            transition.isInteractive = wantsInteractiveStart
            transition.runAnimator(timeline: timeline)
        }
        // Before the transition is in flight D26 ignores updates unless the start is interactive.
        if let pendingPercent, startedInteractively { update(CGFloat(pendingPercent)) }
    }

    /// Sets the transition's fraction (NaN reads as 0; clamped to 0...1).
    open func update(_ percentComplete: CGFloat) {
        let value = percentComplete.isNaN ? 0 : Double(percentComplete)
        let clamped = min(max(value, 0), 1)
        guard let transition, !transition.completed else {
            pendingPercent = clamped
            return
        }
        if !startedInteractively {
            guard !outOfFlight else { return }
            if let driven {
                driven.fractionComplete = CGFloat(clamped)
            } else if let timeline {
                timeline.pause(at: now)
                timeline.setFraction(clamped)
            }
            return
        }
        if let driven {
            guard !driven.isRunning else { return }
            driven.fractionComplete = CGFloat(clamped)
        } else if let timeline {
            guard !timeline.isRunning else { return }
            timeline.setFraction(clamped)
        }
        transition.context.updateInteractiveTransition(CGFloat(clamped))
    }

    open func finish() { end(finishing: true) }
    open func cancel() { end(finishing: false) }

    /// Pauses a running finish or cancel where it is: a finger takes it back.
    open func pause() {
        guard let transition, !transition.completed else { return }
        if let driven {
            guard driven.isRunning else { return }
            driven.pauseAnimation()
        } else if let timeline {
            guard timeline.isRunning else { return }
            timeline.pause(at: now)
        }
        transition.context.pauseInteractiveTransition()
    }

    private func end(finishing: Bool) {
        guard let transition, !transition.completed else { return }
        if !startedInteractively {
            endNonInteractiveStart(finishing: finishing, transition: transition)
            return
        }
        if let driven, driven.isRunning { return }
        if let timeline, timeline.isRunning { return }
        let p = Double(percentComplete)
        let speed = Double(completionSpeed)
        let factor = PercentDriven.durationFactor(progress: p, completionSpeed: speed, cancelling: !finishing)
        if finishing { transition.context.finishInteractiveTransition() } else { transition.context.cancelInteractiveTransition() }
        if let driven {
            driven.isReversed = !finishing
            driven.continueAnimation(withTimingParameters: timingCurve, durationFactor: CGFloat(factor))
        } else if let timeline {
            timeline.continue(reversed: !finishing, timing: completionCurve.timing, durationFactor: factor, at: now)
        }
    }
}

extension UIPercentDrivenInteractiveTransition {
    /// finish/cancel of a transition started with `wantsInteractiveStart = false` (D26
    /// `-_updateInteractiveTransition:percent:isFinished:YES didComplete:` with the context's previous
    /// percent, 0, then the context's `-finishInteractiveTransition` / `-cancelInteractiveTransition`).
    fileprivate func endNonInteractiveStart(finishing: Bool, transition: KitTransition) {
        guard !outOfFlight else { return }
        let factor = PercentDriven.durationFactor(progress: 0, completionSpeed: Double(completionSpeed), cancelling: !finishing)
        if let driven {
            driven.isReversed = !finishing
            if !driven.isRunning { driven.continueAnimation(withTimingParameters: timingCurve, durationFactor: CGFloat(factor)) }
        } else if let timeline {
            if timeline.isRunning {
                timeline.setReversed(!finishing, at: now)
            } else {
                timeline.continue(reversed: !finishing, timing: completionCurve.timing, durationFactor: factor, at: now)
            }
        }
        if finishing {
            transition.context.finishInteractiveTransition()
            outOfFlight = true
        } else {
            transition.context.cancelInteractiveTransition()
        }
    }
}

extension KitTransition {
    /// The interruptible-animator path: animateTransition is not called; alongside animations join the animator.
    func runAnimatorAlongsideOnly() {
        if let animator = interruptible as? UIViewPropertyAnimator { noteAnimator(animator) }
        coordinator.runPendingAlongside()
    }
}

extension UIPercentDrivenInteractiveTransition: AssociatedObjectOwner {}
