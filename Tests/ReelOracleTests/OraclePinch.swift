/// UIPinchGestureRecognizer's scale over touch events (D26 `_UIPinchGestureRecognizerDriver`),
/// driving VCTransitionsLibrary's CEPinchInteractionController.
///
/// With two fingers down, touchesBegan takes initialTouchDistance = distance / scale; moves
/// while possible begin once |initial x scale - distance| > 8 (`_hysteresis` 8), after moving
/// initialTouchDistance 8 pt towards the distance; scale = distance / initialTouchDistance.
/// One finger left does nothing (endsOnSingleTouch off); the last lift ends (fails before
/// `.began`); a cancelled touch with none left cancels. The pinch is taken as the analyzer's
/// dominant component, so every two-finger move applies its scale. Stationary-only events
/// deliver no touchesMoved.
struct OraclePinch {
    static let hysteresis = 8.0

    private(set) var state = OracleState.possible
    private var fingers: [Int: OraclePoint] = [:]
    private var initialScale = 1.0
    private var initialTouchDistance = 0.0
    private(set) var scale = 1.0

    /// Feeds one event; returns the state the action reports, if the action runs.
    mutating func handle(_ event: OracleEvent) -> OracleState? {
        guard state == .possible || state == .began || state == .changed else { return nil }
        let before = state
        var moved = false
        var ended = false
        var cancelled = false
        var landed = false
        for touch in event.touches {
            switch touch.phase {
            case .began:
                fingers[touch.id] = OraclePoint(x: touch.x, y: touch.y)
                landed = true
            case .moved:
                fingers[touch.id] = OraclePoint(x: touch.x, y: touch.y)
                moved = true
            case .stationary: fingers[touch.id] = OraclePoint(x: touch.x, y: touch.y)
            case .ended:
                fingers[touch.id] = nil
                ended = true
            case .cancelled:
                fingers[touch.id] = nil
                cancelled = true
            }
        }
        if landed, fingers.count == 2 {
            initialScale = scale
            initialTouchDistance = distance / initialScale
        }
        if moved, fingers.count == 2 {
            let d = distance
            if state != .possible {
                scale = d / initialTouchDistance
                state = .changed
            } else if abs(initialTouchDistance * initialScale - d) > Self.hysteresis {
                initialTouchDistance -= (initialTouchDistance > d ? Self.hysteresis : -Self.hysteresis) / initialScale
                scale = d / initialTouchDistance
                state = .began
            }
        }
        if ended || cancelled, fingers.isEmpty {
            let active = state == .began || state == .changed
            state = !active ? .failed : cancelled ? .cancelled : .ended
        }
        guard state != .failed, state != before || (state == .changed && moved) else { return nil }
        return state
    }

    /// The fingers' centroid (the zoom's pinch moves its view with it).
    var centroid: OraclePoint? {
        guard !fingers.isEmpty else { return nil }
        return fingers.values.reduce(.zero, +) / Double(fingers.count)
    }

    private var distance: Double {
        let points = Array(fingers.values)
        return (points[0] - points[1]).length
    }
}

/// VCTransitionsLibrary CEPinchInteractionController.m `handleGesture:`: startScale = scale at
/// `.began`; in `.changed` fraction = 1 - scale / startScale and `shouldComplete = fraction > 0.5`;
/// `.ended` / `.cancelled`: cancel when !shouldComplete or cancelled, else finish.
struct OraclePinchDismiss {
    private var startScale = 1.0
    private var shouldComplete = false
    private var fraction: Double?
    private var changed = false

    mutating func handle(_ state: OracleState, scale: Double) -> OracleDecision? {
        switch state {
        case .began:
            startScale = scale
            fraction = 0
        case .changed:
            let f = 1 - scale / startScale
            fraction = f
            shouldComplete = f > 0.5
            changed = true
        case .ended, .cancelled:
            let decided = state != .cancelled && changed
            return OracleDecision(
                finish: shouldComplete && state != .cancelled, progress: fraction.map { min(max($0, 0), 1) },
                margin: decided ? fraction.map { $0 - 0.5 } : nil)
        case .possible, .failed: break
        }
        return nil
    }
}
