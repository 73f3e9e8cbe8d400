import Foundation
import ReelTrace

/// What the interaction controller asks of the transition after a touch.
enum InteractionCommand: Sendable {
    /// The recognizer began: start the transition, or take a running finish/cancel back.
    case began(t: Double)
    /// update(percent).
    case changed(t: Double, percent: Double)
    /// The gesture ended or was cancelled: finish or cancel, with the release velocity in
    /// progress per second.
    case ended(t: Double, finish: Bool, velocity: Double)
}

/// A recognizer (pan, screen-edge pan or pinch) plus the scenario's interaction controller:
/// turns touches into percent updates and a finish/cancel decision.
struct InteractionDriver: Sendable {
    enum Recognizer: String, Sendable { case edgePan, pan, pinch }
    enum GestureState: Sendable { case possible, active, failed }

    let kind: String
    let recognizer: Recognizer
    /// Finger travel for progress 1 (points), or scale for pinches.
    let extent: Double
    let policy: String
    let threshold: Double
    let maxProgress: Double
    let direction: (x: Double, y: Double)
    let profile: EngineProfile
    let screenWidth: Double
    /// The transition's duration T (the back-swipe rule projects over it).
    var transitionDuration: Double

    private(set) var state = GestureState.possible
    /// Progress at began (nonzero when taking a running animation back).
    var baseProgress = 0.0
    private(set) var percent = 0.0
    private var finger: Int?
    private var origin = (x: 0.0, y: 0.0)
    private var slop = (x: 0.0, y: 0.0)
    private var velocity: VelocityEstimator
    private var sampler: BackSwipeSampler
    private var pinchFingers: [(id: Int, x: Double, y: Double)] = []
    private var pinchStartDistance = 0.0
    private var pinchScale = 1.0
    private var pinchVelocity = 0.0
    private var lastPinch = (t: 0.0, scale: 1.0)

    init(spec: ScenarioSpec, profile: EngineProfile, device: Device, presentedHeight: Double) throws {
        self.profile = profile
        screenWidth = device.width
        transitionDuration = profile.number("nav.duration")
        kind = spec.interaction ?? ""
        maxProgress = profile.number("backswipe.max_progress")
        velocity = VelocityEstimator(latestWeight: profile.number("velocity.latest_weight"), minDt: profile.number("velocity.min_dt"))
        sampler = BackSwipeSampler(minInterval: profile.number("backswipe.min_sample_interval"), minDt: profile.number("velocity.min_dt"),
                                   accelClamp: profile.number("backswipe.accel_clamp"))
        switch kind {
        case "backSwipe":
            recognizer = .edgePan; extent = device.width; policy = profile.string("backswipe.policy")
            threshold = profile.number("backswipe.threshold"); direction = (1, 0)
        case "swipeDismiss":
            recognizer = .pan; extent = profile.number("swipe.extent"); policy = profile.string("swipe.policy")
            threshold = profile.number("swipe.threshold"); direction = (0, 1)
        case "sheetDrag":
            recognizer = .pan; extent = presentedHeight; policy = profile.string("sheetdrag.policy")
            threshold = profile.number("sheetdrag.threshold"); direction = (0, 1)
        case "verticalSwipePop":
            recognizer = .pan; extent = device.height; policy = profile.string("verticalpop.policy")
            threshold = profile.number("verticalpop.threshold"); direction = (0, 1)
        case "imageDrag":
            recognizer = .pan; extent = profile.number("imagedrag.extent"); policy = profile.string("imagedrag.policy")
            threshold = profile.number("imagedrag.threshold"); direction = (0, 1)
        case "pinchDismiss":
            recognizer = .pinch; extent = 1; policy = profile.string("pinchdismiss.policy")
            threshold = profile.number("pinchdismiss.threshold"); direction = (0, 0)
        default:
            throw EngineError("unknown interaction controller '\(kind)'")
        }
    }

    /// Whether a finger is driving the transition.
    var isActive: Bool { state == .active }

