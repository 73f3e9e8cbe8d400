import ReelGestures
import ReelTrace

/// What the interaction controller asks of the transition after a touch.
enum InteractionCommand: Sendable {
    /// The recognizer began: start the transition, or take a running finish/cancel back.
    case began(t: Double)
    /// update(percent), uncapped.
    case changed(t: Double, percent: Double)
    /// The gesture ended, failed after taking an animation back, or was cancelled: finish or
    /// cancel. `velocity` is the finger's along the finishing direction, points per second
    /// (scale per second for a pinch).
    case ended(t: Double, finish: Bool, velocity: Double)
}

/// One of ReelGestures' continuous recognizers (screen-edge pan, pan, pinch), as an interaction
/// controller uses it.
protocol InteractionRecognizer: Sendable {
    /// The recognizer's name in `gesture` events.
    var name: String { get }
    var state: GestureState { get }
    /// Feeds one touch; returns the state changes.
    mutating func handle(_ touch: Touch) -> [GestureState]
    /// Whether this touch-down gave the recognizer all the fingers it follows while it can
    /// still recognize (one finger for pans, the second for a pinch).
    func isReady(after touch: Touch) -> Bool
    /// Movement towards finishing since the gesture began: points along `direction` for pans
    /// (slop subtracted), 1 - scale for a pinch.
    func travel(along direction: GestureVector) -> Double
    /// Velocity towards finishing: points per second along `direction`, or the scale's shrinking per second.
    func velocity(along direction: GestureVector) -> Double
}

extension InteractionRecognizer {
    func isReady(after touch: Touch) -> Bool { touch.phase == .began && state == .possible }
}

extension ScreenEdgePanRecognizer: InteractionRecognizer {
    var name: String { "edgePan" }
    func travel(along direction: GestureVector) -> Double { translation.dot(direction) }
    func velocity(along direction: GestureVector) -> Double { velocity.dot(direction) }
}

extension PanRecognizer: InteractionRecognizer {
    var name: String { "pan" }
    func travel(along direction: GestureVector) -> Double { translation.dot(direction) }
    func velocity(along direction: GestureVector) -> Double { velocity.dot(direction) }
}

extension PinchRecognizer: InteractionRecognizer {
    var name: String { "pinch" }
    func isReady(after touch: Touch) -> Bool { touch.phase == .began && state == .possible && numberOfTouches == 2 }
    func travel(along direction: GestureVector) -> Double { 1 - scale }
    func velocity(along direction: GestureVector) -> Double { -velocity }
}

/// A recognizer plus the scenario's interaction controller: turns touches into percent
/// updates and a finish/cancel decision by the controller's completion policy.
struct InteractionDriver: Sendable {
    /// The interaction controller's name (backSwipe, swipeDismiss, ...).
    let kind: String
    private(set) var recognizer: any InteractionRecognizer
    /// The recognizer's name in `gesture` events (kept, so emitting an event does not open the existential).
    let recognizerName: String
    /// Finger travel for progress 1: points, or 1 for a pinch's scale.
    let extent: Double
    /// The finishing direction of the finger (unused for pinches).
    let direction: GestureVector
    let policy: CompletionPolicy
    /// The update cap (`backswipe.max_progress`).
    let percentDriven: PercentDriven.Parameters
    /// The transition's duration T (the back-swipe rule projects over it).
    var transitionDuration: Double
    private let samplerParameters: BackSwipeSampler.Parameters
    private var sampler: BackSwipeSampler
    /// Whether a finger drives the transition.
    private(set) var isActive = false
    /// Progress when the finger took over (nonzero when taking a running animation back).
    private var baseProgress = 0.0
    private(set) var percent = 0.0
    /// Progress at the last began/changed command: what seed 000's `shouldComplete` was set from.
    private var lastChangedPercent = 0.0
    /// Whether the release decision uses `lastChangedPercent` (`swipe.decision_sample` = last-change)
    /// rather than the lifting touch's progress.
    private let decidesOnLastChange: Bool
    /// Touches the recognizer's delegate refuses (the back-swipe: those landing in the navigation bar).
    private var refusal = TouchRefusal.none

