import ReelTiming
import ReelTrace

/// One session's simulation: the hierarchy, the transition in flight, the trace so far.
struct Simulation {
    let profile: EngineProfile
    let spec: ScenarioSpec
    let device: Device
    /// Display ticks at the session's refresh rate.
    let frameClock: FrameClock
    /// `clock.max_duration`, at most `Engine.maximumTransitionDuration`: the clock stops a
    /// transition this long after it began.
    let maxTransitionDuration: Double
    /// `render.clamp_alpha`: frames store alpha clamped to 0...1.
    let clampsAlpha: Bool
    var world: World
    var events: [TraceEvent] = []
    var frames: [Frame] = []
    /// The views of all frames so far, at most `Engine.maximumFrameViews`.
    var frameViews = 0
    var transition: ActiveTransition?
    var outcome: Outcome
    /// Index of the next display tick of `frameClock`.
    var nextTick = 0
    /// The hierarchy before the transition in flight, restored on cancel.
    var worldBefore: World?

    /// The transition in flight.
    struct ActiveTransition: Sendable {
        var operation: Operation
        var plan: TransitionPlan
        /// The window before the animator touched it (restored on cancel).
        var stageBefore: Stage
        /// The transition's progress (tau / duration) as UIViewPropertyAnimator drives it: running
        /// linearly for an animated transition, paused and scrubbed while a finger drives it,
        /// reversed (cancel) or not (finish) and continued with the completion curve and
        /// duration factor at release, paused again when a finger takes it back.
        var clock: PropertyAnimator
        /// When the transition began, seconds.
        var start: Double
        /// Transition time at the last update (outside 0...duration when `extendsPastEnds`).
        var tau: Double
        /// Whether progress outside 0...1 reaches the screen (an unclamped fluid back swipe): frames
        /// then continue the views' moves past their ends and report the progress unclamped.
        var extendsPastEnds = false
        /// The finish or cancel of a release outside 0...1, mapping the clock to the views' progress.
        var overshoot: ProgressOvershoot?
        /// Who the transition's calls are addressed to (`Operation.transitionSubject`), worked out
        /// once: every update event names it.
        let subject: String

        init(operation: Operation, plan: TransitionPlan, stageBefore: Stage, clock: PropertyAnimator, start: Double, tau: Double) {
            self.operation = operation
            self.plan = plan
            self.stageBefore = stageBefore
            self.clock = clock
            self.start = start
            self.tau = tau
            subject = operation.transitionSubject
        }

        /// The progress the views show at `t` while the clock runs: the clock's fraction, mapped
        /// through the overshoot of a release outside 0...1.
        func shownFraction(at t: Double) -> Double {
            let fraction = clock.fraction(at: t)
            return overshoot?.progress(atClockFraction: fraction) ?? fraction
        }
    }

    /// A running animation counts as ended at a tick up to this long before its end time
    /// (sums of times like 0.2 + 0.8 may land a rounding error after the tick).
    static let tickTolerance = 1e-9

    init(profile: EngineProfile, spec: ScenarioSpec, device: Device, refreshHz: Double) throws {
        self.profile = profile
        self.spec = spec
        self.device = device
        self.frameClock = FrameClock(refreshHz: refreshHz)
        self.maxTransitionDuration = min(profile.number(.clockMaxDuration), Engine.maximumTransitionDuration)
        self.clampsAlpha = profile.bool(.renderClampAlpha)
        self.world = try World.initial(spec: spec, device: device, profile: profile)
        self.outcome = Outcome(completed: false, t: 0, hierarchy: "")
        try presentInitialControllers()
    }

    /// Puts the hierarchy's already-presented controllers on screen as if presented (with the
    /// scenario's style and animator) before the session: no frames, no events. Each present
    /// changes the world in place and keeps no copy of it (none is needed: a present completed at
    /// once is never cancelled), so n controllers cost their appends, not n copies of a growing
    /// world (issue 48 item 3: 16,000 took 20 s; `InitialPresentationSetupTests` counts the copies).
    private mutating func presentInitialControllers() throws {
        for name in spec.hierarchy.presented ?? [] { try presentInitially(name) }
        events.removeAll()
        outcome = Outcome(completed: false, t: 0, hierarchy: "")
    }

    /// Presents `name` at time 0 and completes the present at once (its events are dropped by the
    /// setup). The window before it is not kept: it is read only by a cancel.
    mutating func presentInitially(_ name: String) throws {
        let (operation, plan) = try beginPresent(target: name, at: 0, interactive: false)
        transition = ActiveTransition(
            operation: operation, plan: plan, stageBefore: Stage(), clock: PropertyAnimator(duration: plan.duration), start: 0,
            tau: plan.duration)
        endTransition(at: 0, completed: true)
    }

