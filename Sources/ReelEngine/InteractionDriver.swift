import ReelGestures
import ReelTrace

/// A recognizer plus the scenario's interaction controller: turns touch events into commands
/// for the transition (start, update, finish or cancel).
struct InteractionDriver: Sendable {
    /// The interaction controller.
    let kind: InteractionKind
    private(set) var recognizer: any InteractionRecognizer
    /// The recognizer's name in `gesture` events (kept, so emitting an event does not open the existential).
    let recognizerName: String
    private var controller: any InteractionController
    /// Finger travel for progress 1: points, or 1 for a pinch's scale.
    let extent: Double
    /// The completion policy the controller decides by (reports draw its boundary).
    let policy: CompletionPolicy
    /// Whether the finish/cancel animation runs at completionSpeed = 1 - percentComplete (seed 000;
    /// CEPinch with the literal handlers).
    let completesAtOneMinusPercent: Bool
    /// UIPercentDrivenInteractiveTransition's `_clampsPercentComplete`: updates are clamped to 0...1,
    /// except for the fluid back swipe that draws its rubber band (D26 `_setClampsPercentComplete:0`).
    let clampsPercentComplete: Bool
    /// How the stream's lines reach the recognizer (`gesture.event_model`).
    let touchModel: TouchModel
    /// Whether the controller acts at the end with no transition running (the image drag).
    private let actsWithoutTransition: Bool
    /// The transition's duration T (the back-swipe rule projects over it).
    var transitionDuration: Double
    /// Whether a finger drives the controller (from its recognizer's began, or a take-over, to the end).
    private(set) var isActive = false
    /// The on-screen progress of the animation a landing finger took back.
    private var takeOverBase = 0.0
    /// Whether a running animation is caught when the recognizer begins (D26 `handleNavigationTransition:`
    /// state 1 pauses the running transition) rather than when a finger lands: the back swipe that
    /// catches a tap-started push (nav.interrupt-push).
    private let catchesAtBegan: Bool
    /// Touches the recognizer's delegate refuses (the back-swipe: those landing in the navigation bar).
    private var refusal = TouchRefusal.none

