/// The zoom dismissal's end rule, read from D26's Swift code of `_UIDismissInteraction`'s
/// sub-interactions (UIKitCore of the iOS 26.1 restore; the end handler of
/// `_UIContentSwipeDismissSubInteraction` and the shared one of the edge-pan and pinch
/// sub-interactions, reached for `.ended` (3) and `.cancelled` (4) alike):
/// - `gesture scale < settings.scaleDismissThreshold` -> `dismissInteraction:didDismissWithVelocity:`;
/// - else, with `recognizedAxis == 1` (horizontal): `v = translation.x + velocity.x * 0.099`; left to
///   right dismiss iff `dismissThreshold < v`, right to left iff `v < -dismissThreshold`;
/// - else `translation.y + velocity.y * 0.099 > dismissThreshold` dismisses;
/// - otherwise `dismissInteraction:didCancelWithVelocity:originalPosition:`.
/// The settings' values live in a Swift `setDefaultValues` body the restore does not decompile
/// (`_UIDismissInteractionSubInteractionSettings setDefaultValues` calls an opaque function): the
/// oracle takes 100 pt and a scale threshold below 1 (a drag's scale is 1), the engine's chosen values.
struct OracleZoomDismiss: OracleHandler {
    /// The 0.099 literal of the end handlers.
    static let velocityFactor = 0.099
    /// `dismissThreshold`: not in the sources; the engine's choice (the test counts the sessions
    /// this value decides: `OracleZoomDismiss.decidedByThreshold`).
    static let dismissThreshold = 100.0
    /// `scaleDismissThreshold`: not in the sources; the engine's choice.
    static let scaleDismissThreshold = 0.875
    /// Only for the progress the decision reports (the rule does not read it).
    static let extent = 400.0
    /// Along +x (the left edge swipe, left to right) or +y (the drag down).
    let horizontal: Bool

    /// The swipe-down sub-interaction's axis test at the moment the pan would begin (the engine's
    /// reading of `shouldBeginWithAxis:`; docs/ENGINE.md "System zoom transition").
    static func shouldBegin(_ action: OracleAction) -> Bool {
        action.velocity.y > 0 && action.velocity.y >= abs(action.velocity.x)
    }

    /// The end rule for a pan's final action: translation + 0.099 x velocity on the recognized
    /// axis against `threshold` (a drag's scale is 1, never below the scale threshold).
    static func decide(translation: Double, velocity: Double, threshold: Double = dismissThreshold) -> Bool {
        threshold < translation + velocity * velocityFactor
    }

    mutating func handle(_ action: OracleAction) -> OracleDecision? {
        guard action.state == .ended || action.state == .cancelled else { return nil }
        let travel = horizontal ? action.translation.x : action.translation.y
        let velocity = horizontal ? action.velocity.x : action.velocity.y
        let value = travel + velocity * Self.velocityFactor
        return OracleDecision(
            finish: Self.decide(translation: travel, velocity: velocity), progress: min(max(travel / Self.extent, 0), 1),
            margin: value - Self.dismissThreshold, unit: .points, started: true)
    }
}

/// The zoom's pinch sub-interaction, read the same way: scale below `scaleDismissThreshold`
/// dismisses, else its centroid's vertical translation + 0.099 x its velocity (the pinch gives the
/// handler no translational velocity here: 0, the engine's reading) against `dismissThreshold`.
struct OracleZoomPinch {
    private var startCentroid: OraclePoint?

    mutating func handle(_ state: OracleState, scale: Double, centroid: OraclePoint?) -> OracleDecision? {
        switch state {
        case .began: startCentroid = centroid
        case .ended, .cancelled:
            let ty = (centroid ?? .zero).y - (startCentroid ?? centroid ?? .zero).y
            let byScale = scale < OracleZoomDismiss.scaleDismissThreshold
            let finish = byScale || OracleZoomDismiss.decide(translation: ty, velocity: 0)
            // Margin in scale units (0.01 of scale reads as "near"): the scale's distance from its threshold.
            return OracleDecision(
                finish: finish, progress: min(max((1 - scale) / 0.5, 0), 1), margin: OracleZoomDismiss.scaleDismissThreshold - scale,
                unit: .progress, started: true)
        case .possible, .changed, .failed: break
        }
        return nil
    }
}