    mutating func emit(_ t: Double, _ kind: String, _ subject: String, _ detail: String) {
        events.append(TraceEvent(t: t, kind: kind, subject: subject, detail: detail))
    }

    /// Segue routing before the action: shouldPerform and prepare, or unwind for pop and dismiss.
    /// Returns false when shouldPerformSegue declines.
    mutating func routeSegue(at t: Double) -> Bool {
        guard let identifier = spec.segue else { return true }
        let source = spec.action.source ?? world.topController
        let unwinding = [.pop, .popToRoot, .dismiss].contains(spec.action.kind)
        if unwinding {
            emit(t, "segue", source, "performSegue(\(identifier))")
            emit(t, "segue", source, "canPerformUnwindSegueAction(\(identifier))")
            emit(t, "segue", source, "prepare(for: \(identifier))")
            emit(t, "segue", source, "unwind(for: \(identifier))")
            return true
        }
        let allowed = spec.segueAllowed ?? true
        emit(t, "segue", source, "performSegue(\(identifier))")
        emit(t, "segue", source, "shouldPerformSegue(\(identifier)) -> \(allowed)")
        guard allowed else { return false }
        emit(t, "segue", source, "prepare(for: \(identifier), destination: \(spec.action.target ?? "-"))")
        return true
    }

    /// Starts the scenario's transition at `t` (a tap, or a recognizer's began).
    mutating func startTransition(at t: Double, interactive: Bool) throws -> Bool {
        guard routeSegue(at: t) else { return false }
        let stageBefore = world.stage
        let (operation, plan) = try beginOperation(at: t, interactive: interactive)
        var clock = PropertyAnimator(duration: plan.duration, timing: .curve(.linear))
        if interactive { try clock.pause(at: t) } else { try clock.start(at: t) }
        transition = ActiveTransition(operation: operation, plan: plan, stageBefore: stageBefore, clock: clock, start: t, tau: 0)
        scheduleTicks(from: t)
        return true
    }

    /// Frames resume at the first tick at or after `t`.
    mutating func scheduleTicks(from t: Double) {
        nextTick = max(nextTick, frameClock.firstTick(atOrAfter: t))
    }

    var nextTickTime: Double { frameClock.time(ofTick: nextTick) }

    /// Whether the transition's finish or cancel animation (or a non-interactive transition) is running.
    var isAnimating: Bool { transition?.clock.isRunning ?? false }

    /// Whether a finger drives the transition (its clock paused).
    var isInteractive: Bool { transition?.clock.isRunning == false }

    /// Renders the display tick at `nextTickTime` and completes the transition when its
    /// animation has ended by then, or when `clock.max_duration` has passed since it began.
    mutating func renderTick() {
        guard transition != nil else { return }
        let t = nextTickTime
        nextTick += 1
        // One in-place access to the transition: reading its parts through `transition!` one by
        // one copied the whole transition each time.
        let (frame, ended) = Self.render(
            &transition!, at: t, index: frames.count, stage: world.stage, maxDuration: maxTransitionDuration, clampsAlpha: clampsAlpha)
        frameViews += frame.views.count
        frames.append(frame)
        if let ended { endTransition(at: t, completed: ended) }
    }

    /// The frame of `active` at tick time `t`, and whether the transition ended there (nil: it runs
    /// on; otherwise whether it completed).
    private static func render(
        _ active: inout ActiveTransition, at t: Double, index: Int, stage: Stage, maxDuration: Double, clampsAlpha: Bool
    ) -> (frame: Frame, ended: Bool?) {
        let duration = active.plan.duration
        var ended = false
        if let end = active.clock.completionTime {
            let stop = min(end, active.start + maxDuration)
            ended = t >= stop - Simulation.tickTolerance
            active.tau = ended ? (active.clock.isReversed ? 0 : duration) : active.shownFraction(at: t) * duration
        }
        let unclamped = duration > 0 ? active.tau / duration : 1
        let progress = min(max(unclamped, 0), 1)
        let views =
            active.extendsPastEnds && progress != unclamped
            ? active.plan.extrapolatedViewStates(of: stage, progress: unclamped, clampingAlpha: clampsAlpha)
            : active.plan.viewStates(of: stage, at: active.tau, time: ended ? .infinity : t, clampingAlpha: clampsAlpha)
        let frame = Frame(index: index, t: t, progress: active.extendsPastEnds ? unclamped : progress, views: views)
        return (frame, ended ? !active.clock.isReversed : nil)
    }

