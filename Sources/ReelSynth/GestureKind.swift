import ReelGestures

/// What a scenario's gesture looks like, for the synthesizer.
public enum GestureKind: Sendable, Hashable {
    /// A tap at a point (points, window coordinates).
    case tap(x: Double, y: Double)
    /// A pan that starts at a screen edge and moves inward (UIScreenEdgePanGestureRecognizer).
    case edgePan(ScreenEdge)
    /// A pan anywhere, moving in a direction (a sheet dragged down, a card swiped left, ...).
    case pan(PanDirection)
    /// Two fingers moving apart (`closing: false`, zoom in) or together (`closing: true`).
    case pinch(closing: Bool)
    /// A tap that starts an animated transition, then a pan from a screen edge landing while it
    /// runs (nav.interrupt-push: the back swipe that catches a push).
    case tapThenEdgePan(ScreenEdge)
}

public enum PanDirection: String, Sendable, Hashable, CaseIterable {
    case left, right, up, down
}

/// The kinds of human behaviour the synthesizer mixes; the style is the session's second tag.
public enum GestureStyle: String, Sendable, Hashable, CaseIterable {
    /// A short touch with a little jitter.
    case tap
    /// A touch held still for half a second or more (stationary samples).
    case longPress = "long-press"
    /// A slow drag that comes to rest before lifting (release velocity about 0).
    case slowDrag = "slow-drag"
    /// A drag lifted while still moving at a moderate speed.
    case drag
    /// A quick flick lifted at high speed, early in its motion.
    case flick
    /// A drag that overshoots and comes back, lifted while moving backwards.
    case reversal
    /// A drag that stops for a while (stationary samples) and then goes on.
    case hesitation
    /// A drag whose touch ends `cancelled` (the system took the touch away).
    case cancelled
    /// A two-finger pinch at a moderate speed.
    case pinch
    /// A two-finger pinch lifted at high speed.
    case fastPinch = "fast-pinch"

    /// The styles the synthesizer cycles through for a gesture kind.
    public static func styles(for kind: GestureKind) -> [GestureStyle] {
        switch kind {
        case .tap: return [.tap, .longPress, .tap, .cancelled]
        case .edgePan, .pan, .tapThenEdgePan: return [.slowDrag, .drag, .flick, .reversal, .hesitation, .cancelled]
        case .pinch: return [.pinch, .fastPinch, .pinch, .cancelled]
        }
    }
}