    /// Feeds one touch; `running` is true while a finish/cancel animation can be taken back,
    /// with `runningProgress` its on-screen progress at this touch.
    mutating func handle(_ touch: Touch, runningProgress: Double?) -> (InteractionCommand?, String?) {
        if recognizer == .pinch { return handlePinch(touch, runningProgress: runningProgress) }
        switch touch.phase {
        case .began:
            if let progress = runningProgress, finger == nil {
                // Interruption: the landing finger takes the animation back where it is.
                finger = touch.id
                origin = (touch.x, touch.y)
                slop = (0, 0)
                baseProgress = progress
                percent = progress
                state = .active
                velocity.reset(t: touch.t, x: touch.x, y: touch.y)
                sampler = BackSwipeSampler(minInterval: sampler.minInterval, minDt: sampler.minDt, accelClamp: sampler.accelClamp)
                sampler.add(t: touch.t, progress: progress)
                return (.began(t: touch.t), "began")
            }
            guard finger == nil, state != .active else { return (nil, nil) }
            if recognizer == .edgePan, touch.x > profile.number("backswipe.edge_region") { return (nil, nil) }
            finger = touch.id
            origin = (touch.x, touch.y)
            baseProgress = 0
            state = .possible
            velocity.reset(t: touch.t, x: touch.x, y: touch.y)
            return (nil, nil)
        case .moved, .stationary:
            guard touch.id == finger else { return (nil, nil) }
            velocity.add(t: touch.t, x: touch.x, y: touch.y)
            let dx = touch.x - origin.x, dy = touch.y - origin.y
            if state == .possible {
                if recognizer == .edgePan {
                    let hysteresis = profile.number("backswipe.edge_hysteresis")
                    let base = profile.number("backswipe.vertical_fail_base")
                    let limit = min(profile.number("backswipe.vertical_fail_cap"), base + (hysteresis - base) / 25 * abs(dx))
                    if abs(dy) >= limit, abs(dx) < hysteresis {
                        state = .failed
                        finger = nil
                        return (nil, "failed")
                    }
                    guard dx >= hysteresis else { return (nil, nil) }
                    slop = (hysteresis, 0)
                } else {
                    let hysteresis = profile.number("pan.hysteresis")
                    let distance = (dx * dx + dy * dy).squareRoot()
                    guard distance >= hysteresis else { return (nil, nil) }
                    // The slop is subtracted from the translation at began.
                    slop = (dx / distance * hysteresis, dy / distance * hysteresis)
                }
                state = .active
                percent = progress(dx: dx, dy: dy)
                sampler.add(t: touch.t, progress: percent)
                return (.began(t: touch.t), "began")
            }
            guard state == .active else { return (nil, nil) }
            percent = progress(dx: dx, dy: dy)
            sampler.add(t: touch.t, progress: percent)
            return (.changed(t: touch.t, percent: percent), "changed")
        case .ended, .cancelled:
            guard touch.id == finger else { return (nil, nil) }
            finger = nil
            guard state == .active else {
                let wasPossible = state == .possible
                state = .possible
                return (nil, wasPossible ? "failed" : nil)
            }
            state = .possible
            let cancelled = touch.phase == .cancelled
            if !cancelled {
                velocity.add(t: touch.t, x: touch.x, y: touch.y)
                percent = progress(dx: touch.x - origin.x, dy: touch.y - origin.y)
                sampler.add(t: touch.t, progress: percent)
            }
            let v = (velocity.velocity.x * direction.x + velocity.velocity.y * direction.y) / extent
            let finish = !cancelled && decide(percent: percent, velocity: v)
            return (.ended(t: touch.t, finish: finish, velocity: v), cancelled ? "cancelled" : "ended")
        }
    }

    /// Progress for a translation: base + (translation - slop) along the axis / extent, clamped.
    private func progress(dx: Double, dy: Double) -> Double {
        let along = (dx - slop.x) * direction.x + (dy - slop.y) * direction.y
        return min(max(baseProgress + along / extent, 0), 1)
    }