    /// completeTransition(completed) and everything after it, in UIKit's order.
    mutating func endTransition(at t: Double, completed: Bool) {
        guard let active = transition else { return }
        let op = active.operation
        transition = nil
        if op.usesContext, active.plan.duration > 0 || isInteractiveScenario {
            emit(t, "transition", op.transitionSubject, "completeTransition(\(completed))")
        }
        if completed {
            active.plan.render(into: &world.stage, at: active.plan.duration)
            for edit in active.plan.finishEdits {
                switch edit {
                case .remove(let key): world.stage.remove(key)
                case .hide(let key): world.stage.setHidden(key, true)
                }
            }
            finishCallbacks(op, at: t)
        } else {
            let loaded = world.loaded
            if let before = worldBefore { world = before }
            world.loaded = world.loaded + loaded.filter { !world.loaded.contains($0) }
            world.stage = active.stageBefore
            cancelCallbacks(op, at: t)
        }
        if op.usesContext, active.plan.duration > 0 || isInteractiveScenario {
            emit(t, "transition", op.transitionSubject, "animationEnded(\(completed))")
        }
        outcome = Outcome(completed: completed, t: t, hierarchy: "")
    }

    var isInteractiveScenario: Bool { spec.interaction != nil }

    private mutating func finishCallbacks(_ op: Operation, at t: Double) {
        switch op.kind {
        case .push, .pop, .selectTab, .showDetail:
            world.stage.removeOwned(by: op.removedOwnersOnFinish)
            emit(t, "lifecycle", op.from, "viewDidDisappear")
            emit(t, "lifecycle", op.to, "viewDidAppear")
            switch op.kind {
            case .push: emit(t, "lifecycle", op.to, "didMove(toParent: nav)")
            case .pop:
                emit(t, "lifecycle", op.from, "didMove(toParent: nil)")
                for name in op.droppedMiddle { emit(t, "lifecycle", name, "didMove(toParent: nil)") }
            case .selectTab: emit(t, "delegate", "tab", "didSelect(\(op.to))")
            case .showDetail: emit(t, "lifecycle", op.to, "didMove(toParent: split)")
            default: break
            }
        case .swapChild:
            world.stage.removeOwned(by: op.removedOwnersOnFinish)
            emit(t, "lifecycle", op.from, "viewDidDisappear")
            emit(t, "lifecycle", op.to, "viewDidAppear")
            world.children.removeAll { $0 == op.from }
            emit(t, "containment", op.from, "removeFromParent")
            emit(t, "lifecycle", op.from, "didMove(toParent: nil)")
            emit(t, "lifecycle", op.to, "didMove(toParent: container)")
        case .present:
            let subject = op.to + ".presentation"
            emit(t, "presentation", subject, "presentationTransitionDidEnd(true)")
            if !op.removedOwnersOnFinish.isEmpty {
                let removed = world.stage.views.filter { op.removedOwnersOnFinish.contains($0.owner) }
                world.stage.removeOwned(by: op.removedOwnersOnFinish)
                if !world.presentations.isEmpty { world.presentations[world.presentations.count - 1].removedViews = removed }
            }
            if op.presenterAppearance { emit(t, "lifecycle", op.from, "viewDidDisappear") }
            emit(t, "lifecycle", op.to, "viewDidAppear")
        case .dismiss:
            emit(t, "presentation", op.from + ".presentation", "dismissalTransitionDidEnd(true)")
            world.stage.removeOwned(by: [op.from])
            emit(t, "lifecycle", op.from, "viewDidDisappear")
            if op.presenterAppearance { emit(t, "lifecycle", op.to, "viewDidAppear") }
        }
    }

    /// UIKit's order after completeTransition(false): the leaving controller comes back.
    private mutating func cancelCallbacks(_ op: Operation, at t: Double) {
        switch op.kind {
        case .pop, .push, .selectTab, .showDetail, .swapChild:
            emit(t, "lifecycle", op.to, "viewWillDisappear")
            emit(t, "lifecycle", op.to, "viewDidDisappear")
            emit(t, "lifecycle", op.from, "viewWillAppear")
            emit(t, "lifecycle", op.from, "viewDidAppear")
        case .present:
            emit(t, "presentation", op.to + ".presentation", "presentationTransitionDidEnd(false)")
            emit(t, "lifecycle", op.to, "viewWillDisappear")
            emit(t, "lifecycle", op.to, "viewDidDisappear")
        case .dismiss:
            emit(t, "presentation", op.from + ".presentation", "dismissalTransitionDidEnd(false)")
            if op.presenterAppearance {
                emit(t, "lifecycle", op.to, "viewWillDisappear")
                emit(t, "lifecycle", op.to, "viewDidDisappear")
            }
            emit(t, "lifecycle", op.from, "viewWillAppear")
            emit(t, "lifecycle", op.from, "viewDidAppear")
        }
    }

    /// The finished trace, its outcome's hierarchy left empty, and the final hierarchy to describe
    /// it when asked (`FinalHierarchy.json`).
    func finished() -> (trace: Trace, hierarchy: FinalHierarchy) {
        (
            Trace(frames: frames, events: events, outcome: outcome),
            FinalHierarchy(world: world, listingHidden: profile.bool(.outcomeHiddenViews))
        )
    }
}
