import ReelGestures
import ReelTrace

/// A session with a system sheet that rests at detents (UISheetPresentationController, iOS 15-26):
/// the sheet's own pan (or a scroll view's, `sheet.scroll-handoff`) drags it between its detents,
/// a release settles it on a spring at the detent D26's rule picks, and the dismiss position below
/// the smallest detent dismisses it unless it is modal (`isModalInPresentation`). Frames run from
/// the first drag until the sheet is at rest after the last release.
struct SheetDetentSession {
    /// The scenarios' interaction controllers.
    enum Kind: CaseIterable {
        /// The sheet's own pan (`sheet.detents`).
        case sheetDetents
        /// The same with `isModalInPresentation` (`sheet.detents-modal`).
        case sheetDetentsModal
        /// A scroll view fills the sheet; its pan hands off to the sheet (`sheet.scroll-handoff`).
        case sheetScrollHandoff
    }

    private var simulation: Simulation
    private let kind: Kind
    private let layout: SheetDetentLayout
    private let release: SheetDetentRelease
    private let band: SheetRubberBand
    /// The presented controller ("B") and the presentation controller's name in events.
    private let presented: String
    private let controllerName: String
    /// How far below its smallest detent a modal sheet is pulled before the attempt is reported.
    private let attemptPull: Double
    private let response: Double
    private let dampingRatio: Double
    private let highSpeedDampingRatio: Double
    private let settleEpsilon: Double
    /// Index into `layout.detents` of the selected detent.
    private var selected: Int
    /// The sheet's value on screen (points above the container's bottom).
    private var value: Double
    /// While dragging: the unconstrained value the finger puts the sheet at.
    private var unconstrained = 0.0
    /// Whether the sheet's interaction is dragging it (from its dragging-began to the release).
    private var isDragging = false
    private var settle: SheetSettleAnimation?
    /// Whether the dismissal transition is under way (from the drag passing below the smallest detent).
    private var dismissing = false
    /// Whether the settling spring carries the sheet to the dismiss position.
    private var dismissChosen = false
    private var dismissed = false
    /// Whether this drag already reported a refused dismissal (once per drag).
    private var attempted = false
    private var scroll: SheetScrollHandOff?
    /// Whether the finger holds a pan that has begun.
    private var panning = false
    private var lastTranslationY = 0.0
    private var endTime = 0.0

    /// Whether `spec` is a detent scenario this session runs.
    static func runs(_ spec: ScenarioSpec) -> Bool { kind(of: spec.interaction) != nil }

    /// The session kind of an interaction controller, nil for one an `InteractionDriver` runs
    /// (or none). Exhaustive: a new interaction controller is placed here on purpose.
    static func kind(of interaction: InteractionKind?) -> Kind? {
        switch interaction {
        case .sheetDetents: .sheetDetents
        case .sheetDetentsModal: .sheetDetentsModal
        case .sheetScrollHandoff: .sheetScrollHandoff
        case .backSwipe, .contentPop, .swipeDismiss, .sheetDrag, .verticalSwipePop, .imageDrag, .pinchDismiss, .zoomDismiss, .reelKit, nil:
            nil
        }
    }

    init(profile: EngineProfile, spec: ScenarioSpec, device: Device, refreshHz: Double) throws {
        guard let kind = Self.kind(of: spec.interaction) else { throw EngineError("not a sheet detent scenario") }
        simulation = try Simulation(profile: profile, spec: spec, device: device, refreshHz: refreshHz)
        guard let presentation = simulation.world.presentations.last else {
            throw EngineError("a sheet detent scenario needs a presented controller")
        }
        self.kind = kind
        presented = presentation.presented
        controllerName = presentation.presented + ".presentation"
        layout = SheetDetentLayout(device: device, profile: profile, modal: kind == .sheetDetentsModal)
        release = SheetDetentRelease(profile: profile)
        // Above the largest detent: the gap to the safe area's top, at most a maximum; below the
        // smallest: a fraction of the height, at most a maximum.
        band = SheetRubberBand(
            coefficient: profile.number(.sheetdetentRubberBandCoefficient),
            extentAbove: min(layout.largeTop - device.safeAreaInsets.top, profile.number(.sheetdetentRubberBandTopMax)),
            extentBelow: min(
                device.height * profile.number(.sheetdetentRubberBandBottomFraction),
                profile.number(.sheetdetentRubberBandBottomMax)))
        attemptPull =
            profile.number(.sheetdetentAttemptFraction)
            * min(
                device.height * profile.number(.sheetdetentRubberBandBottomFraction),
                profile.number(.sheetdetentRubberBandBottomMax))
        response = profile.number(.sheetdetentSpringResponse)
        dampingRatio = profile.number(.sheetdetentDampingRatio)
        highSpeedDampingRatio = profile.number(.sheetdetentHighSpeedDampingRatio)
        settleEpsilon = profile.number(.springSettleEpsilon)
        selected = layout.initialIndex
        value = layout.detents[selected].value
        let sheetKey = World.viewKey(presented)
        simulation.world.stage.setLook(sheetKey, Look(layout.sheetFrame(value: value)))
        simulation.world.stage.insert(
            "dimming", Look(layout.bounds, alpha: layout.dimming(value: value)), owner: presented, below: sheetKey)
        if kind == .sheetScrollHandoff {
            let handOff = SheetScrollHandOff(profile: profile, largeValue: layout.largeValue)
            scroll = handOff
            simulation.world.stage.add(
                SheetScrollHandOff.contentKey(presented), Look(handOff.contentFrame(sheet: layout.sheetFrame(value: value))),
                owner: presented)
        }
    }

