import ReelGestures
import ReelTrace

/// How `_UIDismissInteraction` decides a zoom dismissal when its gesture ends or is cancelled
/// (D26: the iOS 26.1 UIKitCore Swift end handlers of `_UIContentSwipeDismissSubInteraction` and
/// the shared one of the edge-pan and pinch sub-interactions; `.ended` and `.cancelled` reach the
/// same code). With the sub-interaction's `_UIDismissInteractionSubInteractionSettings`:
/// 1. the gesture's scale below `scaleDismissThreshold` dismisses;
/// 2. else, on the horizontal axis (`recognizedAxis == 1`), translation.x + 0.099 × velocity.x past
///    `dismissThreshold` dismisses, towards the leading edge's inside: > threshold left to right,
///    < -threshold right to left (`effectiveUserInterfaceLayoutDirection`);
/// 3. else (the vertical axis) translation.y + 0.099 × velocity.y > `dismissThreshold` dismisses;
/// 4. otherwise the dismissal is cancelled (`didCancelWithVelocity:originalPosition:`).
/// The thresholds' values are set in Swift `setDefaultValues` bodies neither restore decompiles:
/// they are parameters (`systemzoom.dismiss_threshold`, `scale_dismiss_threshold`).
///
/// ```swift
/// let rule = ZoomEndRule(dismissThreshold: 100, scaleDismissThreshold: 0.875, velocityFactor: 0.099)
/// rule.dismisses(scale: 1, translation: GestureVector(x: 0, y: 90), velocity: GestureVector(x: 0, y: 120),
///                horizontal: false, towards: GestureVector(x: 0, y: 1))  // 90 + 11.88 > 100: true
/// ```
struct ZoomEndRule: Sendable, Hashable {
    /// `dismissThreshold`, points.
    let dismissThreshold: Double
    /// `scaleDismissThreshold`, a scale.
    let scaleDismissThreshold: Double
    /// The literal 0.099 of the end handlers, seconds.
    let velocityFactor: Double

    /// Whether the dismissal completes. `towards` is the dismissing direction on the recognized
    /// axis (down for a drag; the leading edge's inward direction for an edge swipe, which carries
    /// the layout direction's sign).
    func dismisses(
        scale: Double, translation: GestureVector, velocity: GestureVector, horizontal: Bool, towards: GestureVector
    ) -> Bool {
        decision(scale: scale, translation: translation, velocity: velocity, horizontal: horizontal, towards: towards).finish
    }

    /// The rule's inputs, projected value, thresholds and result (`StoredDecision`, rule `zoomEndRule`):
    /// the translation and velocity along the recognized axis, translation + 0.099 × velocity
    /// against `dismissThreshold`, and the scale against `scaleDismissThreshold`.
    func decision(
        scale: Double, translation: GestureVector, velocity: GestureVector, horizontal: Bool, towards: GestureVector
    ) -> StoredDecision {
        let axis = horizontal ? GestureVector(x: towards.x, y: 0) : GestureVector(x: 0, y: 1)
        let along = translation.dot(axis)
        let speed = velocity.dot(axis)
        let projected = along + velocityFactor * speed
        return StoredDecision(
            rule: "zoomEndRule",
            source: "scale < scaleDismissThreshold dismisses, else translation + 0.099 × velocity along the recognized "
                + "axis > dismissThreshold (_UIDismissInteraction's end handler, D26)",
            recognizerState: "", finish: scale < scaleDismissThreshold || projected > dismissThreshold, progress: along,
            velocity: speed, horizon: velocityFactor, value: projected, threshold: dismissThreshold, scale: scale,
            scaleThreshold: scaleDismissThreshold)
    }
}