    init(spec: ScenarioSpec, profile: EngineProfile, device: Device, presentedHeight: Double) throws {
        touchModel = TouchModel(rawValue: profile.string(.gestureEventModel))!
        let literal = profile.string(.interactionHandlers) == "literal"
        let velocity = VelocityEstimator.Parameters(
            latestWeight: profile.number(.velocityLatestWeight), minimumInterval: profile.number(.velocityMinDt),
            blend: touchModel == .uikit ? .afterFirstSample : .always)
        let pan: any InteractionRecognizer =
            touchModel == .uikit
            ? PanRecognizer(parameters: .init(hysteresis: profile.number(.panHysteresis), velocity: velocity))
            : LegacyPanRecognizer(parameters: .init(hysteresis: profile.number(.panHysteresis), velocity: velocity))
        let down = GestureVector(x: 0, y: 1)
        /// The profile's completion policy and threshold of this controller.
        let release: (policy: ParameterName, threshold: ParameterName)
        let direction: GestureVector
        let handler: LiteralHandler
        guard let kind = spec.interaction else { throw EngineError("the scenario '\(spec.name)' has no interaction controller") }
        self.kind = kind
        switch kind {
        case .backSwipe, .contentPop:
            let layout = BackSwipeLayout(spec: spec, device: device, profile: profile)
            let parameters = ScreenEdgePanRecognizer.Parameters(
                edge: layout.edge, edgeRegionSize: profile.number(.backswipeEdgeRegion),
                hysteresis: profile.number(.backswipeEdgeHysteresis),
                maximumSwipeDuration: profile.number(.backswipeMaxSwipeDuration),
                driftBase: profile.number(.backswipeVerticalFailBase), driftLimit: profile.number(.backswipeVerticalFailCap),
                driftRun: profile.number(.backswipeVerticalFailRun),
                translationHysteresis: profile.number(.backswipeTranslationHysteresis), velocity: velocity, touchModel: touchModel)
            if kind == .contentPop {
                recognizer = ContentPopRecognizer(
                    edge: parameters, contentHysteresis: profile.number(.contentpopHysteresis),
                    contentTranslationHysteresis: profile.number(.contentpopTranslationHysteresis), refusal: layout.refusal,
                    contentEnabled: profile.bool(.navContentPop),
                    edgeFallback: profile.bool(.contentpopEdgeFallback),
                    scrollWins: spec.contentScroll?.canScroll(travelling: layout.edge.inward.x, boundsWidth: device.width) ?? false,
                    scrollHysteresis: profile.number(.panHysteresis), screenWidth: device.width, screenHeight: device.height)
            } else {
                refusal = layout.refusal
                recognizer = ScreenEdgePanRecognizer(parameters: parameters, screenWidth: device.width, screenHeight: device.height)
            }
            (release, extent, direction, handler) = ((.backswipePolicy, .backswipeThreshold), device.width, layout.edge.inward, .backSwipe)
        case .swipeDismiss:
            (recognizer, release, extent, direction) = (pan, (.swipePolicy, .swipeThreshold), profile.number(.swipeExtent), down)
            handler = .shouldComplete
        case .sheetDrag:
            (recognizer, release, extent, direction) = (pan, (.sheetdragPolicy, .sheetdragThreshold), presentedHeight, down)
            handler = .endDecision(measuresFromBegan: true, beginMaximumY: nil)
        case .verticalSwipePop:
            (recognizer, release, extent, direction) = (pan, (.verticalpopPolicy, .verticalpopThreshold), device.height, down)
            handler = .endDecision(measuresFromBegan: false, beginMaximumY: profile.number(.verticalpopBeginMaxY))
        case .imageDrag:
            (recognizer, release, extent, direction) = (
                pan, (.imagedragPolicy, .imagedragThreshold), profile.number(.imagedragExtent), down
            )
            handler = .imageDrag
        case .pinchDismiss:
            recognizer = InteractionDriver.pinch(profile: profile, touchModel: touchModel)
            (release, extent, direction, handler) = ((.pinchdismissPolicy, .pinchdismissThreshold), 1, .zero, .shouldComplete)
        case .zoomDismiss:
            (recognizer, extent, direction) = InteractionDriver.zoomDismissRecognizer(
                spec: spec, profile: profile, device: device, pan: pan, velocity: velocity)
            (release, handler) = ((.systemzoomPolicy, .systemzoomThreshold), .zoomDismiss)
        case .sheetDetents, .sheetDetentsModal, .sheetScrollHandoff:
            throw EngineError("the sheet detent controllers run in a SheetDetentSession, not an interaction driver")
        case .reelKit:
            throw EngineError("a ReelKit scene's interaction controller runs in ReelKit, not in the built-in engine")
        }
        recognizerName = recognizer.name
        let statistics = BackSwipeSampler.Parameters(
            windowSize: Int(profile.number(.backswipeSampleWindow)),
            minimumInterval: profile.number(.backswipeMinSampleInterval),
            minimumIntervalWithMovement: profile.number(.velocityMinDt),
            maximumAccelerationChange: profile.number(.backswipeAccelClamp))
        policy = InteractionDriver.policy(
            profile.string(release.policy), threshold: profile.number(release.threshold), literal: literal, profile: profile)
        let setup = ControllerSetup(
            extent: extent, direction: direction, policy: policy,
            isPinch: kind == .pinchDismiss || (kind == .zoomDismiss && spec.trigger.kind == .pinch),
            updateCap: profile.number(.interactiveMaxProgress))
        // The zoom dismissal is new: engine 0.3's shared handler never drove it.
        controller =
            literal || kind == .zoomDismiss
            ? InteractionDriver.literalController(
                handler, setup: setup, statistics: statistics, profile: profile, reversesPush: spec.action.kind == .push,
                trigger: spec.trigger.kind)
            : LegacyController(
                setup: setup, updateCap: profile.number(.backswipeMaxProgress),
                decidesOnLastChange: kind == .swipeDismiss && profile.string(.swipeDecisionSample) == "last-change",
                samplerParameters: statistics)
        catchesAtBegan = spec.trigger.kind == .tap
        clampsPercentComplete =
            !(literal && (kind == .backSwipe || kind == .contentPop) && profile.bool(.backswipeFluid)
            && profile.bool(.backswipeRubberBandDrawn))
        completesAtOneMinusPercent = kind == .swipeDismiss || (literal && kind == .pinchDismiss)
        actsWithoutTransition = literal && kind == .imageDrag
        transitionDuration = profile.number(.navDuration)
    }

    /// The handlers transcribed from their sources (`interaction.handlers` = literal): each
    /// interaction controller names its own in the initializer's switch.
    private enum LiteralHandler {
        /// _UIDismissInteraction's (iOS 18 zoom).
        case zoomDismiss
        /// UINavigationController's back swipe (D26).
        case backSwipe
        /// Seed 000's and VCTransitionsLibrary's shouldComplete handler.
        case shouldComplete
        /// A handler that decides at the end from the finger's travel (seed 003, MDTransitioning's pop).
        case endDecision(measuresFromBegan: Bool, beginMaximumY: Double?)
        /// MDTransitioning's image drag.
        case imageDrag
    }

    /// Each controller's handler, transcribed from its source.
    private static func literalController(
        _ handler: LiteralHandler, setup: ControllerSetup, statistics: BackSwipeStatistics.Parameters,
        profile: EngineProfile, reversesPush: Bool, trigger: TriggerSpec.Kind
    ) -> any InteractionController {
        switch handler {
        case .zoomDismiss:
            ZoomDismissController(
                setup: setup, gesture: trigger == .pinch ? .pinch : trigger == .edgePan ? .edge : .drag,
                minimumScale: profile.number(.systemzoomMinScale), dismissAllowed: profile.bool(.systemzoomDismissAllowed),
                endRule: profile.string(.systemzoomEndRule) == "policy"
                    ? nil
                    : ZoomEndRule(
                        dismissThreshold: profile.number(.systemzoomDismissThreshold),
                        scaleDismissThreshold: profile.number(.systemzoomScaleDismissThreshold),
                        velocityFactor: profile.number(.systemzoomVelocityFactor)))
        case .backSwipe:
            BackSwipeController(
                setup: setup, progressCap: profile.number(.backswipeMaxProgress), statisticsParameters: statistics,
                offersFinalSample: profile.bool(.backswipeFinalSample),
                fluid: profile.bool(.backswipeFluid) ? FluidBackSwipe(profile: profile) : nil, reversesPush: reversesPush)
        case .shouldComplete:
            ShouldCompleteController(setup: setup)
        case .endDecision(let measuresFromBegan, let beginMaximumY):
            EndDecisionController(setup: setup, measuresFromBegan: measuresFromBegan, beginMaximumY: beginMaximumY)
        case .imageDrag:
            ImageDragController(setup: setup)
        }
    }

