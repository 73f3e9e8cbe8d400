import ReelGestures
import ReelTrace

/// The iOS 18 zoom transition's interactive dismissal (`_UIZoomTransitionController` as the
/// delegate of its `_UIDismissInteraction`, whose sub-interactions are swipeDown, edgePan and
/// pinch; docs/ENGINE.md, "System zoom transition (iOS 18)"). UIKit's bodies are Swift and opaque
/// in D18/D26; the rules below are the engine's, each number a `systemzoom.*` parameter.
///
/// - Begin (`dismissInteraction:shouldBeginWithAxis:location:velocity:proposal:`): the app's
///   `interactiveDismissShouldBegin` (`systemzoom.dismiss_allowed`); a drag must also move
///   downwards (velocity.y > 0 and velocity.y >= |velocity.x|: the vertical axis).
/// - Follow (`didIssueUpdate:`): the view moves with the finger's translation (a pinch: its
///   centroid's) and scales about its center to s = 1 - (1 - minScale) p, where the progress
///   p = clamp(ty / extent) for a drag, clamp(tx / extent) for an edge swipe (inwards), and
///   clamp((1 - scale) / (1 - minScale)) for a pinch; p is also the transition's percent.
/// - Release (`didDismissWithVelocity:` or `didCancelWithVelocity:originalPosition:`): with
///   `systemzoom.end_rule` = dismiss-interaction, `ZoomEndRule` (the end handler of D26's Swift
///   `_UIDismissInteraction` sub-interactions, which route `.ended` and `.cancelled` alike); with
///   `policy` (0.6.0), the policy (`systemzoom.policy`: p + projected distance / extent >
///   `systemzoom.threshold`) with the velocity towards dismissal, a cancelled gesture springing back.
struct ZoomDismissController: InteractionController {
    /// Which sub-interaction of `_UIDismissInteraction` drives the dismissal.
    enum Gesture: Sendable { case drag, edge, pinch }

    let setup: ControllerSetup
    let gesture: Gesture
    /// `systemzoom.min_scale`: the view's scale at progress 1.
    let minimumScale: Double
    /// `interactiveDismissShouldBegin`'s answer (`systemzoom.dismiss_allowed`).
    let dismissAllowed: Bool
    /// The dismiss interaction's own end rule; nil: decide by the policy (`systemzoom.end_rule` = policy).
    let endRule: ZoomEndRule?
    /// The pinch's centroid when it began (the view follows its movement).
    private var startLocation = GestureVector.zero
    /// The pinch centroid's movement at its last change: a lift moves nothing (the centroid of the
    /// finger left after the first lift is not the pinch's).
    private var pinchTranslation = GestureVector.zero

    init(setup: ControllerSetup, gesture: Gesture, minimumScale: Double, dismissAllowed: Bool, endRule: ZoomEndRule? = nil) {
        self.setup = setup
        self.gesture = gesture
        self.minimumScale = minimumScale
        self.dismissAllowed = dismissAllowed
        self.endRule = endRule
    }

    /// The dismissal's release animation belongs to the zoom controller, not to a finger.
    var takesRunningAnimationBack: Bool { false }

    func shouldBegin(_ reading: GestureReading) -> Bool {
        guard dismissAllowed else { return false }
        guard gesture == .drag else { return true }
        return reading.velocity.y > 0 && reading.velocity.y >= abs(reading.velocity.x)
    }

    mutating func began(_ reading: GestureReading, base: Double, resumed: Bool, at t: Double) -> InteractionCommand? {
        startLocation = reading.location
        pinchTranslation = .zero
        return .began(t: t)
    }

    mutating func changed(_ reading: GestureReading, at t: Double) -> InteractionCommand? {
        let p = progress(reading)
        let translation = gesture == .pinch ? reading.location - startLocation : reading.translation
        if gesture == .pinch { pinchTranslation = translation }
        let follow = ZoomFollow(tx: translation.x, ty: translation.y, scale: 1 - (1 - minimumScale) * p)
        return .follow(t: t, percent: min(p, setup.updateCap), follow: follow)
    }

    mutating func ended(_ reading: GestureReading, state: GestureState, duration: Double, at t: Double) -> InteractionCommand? {
        let dismiss: Bool
        if let endRule {
            // The pinch's view follows its centroid; its translational velocity is not a reading (0).
            let translation = gesture == .pinch ? pinchTranslation : reading.translation
            let velocity = gesture == .pinch ? GestureVector.zero : reading.velocity
            let decision = endRule.decision(
                scale: gesture == .pinch ? reading.scale : 1, translation: translation, velocity: velocity,
                horizontal: gesture == .edge, towards: setup.direction)
            dismiss = decision.finish
            DecisionTap.note(decision)
        } else {
            dismiss = state != .cancelled && setup.decide(progress: progress(reading), reading)
        }
        return .ended(t: t, finish: dismiss, velocity: setup.velocity(reading))
    }

    /// The dismissal's progress p (0...1) for a reading.
    func progress(_ reading: GestureReading) -> Double {
        guard setup.extent > 0 else { return 0 }
        let raw: Double
        switch gesture {
        case .drag, .edge: raw = reading.translation.dot(setup.direction) / setup.extent
        case .pinch: raw = (1 - reading.scale) / setup.extent
        }
        // A pinch that began with its fingers together has no scale: no progress.
        return raw.isNaN ? 0 : min(max(raw, 0), 1)
    }
}
