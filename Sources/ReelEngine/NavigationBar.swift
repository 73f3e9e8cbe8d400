import ReelGestures
import ReelTrace

/// The navigation controller's bar in navigation scenarios. It is not a view in frames: it does
/// not move in any transition the engine models (docs/ENGINE.md, "Navigation bar"); the engine
/// uses its geometry to refuse back-swipe touches.
struct NavigationBar: Sendable, Hashable {
    /// The bar's frame, window points: full width, from the safe area top, `nav.bar_height` tall
    /// (`nav.compact_bar_height` in compact height: phones in landscape).
    let frame: Rect

    init(device: Device, profile: EngineProfile) {
        let height = profile.number(device.verticalSizeClass == .compact ? .navCompactBarHeight : .navBarHeight)
        frame = Rect(x: 0, y: device.safeAreaInsets.top, w: device.width, h: height)
    }

    /// Where a landing touch is refused (`nav.bar_touch_region`): the bar's bounds, as
    /// `_UINavigationInteractiveTransition gestureRecognizer:shouldReceiveTouch:` tests them (D26);
    /// the bar and the safe-area strip above it; or nowhere (nil).
    func refusalRegion(_ choice: String) -> Rect? {
        switch choice {
        case "bar": frame
        case "bar-and-safe-area": Rect(x: 0, y: 0, w: frame.w, h: frame.y + frame.h)
        default: nil
        }
    }
}

extension Rect {
    /// CGRectContainsPoint: min <= p < max on both axes (an empty rectangle contains nothing).
    func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < x + w && py >= y && py < y + h
    }
}

/// Touches a recognizer never receives because its delegate refused them at touch-down
/// (`gestureRecognizer:shouldReceiveTouch:` is asked once per touch): a finger landing in
/// `region`, and every later sample of that finger until it lifts or is cancelled.
struct TouchRefusal: Sendable {
    /// Nowhere refused.
    static let none = TouchRefusal(region: nil)

    let region: Rect?
    /// Fingers refused at touch-down and still down.
    private var refused: [Int] = []

    init(region: Rect?) { self.region = region }

    /// Whether the recognizer receives `touch`.
    mutating func admits(_ touch: Touch) -> Bool {
        guard let region else { return true }
        if touch.phase == .began {
            refused.removeAll { $0 == touch.id }
            guard region.contains(x: touch.x, y: touch.y) else { return true }
            refused.append(touch.id)
            return false
        }
        guard refused.contains(touch.id) else { return true }
        if touch.phase == .ended || touch.phase == .cancelled { refused.removeAll { $0 == touch.id } }
        return false
    }
}

/// Where the system back-swipe listens in a scenario: its screen edge (`.right` for a
/// right-to-left layout, as `_UINavigationInteractiveTransition _setShouldReverseLayoutDirection:`
/// sets it) and the touches it refuses (those landing in the navigation bar).
struct BackSwipeLayout: Sendable {
    let edge: ScreenEdge
    let refusal: TouchRefusal

    init(spec: ScenarioSpec, device: Device, profile: EngineProfile) {
        edge = spec.isRightToLeft(in: profile) ? .right : .left
        let bar = spec.hierarchy.container == "navigation" ? NavigationBar(device: device, profile: profile) : nil
        refusal = TouchRefusal(region: bar?.refusalRegion(profile.string(.navBarTouchRegion)))
    }
}

extension ScenarioSpec {
    /// Whether the engine lays the scenario out right to left: the spec says so and
    /// `layout.right_to_left` honours it.
    func isRightToLeft(in profile: EngineProfile) -> Bool { isRightToLeft && profile.bool(.layoutRightToLeft) }
}
