/// The iOS 18 zoom transition's dismissal by drag or edge swipe, as docs/ENGINE.md ("System zoom
/// transition (iOS 18)") states it with the built-in values (UIKit's own numbers are not visible
/// in the restores): progress p = travel along the dismissing axis / 400 pt, clamped to 0...1; at
/// `.ended`, dismiss iff p + (v / 1000) x 0.998 / (1 - 0.998) / 400 > 0.25, v the velocity along
/// that axis; cancelled touches spring back. A drag may begin only moving down, mostly vertically.
struct OracleZoomDismiss: OracleHandler {
    static let extent = 400.0
    static let threshold = 0.25
    static let deceleration = 0.998
    /// Along +x (the left edge swipe) or +y (the drag down).
    let horizontal: Bool

    /// The swipe-down sub-interaction's axis test at the moment the pan would begin.
    static func shouldBegin(_ action: OracleAction) -> Bool {
        action.velocity.y > 0 && action.velocity.y >= abs(action.velocity.x)
    }

    mutating func handle(_ action: OracleAction) -> OracleDecision? {
        guard action.state == .ended || action.state == .cancelled else { return nil }
        let travel = horizontal ? action.translation.x : action.translation.y
        let velocity = horizontal ? action.velocity.x : action.velocity.y
        let p = min(max(travel / Self.extent, 0), 1)
        let projected = velocity / 1000 * Self.deceleration / (1 - Self.deceleration)
        return OracleDecision(finish: action.state != .cancelled && p + projected / Self.extent > Self.threshold, progress: p)
    }
}