    /// Runs the touches and returns the trace (its outcome's hierarchy empty) and the final hierarchy.
    mutating func run(_ touches: [Touch]) -> (trace: Trace, hierarchy: FinalHierarchy) {
        let profile = simulation.profile
        var pan = PanRecognizer(
            parameters: .init(
                hysteresis: profile.number(.panHysteresis),
                velocity: VelocityEstimator.Parameters(
                    latestWeight: profile.number(.velocityLatestWeight), minimumInterval: profile.number(.velocityMinDt),
                    blend: .afterFirstSample)))
        let events = TouchEvent.group(touches)
        var index = 0
        while true {
            let eventTime = index < events.count ? events[index].t : Double.infinity
            if isActive, simulation.nextTickTime < eventTime {
                renderTick()
                continue
            }
            guard index < events.count, !dismissed else { break }
            let event = events[index]
            index += 1
            for state in pan.handle(event) {
                simulation.emit(event.t, "gesture", pan.name, state.name)
                handle(state, reading: pan.reading, at: event.t)
            }
            if index == events.count, panning {
                // The stream ends with the finger down: UIKit cancels the touches.
                let t = touches.last?.t ?? event.t
                simulation.emit(t, "gesture", pan.name, GestureState.cancelled.name)
                handle(.cancelled, reading: pan.reading, at: t)
            }
        }
        var (trace, hierarchy) = simulation.finished()
        trace.outcome.completed = dismissed
        trace.outcome.t = endTime
        return (trace, hierarchy)
    }

    /// Whether display ticks render: a finger drives the sheet or its content, or the sheet settles.
    private var isActive: Bool { panning || settle != nil }

    private mutating func handle(_ state: GestureState, reading: GestureReading, at t: Double) {
        switch state {
        case .began:
            panning = true
            lastTranslationY = 0
            simulation.scheduleTicks(from: t)
            if scroll != nil {
                scroll!.panBegan(at: t, sheetAnimating: settle != nil)
                if settle != nil { beginDrag(at: t, source: "scroll") }
            } else {
                beginDrag(at: t, source: "pan")
            }
            move(translationY: reading.translation.y, at: t)
        case .changed:
            move(translationY: reading.translation.y, at: t)
        case .ended, .cancelled:
            guard panning else { return }
            panning = false
            scroll?.panEnded(at: t)
            if isDragging { end(velocity: -reading.velocity.y, across: reading.velocity.x, at: t) }
            endTime = max(endTime, t)
        default:
            return
        }
    }

    /// The sheet's interaction takes over: from where the settling spring has it, if one runs.
    private mutating func beginDrag(at t: Double, source: String) {
        if let running = settle {
            value = running.value(at: t)
            settle = nil
            dismissChosen = false
        }
        attempted = false
        unconstrained = value
        isDragging = true
        simulation.emit(t, "presentation", controllerName, "sheetInteractionDraggingBegan(\(source))")
    }