    /// UIPinchGestureRecognizer with the profile's hysteresis and velocity weights.
    static func pinch(profile: EngineProfile, touchModel: TouchModel) -> PinchRecognizer {
        let pinchVelocity = VelocityEstimator.Parameters(
            latestWeight: profile.number(.pinchLatestWeight), minimumInterval: profile.number(.velocityMinDt),
            blend: touchModel == .uikit ? .whenPreviousNonzero : .always)
        return PinchRecognizer(
            parameters: .init(
                scaleHysteresis: profile.number(.pinchHysteresis), distanceHysteresis: profile.number(.pinchBeginDistance),
                velocity: pinchVelocity, touchModel: touchModel))
    }

    /// A profile policy choice (uikit-backswipe, velocity-sign, threshold, projection) with the
    /// controller's threshold; uikit-backswipe is D26's rule with the literal handlers, engine 0.3's otherwise.
    static func policy(_ name: String, threshold: Double, literal: Bool, profile: EngineProfile) -> CompletionPolicy {
        switch name {
        case "uikit-backswipe":
            let (distance, cap, samples) = (
                profile.number(.backswipeThresholdWidth), profile.number(.backswipeThresholdCap),
                Int(profile.number(.backswipeMinSamples))
            )
            return literal
                ? .uikitBackSwipe(distance: distance, maximumThreshold: cap, minimumSamples: samples)
                : .backSwipe(distance: distance, maximumThreshold: cap, minimumSamples: samples)
        case "velocity-sign": return .velocitySign(includesZero: true)
        case "projection": return .projection(deceleration: profile.number(.projectionDeceleration), threshold: threshold)
        default: return .progressThreshold(threshold)
        }
    }

    /// Feeds one touch event. `runningProgress` is the on-screen progress of a finish/cancel
    /// animation a finger can take back (nil when none runs). Returns the command for the
    /// transition and the recognizer's state changes (as the events report them). Touches the
    /// delegate refuses never reach the recognizer.
    mutating func handle(_ event: TouchEvent, runningProgress: Double?) -> (command: InteractionCommand?, states: [GestureState]) {
        var admitted: [Touch] = []
        for touch in event.touches where refusal.admits(touch) { admitted.append(touch) }
        guard !admitted.isEmpty else { return (nil, []) }
        let event = admitted.count == event.touches.count ? event : TouchEvent(t: event.t, touches: admitted)
        var states = recognizer.handle(event)
        var command: InteractionCommand?
        if let running = runningProgress, !isActive, !catchesAtBegan, controller.takesRunningAnimationBack,
            recognizer.isReady(after: event)
        {
            // Interruption: the landing finger takes the animation back where it is on screen.
            isActive = true
            takeOverBase = running
            command = controller.began(recognizer.reading, base: running, resumed: false, at: event.t)
        }
        for index in states.indices {
            if states[index] == .began, !controller.shouldBegin(recognizer.reading) {
                recognizer.refuseBegan()
                states[index] = .failed
            }
            switch states[index] {
            case .began where !isActive:
                isActive = true
                takeOverBase = catchesAtBegan ? runningProgress ?? 0 : 0
                command = controller.began(recognizer.reading, base: takeOverBase, resumed: false, at: event.t) ?? command
            case .began where isActive:
                command = controller.began(recognizer.reading, base: takeOverBase, resumed: true, at: event.t) ?? command
            case .changed where isActive:
                command = controller.changed(recognizer.reading, at: event.t) ?? command
            case .ended where isActive, .cancelled where isActive, .failed where isActive:
                isActive = false
                command = controller.ended(recognizer.reading, state: states[index], duration: transitionDuration, at: event.t)
            default:
                continue
            }
        }
        return (command, states)
    }

    /// Whether the controller is the system back swipe (its completion curve and velocity hand-off).
    var isBackSwipe: Bool { kind == .backSwipe || kind == .contentPop }

    /// Whether a finger drives a controller that has no transition running yet (an image drag in progress).
    var holdsWithoutTransition: Bool { actsWithoutTransition && isActive }

    /// The touch stream ended with the finger still driving: UIKit cancels the touches.
    mutating func cancelHeldGesture(at t: Double) -> InteractionCommand? {
        isActive = false
        return controller.ended(recognizer.reading, state: .cancelled, duration: transitionDuration, at: t)
    }
}
