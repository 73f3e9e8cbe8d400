import ReelTiming

/// One transition in flight (a presentation, dismissal, push or pop): its context, animator,
/// interaction controller and coordinator, its clock, and what its completion does to the hierarchy.
final class KitTransition {
    enum Kind { case present, dismiss, push, pop, tab }

    let kind: Kind
    let from: UIViewController
    let to: UIViewController
    let animator: UIViewControllerAnimatedTransitioning
    let interactor: UIViewControllerInteractiveTransitioning?
    let isAnimated: Bool
    /// Who the transition calls are addressed to in events ("B.transition", "nav").
    let subject: String
    /// The subject of presentation-controller events ("B.presentation"), for presentations and dismissals.
    let presentationSubject: String?
    let start: Double
    @exclusivity(unchecked) private(set) var context: KitTransitionContext!
    @exclusivity(unchecked) private(set) var coordinator: KitTransitionCoordinator!
    /// The interactive transition's scrubbed time (the animations of animateTransition read it).
    @exclusivity(unchecked) var timeline: TransitionTimeline?
    /// The animator's interruptible animator, when it has one and the transition is interactive.
    @exclusivity(unchecked) var interruptible: UIViewImplicitlyAnimating?
    /// The first animation block or property animator animateTransition made: alongside animations join it.
    @exclusivity(unchecked) private var primaryBlock: (duration: Double, timing: TimingFunction)?
    @exclusivity(unchecked) private var primaryAnimator: UIViewPropertyAnimator?
    @exclusivity(unchecked) private var runningAnimator = false
    /// Whether a finger drives it now.
    @exclusivity(unchecked) var isInteractive = false
    @exclusivity(unchecked) var wasCancelled = false
    @exclusivity(unchecked) var completed = false
    /// What completion does (hierarchy, did-end hooks, appearance), given didComplete.
    var finish: (Bool) -> Void = { _ in }
    /// Called after animationEnded (present/dismiss completion blocks).
    @exclusivity(unchecked) var afterEnd: [() -> Void] = []

    init(
        kind: Kind, from: UIViewController, to: UIViewController, container: UIView, animator: UIViewControllerAnimatedTransitioning,
        interactor: UIViewControllerInteractiveTransitioning?, animated: Bool, subject: String, presentationSubject: String?,
        presentationStyle: UIModalPresentationStyle, frames: KitTransitionContext.Frames, views: [UITransitionContextViewKey: UIView],
        at t: Double
    ) {
        self.kind = kind
        self.from = from
        self.to = to
        self.animator = animator
        self.interactor = interactor
        self.isAnimated = animated
        self.subject = subject
        self.presentationSubject = presentationSubject
        self.start = t
        context = KitTransitionContext(
            transition: self, container: container, style: presentationStyle, frames: frames, views: views)
        coordinator = KitTransitionCoordinator(transition: self)
    }

    var runtime: KitRuntime? { KitRuntime.current }

    func involves(_ controller: UIViewController) -> Bool {
        var current: UIViewController? = controller
        while let candidate = current {
            if candidate === from || candidate === to { return true }
            current = candidate.parent
        }
        return false
    }

    var duration: Double { animator.transitionDuration(using: context) }

    /// The progress frames report: the scrubbed time's, the interruptible animator's, else time / duration.
    func progress(at t: Double) -> Double {
        if let timeline { return timeline.progress(at: t) }
        if let interruptible { return min(max(Double(interruptible.fractionComplete), 0), 1) }
        // The built-in engine's reading: the linear clock's fraction times the duration, over the duration.
        let d = duration
        guard d > 0 else { return 1 }
        let tau = ResolvedTiming(kind: .curve(.linear), duration: d).progress(atElapsed: t - start) * d
        return min(max(tau / d, 0), 1)
    }

    /// Starts it: startInteractiveTransition with an interaction controller, else animateTransition.
    func begin() {
        guard let runtime else { return }
        runtime.transition = self
        if let interactor {
            isInteractive = true
            runtime.emit("transition", subject, "startInteractiveTransition")
            interactor.startInteractiveTransition(context)
        } else {
            if isAnimated { runtime.emit("transition", subject, "animateTransition") }
            runAnimator(timeline: nil)
        }
    }

    /// Runs the animator's animateTransition (its UIView animations bound to `timeline` when
    /// interactive), then the alongside animations registered so far.
    func runAnimator(timeline: TransitionTimeline?) {
        guard let runtime else { return }
        self.timeline = timeline
        runningAnimator = true
        let outer = (runtime.capturingTimeline, runtime.capturingTransitionClock)
        runtime.capturingTimeline = timeline
        runtime.capturingTransitionClock = timeline == nil ? (runtime.now, duration) : nil
        animator.animateTransition(using: context)
        runningAnimator = false
        coordinator.runPendingAlongside()
        (runtime.capturingTimeline, runtime.capturingTransitionClock) = outer
    }

    /// Runs an alongside block with the transition's animation: on the primary property animator,
    /// else as an animation block of the primary block's duration and timing (the transition's
    /// duration and ease in-out when animateTransition made none), on the transition's clock.
    func runAlongside(_ block: @escaping () -> Void) {
        guard let runtime else { return }
        if let primaryAnimator {
            primaryAnimator.addAnimations(block)
            return
        }
        let outer = (runtime.capturingTimeline, runtime.capturingTransitionClock)
        runtime.capturingTimeline = timeline
        runtime.capturingTransitionClock = timeline == nil ? (start, duration) : nil
        let block0 = primaryBlock
        UIView.runBlock(
            duration: block0?.duration ?? duration, delay: 0, timing: block0?.timing ?? .curve(.easeInEaseOut), keyframes: false,
            animations: block, completion: nil)
        (runtime.capturingTimeline, runtime.capturingTransitionClock) = outer
    }

    func noteAnimationBlock(duration: Double, timing: TimingFunction) {
        if runningAnimator, primaryBlock == nil, primaryAnimator == nil { primaryBlock = (duration, timing) }
    }

    func noteAnimator(_ animator: UIViewPropertyAnimator) {
        if runningAnimator || interruptible != nil, primaryBlock == nil, primaryAnimator == nil { primaryAnimator = animator }
    }

    /// completeTransition(didComplete) and everything after it, in UIKit's order.
    func complete(_ didComplete: Bool) {
        guard let runtime, !completed, runtime.transition === self else { return }
        completed = true
        runtime.emit("transition", subject, "completeTransition(\(didComplete))")
        finish(didComplete)
        runtime.transition = nil
        runtime.outcome = (didComplete, runtime.now)
        coordinator.runCompletions()
        animator.animationEnded(didComplete)
        runtime.emit("transition", subject, "animationEnded(\(didComplete))")
        for work in afterEnd { work() }
    }

    /// A display tick: the scrubbed clock reached an end: the animations bound to it complete.
    func timelineEnded(atEnd: Bool, in runtime: KitRuntime) {
        guard let timeline else { return }
        let bound = runtime.groups.filter { group in
            if case .timeline(let owner) = group.clock { return owner === timeline }
            return false
        }
        runtime.groups.removeAll { group in bound.contains { $0 === group } }
        for group in bound {
            for view in group.views { view.finishAnimations(of: group, atStart: !atEnd) }
        }
        for group in bound {
            group.completed = true
            for completion in group.completions { completion(true) }
        }
    }
}