    /// The finger's translation moved to `translationY` (points, down positive).
    private mutating func move(translationY: Double, at t: Double) {
        let dy = translationY - lastTranslationY
        lastTranslationY = translationY
        var sheetDelta = -dy
        if scroll != nil {
            sheetDelta = scroll!.step(fingerDelta: dy, sheetValue: isDragging ? unconstrained : value)
            if sheetDelta != 0, !isDragging { beginDrag(at: t, source: "scroll") }
        }
        guard isDragging else { return }
        unconstrained += sheetDelta
        let region = (layout.detents.first?.value ?? 0)...(layout.detents.last?.value ?? 0)
        value = band.constrain(unconstrained, low: region.lowerBound, high: region.upperBound)
        let smallest = layout.detentsWithDismiss.count > 1 ? layout.detentsWithDismiss[1].value : layout.largeValue
        if kind == .sheetDetentsModal {
            // Refused: pulled far enough below the smallest detent, the delegate hears of the attempt, once per drag.
            if !attempted, smallest - unconstrained >= attemptPull {
                attempted = true
                simulation.emit(t, "delegate", presented, "presentationControllerDidAttemptToDismiss")
            }
        } else if !dismissing, unconstrained < smallest {
            // Allowed: the dismissal starts and the drag carries it.
            dismissing = true
            simulation.emit(t, "delegate", presented, "presentationControllerShouldDismiss -> true")
            simulation.emit(t, "delegate", presented, "presentationControllerWillDismiss")
            simulation.emit(t, "presentation", controllerName, "dismissalTransitionWillBegin")
            simulation.emit(t, "lifecycle", presented, "viewWillDisappear")
        }
    }

    /// Release at `velocity` (points per second, upwards positive): the resting detent by D26's rule
    /// (a modal sheet has no dismiss position to rest at, so it springs back).
    private mutating func end(velocity: Double, across: Double, at t: Double) {
        isDragging = false
        simulation.emit(t, "presentation", controllerName, "sheetInteractionDraggingEnded")
        let target = release.restingIndex(value: unconstrained, velocity: velocity, across: across, detents: layout.detents)
        let detent = layout.detents[target]
        dismissChosen = detent.identifier == "dismiss"
        DecisionTap.note(
            release.decision(value: unconstrained, velocity: velocity, across: across, detents: layout.detents, index: target))
        if !dismissChosen, target != selected {
            selected = target
            simulation.emit(t, "delegate", presented, "sheetPresentationControllerDidChangeSelectedDetentIdentifier(\(detent.identifier))")
        }
        let ratio = release.isHighSpeed(velocity) ? highSpeedDampingRatio : dampingRatio
        settle = SheetSettleAnimation(
            from: value, to: detent.value, velocity: velocity, at: t, response: response, dampingRatio: ratio, epsilon: settleEpsilon)
    }

    /// Renders the tick at `nextTickTime`; the spring that has settled by then ends there.
    private mutating func renderTick() {
        let t = simulation.nextTickTime
        simulation.nextTick += 1
        if let running = settle {
            value = running.value(at: t)
            if t >= running.end - Simulation.tickTolerance {
                value = running.to
                settle = nil
                endTime = max(endTime, t)
            }
        }
        simulation.frames.append(frame(at: t))
        if settle == nil, dismissing, !panning { finishDismissal(at: t, completed: dismissChosen) }
    }

    /// The frame at `t`: the presenter scaled back, the dimming view, the sheet (and its content).
    private func frame(at t: Double) -> Frame {
        let stage = simulation.world.stage
        let sheet = layout.sheetFrame(value: value)
        let contentKey = SheetScrollHandOff.contentKey(presented)
        let looks = stage.views.map { view -> Look in
            if view.key == "dimming" { return Look(layout.bounds, alpha: layout.dimming(value: value)) }
            if view.key == World.viewKey(presented) { return Look(sheet) }
            if view.key == contentKey, let scroll { return Look(scroll.contentFrame(sheet: sheet)) }
            return layout.presenter(view.look, value: value)
        }
        let span = layout.largeValue - layout.dismissValue
        let progress = span > 0 ? min(max((layout.largeValue - value) / span, 0), 1) : 0
        let views = looks.withUnsafeBufferPointer { stage.states(looks: $0, clampingAlpha: simulation.clampsAlpha) }
        return Frame(index: simulation.frames.count, t: t, progress: progress, views: views)
    }

    /// The sheet came to rest with its dismissal under way: at the dismiss position the dismissal
    /// completes, elsewhere it is taken back (UIKit's order for each).
    private mutating func finishDismissal(at t: Double, completed: Bool) {
        dismissing = false
        dismissChosen = false
        simulation.emit(t, "presentation", controllerName, "dismissalTransitionDidEnd(\(completed))")
        guard completed else {
            simulation.emit(t, "lifecycle", presented, "viewWillAppear")
            simulation.emit(t, "lifecycle", presented, "viewDidAppear")
            return
        }
        dismissed = true
        simulation.world.presentations.removeLast()
        simulation.world.stage.removeOwned(by: [presented])
        simulation.emit(t, "lifecycle", presented, "viewDidDisappear")
        simulation.emit(t, "delegate", presented, "presentationControllerDidDismiss")
    }
}