    init(spec: ScenarioSpec, profile: EngineProfile, device: Device, presentedHeight: Double) throws {
        let velocity = VelocityEstimator.Parameters(latestWeight: profile.number("velocity.latest_weight"),
                                                    minimumInterval: profile.number("velocity.min_dt"))
        let pan = PanRecognizer(parameters: .init(hysteresis: profile.number("pan.hysteresis"), velocity: velocity))
        let down = GestureVector(x: 0, y: 1)
        let prefix: String
        kind = spec.interaction ?? ""
        switch kind {
        case "backSwipe":
            let layout = BackSwipeLayout(spec: spec, device: device, profile: profile)
            refusal = layout.refusal
            let parameters = ScreenEdgePanRecognizer.Parameters(
                edge: layout.edge, edgeRegionSize: profile.number("backswipe.edge_region"),
                hysteresis: profile.number("backswipe.edge_hysteresis"),
                maximumSwipeDuration: profile.number("backswipe.max_swipe_duration"),
                driftBase: profile.number("backswipe.vertical_fail_base"), driftLimit: profile.number("backswipe.vertical_fail_cap"),
                driftRun: profile.number("backswipe.vertical_fail_run"), velocity: velocity)
            recognizer = ScreenEdgePanRecognizer(parameters: parameters, screenWidth: device.width, screenHeight: device.height)
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
            recognizer = PinchRecognizer(parameters: .init(scaleHysteresis: profile.number("pinch.hysteresis"), velocity: velocity))
            (prefix, extent, direction) = ("pinchdismiss", 1, .zero)
        default:
            throw EngineError("unknown interaction controller '\(kind)'")
        }
        recognizerName = recognizer.name
        decidesOnLastChange = kind == "swipeDismiss" && profile.string("swipe.decision_sample") == "last-change"
        policy = InteractionDriver.policy(profile.string(prefix + ".policy"), threshold: profile.number(prefix + ".threshold"), profile: profile)
        percentDriven = PercentDriven.Parameters(interactiveCap: profile.number("backswipe.max_progress"))
        transitionDuration = profile.number("nav.duration")
        samplerParameters = BackSwipeSampler.Parameters(
            windowSize: Int(profile.number("backswipe.sample_window")),
            minimumInterval: profile.number("backswipe.min_sample_interval"),
            minimumIntervalWithMovement: profile.number("velocity.min_dt"),
            maximumAccelerationChange: profile.number("backswipe.accel_clamp"))
        sampler = BackSwipeSampler(width: extent, parameters: samplerParameters)
    }

    /// A profile policy choice (uikit-backswipe, velocity-sign, threshold, projection) with the controller's threshold.
    static func policy(_ name: String, threshold: Double, profile: EngineProfile) -> CompletionPolicy {
        switch name {
        case "uikit-backswipe":
            .backSwipe(distance: profile.number("backswipe.threshold_width"), maximumThreshold: profile.number("backswipe.threshold_cap"),
                       minimumSamples: Int(profile.number("backswipe.min_samples")))
        case "velocity-sign": .velocitySign(includesZero: true)
        case "projection": .projection(deceleration: profile.number("projection.deceleration"), threshold: threshold)
        default: .progressThreshold(threshold)
        }
    }

    /// Feeds one touch. `runningProgress` is the on-screen progress of a finish/cancel
    /// animation a finger can take back (nil when none runs). Returns the command for the
    /// transition and the recognizer's state changes.
    mutating func handle(_ touch: Touch, runningProgress: Double?) -> (command: InteractionCommand?, states: [GestureState]) {
        guard refusal.admits(touch) else { return (nil, []) }
        let states = recognizer.handle(touch)
        var command: InteractionCommand?
        if let running = runningProgress, !isActive, recognizer.isReady(after: touch) {
            // Interruption: the landing finger takes the animation back where it is on screen.
            takeOver(at: touch.t, from: running)
            command = .began(t: touch.t)
        }
        for state in states {
            switch state {
            case .began where !isActive:
                takeOver(at: touch.t, from: 0)
                command = .began(t: touch.t)
            case .began, .changed:
                guard isActive else { continue }
                track(at: touch.t)
                lastChangedPercent = percent
                command = .changed(t: touch.t, percent: percent)
            case .ended, .cancelled, .failed:
                guard isActive else { continue }
                if state != .cancelled { track(at: touch.t) }
                command = release(at: touch.t, cancelled: state == .cancelled)
            case .possible:
                continue
            }
        }
        return (command, states)
    }

    /// The touch stream ended with the finger still driving: UIKit cancels the touches.
    mutating func cancelHeldGesture(at t: Double) -> InteractionCommand {
        release(at: t, cancelled: true)
    }

    private mutating func takeOver(at t: Double, from progress: Double) {
        isActive = true
        baseProgress = progress
        sampler = BackSwipeSampler(width: extent, parameters: samplerParameters)
        track(at: t)
        lastChangedPercent = percent
    }

    /// Progress for the finger's travel: base + travel / extent, clamped to 0...1.
    private mutating func track(at t: Double) {
        percent = min(max(baseProgress + recognizer.travel(along: direction) / extent, 0), 1)
        sampler.add(position: percent * extent, at: t)
    }

    private mutating func release(at t: Double, cancelled: Bool) -> InteractionCommand {
        isActive = false
        let velocity = recognizer.velocity(along: direction)
        let input = DecisionInput(progress: decidesOnLastChange ? lastChangedPercent : percent, velocity: velocity, extent: extent, sampler: sampler,
                                  transitionDuration: transitionDuration, gestureCancelled: cancelled)
        return .ended(t: t, finish: policy.decide(input), velocity: velocity)
    }
}
