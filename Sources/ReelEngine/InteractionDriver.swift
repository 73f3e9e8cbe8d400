import ReelGestures
import ReelTrace

/// A recognizer plus the scenario's interaction controller: turns touch events into commands
/// for the transition (start, update, finish or cancel).
struct InteractionDriver: Sendable {
    /// The interaction controller's name (backSwipe, swipeDismiss, ...).
    let kind: String
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
        touchModel = TouchModel(rawValue: profile.string("gesture.event_model"))!
        let literal = profile.string("interaction.handlers") == "literal"
        let velocity = VelocityEstimator.Parameters(
            latestWeight: profile.number("velocity.latest_weight"), minimumInterval: profile.number("velocity.min_dt"),
            blend: touchModel == .uikit ? .afterFirstSample : .always)
        let pan: any InteractionRecognizer =
            touchModel == .uikit
            ? PanRecognizer(parameters: .init(hysteresis: profile.number("pan.hysteresis"), velocity: velocity))
            : LegacyPanRecognizer(parameters: .init(hysteresis: profile.number("pan.hysteresis"), velocity: velocity))
        let down = GestureVector(x: 0, y: 1)
        let prefix: String
        let direction: GestureVector
        kind = spec.interaction ?? ""
        switch kind {
        case "backSwipe", "contentPop":
            let layout = BackSwipeLayout(spec: spec, device: device, profile: profile)
            let parameters = ScreenEdgePanRecognizer.Parameters(
                edge: layout.edge, edgeRegionSize: profile.number("backswipe.edge_region"),
                hysteresis: profile.number("backswipe.edge_hysteresis"),
                maximumSwipeDuration: profile.number("backswipe.max_swipe_duration"),
                driftBase: profile.number("backswipe.vertical_fail_base"), driftLimit: profile.number("backswipe.vertical_fail_cap"),
                driftRun: profile.number("backswipe.vertical_fail_run"),
                translationHysteresis: profile.number("backswipe.translation_hysteresis"), velocity: velocity, touchModel: touchModel)
            if kind == "contentPop" {
                recognizer = ContentPopRecognizer(
                    edge: parameters, contentHysteresis: profile.number("contentpop.hysteresis"),
                    contentTranslationHysteresis: profile.number("contentpop.translation_hysteresis"), refusal: layout.refusal,
                    contentEnabled: profile.bool("nav.content_pop"),
                    edgeFallback: profile.bool("contentpop.edge_fallback"),
                    scrollWins: spec.contentScroll?.canScroll(travelling: layout.edge.inward.x, boundsWidth: device.width) ?? false,
                    scrollHysteresis: profile.number("pan.hysteresis"), screenWidth: device.width, screenHeight: device.height)
            } else {
                refusal = layout.refusal
                recognizer = ScreenEdgePanRecognizer(parameters: parameters, screenWidth: device.width, screenHeight: device.height)
            }
            (prefix, extent, direction) = ("backswipe", device.width, layout.edge.inward)
        case "swipeDismiss":
            (recognizer, prefix, extent, direction) = (pan, "swipe", profile.number("swipe.extent"), down)
        case "sheetDrag":
            (recognizer, prefix, extent, direction) = (pan, "sheetdrag", presentedHeight, down)
        case "verticalSwipePop":
            (recognizer, prefix, extent, direction) = (pan, "verticalpop", device.height, down)
        case "imageDrag":
            (recognizer, prefix, extent, direction) = (pan, "imagedrag", profile.number("imagedrag.extent"), down)
        case "pinchDismiss":
            recognizer = InteractionDriver.pinch(profile: profile, touchModel: touchModel)
            (prefix, extent, direction) = ("pinchdismiss", 1, .zero)
        case "zoomDismiss":
            (recognizer, extent, direction) = InteractionDriver.zoomDismissRecognizer(
                spec: spec, profile: profile, device: device, pan: pan, velocity: velocity)
            prefix = "systemzoom"
        default:
            throw EngineError("unknown interaction controller '\(kind)'")
        }
        recognizerName = recognizer.name
        let statistics = BackSwipeSampler.Parameters(
            windowSize: Int(profile.number("backswipe.sample_window")),
            minimumInterval: profile.number("backswipe.min_sample_interval"),
            minimumIntervalWithMovement: profile.number("velocity.min_dt"),
            maximumAccelerationChange: profile.number("backswipe.accel_clamp"))
        policy = InteractionDriver.policy(
            profile.string(prefix + ".policy"), threshold: profile.number(prefix + ".threshold"), literal: literal, profile: profile)
        let setup = ControllerSetup(
            extent: extent, direction: direction, policy: policy,
            isPinch: kind == "pinchDismiss" || (kind == "zoomDismiss" && spec.trigger.kind == .pinch),
            updateCap: profile.number("interactive.max_progress"))
        // The zoom dismissal is new: engine 0.3's shared handler never drove it.
        controller =
            literal || kind == "zoomDismiss"
            ? InteractionDriver.literalController(
                kind, setup: setup, statistics: statistics, profile: profile, reversesPush: spec.action.kind == "push",
                trigger: spec.trigger.kind)
            : LegacyController(
                setup: setup, updateCap: profile.number("backswipe.max_progress"),
                decidesOnLastChange: kind == "swipeDismiss" && profile.string("swipe.decision_sample") == "last-change",
                samplerParameters: statistics)
        catchesAtBegan = spec.trigger.kind == .tap
        clampsPercentComplete =
            !(literal && (kind == "backSwipe" || kind == "contentPop") && profile.bool("backswipe.fluid")
            && profile.bool("backswipe.rubber_band_drawn"))
        completesAtOneMinusPercent = kind == "swipeDismiss" || (literal && kind == "pinchDismiss")
        actsWithoutTransition = literal && kind == "imageDrag"
        transitionDuration = profile.number("nav.duration")
    }

    /// Each controller's handler, transcribed from its source.
    private static func literalController(
        _ kind: String, setup: ControllerSetup, statistics: BackSwipeStatistics.Parameters,
        profile: EngineProfile, reversesPush: Bool, trigger: TriggerSpec.Kind
    ) -> any InteractionController {
        switch kind {
        case "zoomDismiss":
            ZoomDismissController(
                setup: setup, gesture: trigger == .pinch ? .pinch : trigger == .edgePan ? .edge : .drag,
                minimumScale: profile.number("systemzoom.min_scale"), dismissAllowed: profile.bool("systemzoom.dismiss_allowed"),
                endRule: profile.string("systemzoom.end_rule") == "policy"
                    ? nil
                    : ZoomEndRule(
                        dismissThreshold: profile.number("systemzoom.dismiss_threshold"),
                        scaleDismissThreshold: profile.number("systemzoom.scale_dismiss_threshold"),
                        velocityFactor: profile.number("systemzoom.velocity_factor")))
        case "backSwipe", "contentPop":
            BackSwipeController(
                setup: setup, progressCap: profile.number("backswipe.max_progress"), statisticsParameters: statistics,
                offersFinalSample: profile.bool("backswipe.final_sample"),
                fluid: profile.bool("backswipe.fluid") ? FluidBackSwipe(profile: profile) : nil, reversesPush: reversesPush)
        case "swipeDismiss", "pinchDismiss":
            ShouldCompleteController(setup: setup)
        case "sheetDrag":
            EndDecisionController(setup: setup, measuresFromBegan: true, beginMaximumY: nil)
        case "verticalSwipePop":
            EndDecisionController(setup: setup, measuresFromBegan: false, beginMaximumY: profile.number("verticalpop.begin_max_y"))
        default:
            ImageDragController(setup: setup)
        }
    }

    /// UIPinchGestureRecognizer with the profile's hysteresis and velocity weights.
    static func pinch(profile: EngineProfile, touchModel: TouchModel) -> PinchRecognizer {
        let pinchVelocity = VelocityEstimator.Parameters(
            latestWeight: profile.number("pinch.latest_weight"), minimumInterval: profile.number("velocity.min_dt"),
            blend: touchModel == .uikit ? .whenPreviousNonzero : .always)
        return PinchRecognizer(
            parameters: .init(
                scaleHysteresis: profile.number("pinch.hysteresis"), distanceHysteresis: profile.number("pinch.begin_distance"),
                velocity: pinchVelocity, touchModel: touchModel))
    }

    /// A profile policy choice (uikit-backswipe, velocity-sign, threshold, projection) with the
    /// controller's threshold; uikit-backswipe is D26's rule with the literal handlers, engine 0.3's otherwise.
    static func policy(_ name: String, threshold: Double, literal: Bool, profile: EngineProfile) -> CompletionPolicy {
        switch name {
        case "uikit-backswipe":
            let (distance, cap, samples) = (
                profile.number("backswipe.threshold_width"), profile.number("backswipe.threshold_cap"),
                Int(profile.number("backswipe.min_samples"))
            )
            return literal
                ? .uikitBackSwipe(distance: distance, maximumThreshold: cap, minimumSamples: samples)
                : .backSwipe(distance: distance, maximumThreshold: cap, minimumSamples: samples)
        case "velocity-sign": return .velocitySign(includesZero: true)
        case "projection": return .projection(deceleration: profile.number("projection.deceleration"), threshold: threshold)
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
    var isBackSwipe: Bool { kind == "backSwipe" || kind == "contentPop" }

    /// Whether a finger drives a controller that has no transition running yet (an image drag in progress).
    var holdsWithoutTransition: Bool { actsWithoutTransition && isActive }

    /// The touch stream ended with the finger still driving: UIKit cancels the touches.
    mutating func cancelHeldGesture(at t: Double) -> InteractionCommand? {
        isActive = false
        return controller.ended(recognizer.reading, state: .cancelled, duration: transitionDuration, at: t)
    }
}