    /// The completion policy at release (a cancelled gesture never gets here).
    func decide(percent p: Double, velocity v: Double) -> Bool {
        switch policy {
        case "uikit-backswipe":
            let minSamples = Int(profile.number("backswipe.min_samples"))
            guard sampler.count >= minSamples else { return v > 0 }
            let T = transitionDuration
            let mv = sampler.meanVelocity, ma = sampler.meanAcceleration
            let limit = min(profile.number("backswipe.threshold_width") / screenWidth, profile.number("backswipe.threshold_cap"))
            return p + mv * T + ma * T * T / 2 > limit
        case "velocity-sign":
            return v > 0 || (v == 0 && p > threshold)
        case "projection":
            let d = profile.number("projection.deceleration")
            return p + v / 1000 * d / (1 - d) > threshold
        default:
            return p > threshold
        }
    }

    /// Pinch: two fingers; scale = distance / distance at the second finger's landing;
    /// begins once the scale moves `pinch.hysteresis` from 1; p = 1 - scale.
    private mutating func handlePinch(_ touch: Touch, runningProgress: Double?) -> (InteractionCommand?, String?) {
        switch touch.phase {
        case .began:
            guard pinchFingers.count < 2 else { return (nil, nil) }
            pinchFingers.append((touch.id, touch.x, touch.y))
            if pinchFingers.count == 2 {
                pinchStartDistance = max(fingerDistance(), 1)
                pinchScale = 1
                lastPinch = (touch.t, 1)
                pinchVelocity = 0
                if let progress = runningProgress {
                    baseProgress = progress
                    percent = progress
                    state = .active
                    return (.began(t: touch.t), "began")
                }
                baseProgress = 0
                state = .possible
            }
            return (nil, nil)
        case .moved, .stationary:
            guard let index = pinchFingers.firstIndex(where: { $0.id == touch.id }) else { return (nil, nil) }
            pinchFingers[index].x = touch.x
            pinchFingers[index].y = touch.y
            guard pinchFingers.count == 2 else { return (nil, nil) }
            updateScale(t: touch.t)
            if state == .possible {
                guard abs(pinchScale - 1) >= profile.number("pinch.hysteresis") else { return (nil, nil) }
                state = .active
                percent = pinchProgress()
                return (.began(t: touch.t), "began")
            }
            guard state == .active else { return (nil, nil) }
            percent = pinchProgress()
            return (.changed(t: touch.t, percent: percent), "changed")
        case .ended, .cancelled:
            guard let index = pinchFingers.firstIndex(where: { $0.id == touch.id }) else { return (nil, nil) }
            pinchFingers.remove(at: index)
            guard state == .active else {
                if pinchFingers.isEmpty { state = .possible }
                return (nil, nil)
            }
            state = .possible
            pinchFingers.removeAll()
            let cancelled = touch.phase == .cancelled
            // Scale shrinking means progress growing.
            let v = -pinchVelocity
            let finish = !cancelled && decide(percent: percent, velocity: v)
            return (.ended(t: touch.t, finish: finish, velocity: v), cancelled ? "cancelled" : "ended")
        }
    }

    private func fingerDistance() -> Double {
        let dx = pinchFingers[0].x - pinchFingers[1].x, dy = pinchFingers[0].y - pinchFingers[1].y
        return (dx * dx + dy * dy).squareRoot()
    }

    private mutating func updateScale(t: Double) {
        pinchScale = fingerDistance() / pinchStartDistance
        let dt = t - lastPinch.t
        if dt >= profile.number("velocity.min_dt") {
            let w = profile.number("velocity.latest_weight")
            pinchVelocity = w * (pinchScale - lastPinch.scale) / dt + (1 - w) * pinchVelocity
            lastPinch = (t, pinchScale)
        }
    }

    private func pinchProgress() -> Double { min(max(baseProgress + 1 - pinchScale, 0), 1) }
}
