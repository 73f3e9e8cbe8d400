import ReelTrace

/// Engine 0.3's pan (profile `legacy-0.3`, `gesture.event_model` = per-touch): every touch line
/// is an event.
///
/// Follows the first finger of a touch sequence (location, translation and velocity are
/// that finger's); other fingers only count towards `minimumNumberOfTouches`, and fingers
/// beyond `maximumNumberOfTouches` are ignored. Begins when the translation on an allowed
/// axis reaches `hysteresis`; the hysteresis ("slop") is then subtracted from the
/// translation along that axis (along the movement for `.none`), so translation starts near
/// zero. With an axis constraint the pan fails when the other axis reaches the hysteresis
/// first. Lifting the finger while began/changed ends the pan, before that it fails;
/// a cancelled touch cancels it (fails it while still possible).
package struct LegacyPanRecognizer: Sendable, Hashable {
    /// The same parameters as UIKit's pan. Engine 0.3 blended every velocity with the one before
    /// (zero until there were two): the default here, where `PanRecognizer`'s reads the latest alone first.
    package typealias Parameters = PanRecognizer.Parameters

    package let parameters: Parameters
    package private(set) var state: GestureState = .possible
    private var fingers: FingerTracker
    /// Subtracted from the raw translation once the pan has begun.
    private var slop: GestureVector = .zero

    package init(parameters: Parameters = Parameters(velocity: .init(blend: .always))) {
        self.parameters = parameters
        fingers = FingerTracker(velocity: parameters.velocity, maximumFingers: parameters.maximumNumberOfTouches)
    }

    /// The tracked finger's position, window points.
    package var location: GestureVector { fingers.location }
    /// Movement since touch-down minus the slop (zero until the pan begins), points.
    package var translation: GestureVector { state == .possible || state == .failed ? .zero : fingers.translation - slop }
    /// UIKit-smoothed velocity, points per second.
    package var velocity: GestureVector { fingers.estimator.velocity }
    /// Fingers counted as down.
    package var numberOfTouches: Int { fingers.fingersDown.count }

    /// Feeds one touch sample; returns the state transitions it caused, in order (often none).
    package mutating func handle(_ touch: Touch) -> [GestureState] {
        let event = fingers.record(touch)
        switch event {
        case .sequenceBegan:
            state = .possible
            slop = .zero
            return []
        case .ignored, .otherDown, .otherLifted:
            return []
        case .otherCancelled, .trackedCancelled, .trackedLifted:
            return state.fingersLeft(event == .trackedLifted ? .ended : .cancelled).map { [$0] } ?? []
        case .trackedMoved:
            return move()
        }
    }

    private mutating func move() -> [GestureState] {
        switch state {
        case .possible:
            let raw = fingers.translation
            let h = parameters.hysteresis
            let allowed: Double
            let other: Double
            switch parameters.axis {
            case .none:
                allowed = raw.length
                other = 0
            case .horizontal:
                allowed = abs(raw.x)
                other = abs(raw.y)
            case .vertical:
                allowed = abs(raw.y)
                other = abs(raw.x)
            }
            if allowed >= h {
                guard fingers.fingersDown.count >= parameters.minimumNumberOfTouches else { return [] }
                slop = slopVector(for: raw)
                state = .began
                return [.began]
            }
            if parameters.axis != .none, other >= h {
                state = .failed
                return [.failed]
            }
            return []
        case .began, .changed:
            state = .changed
            return [.changed]
        case .ended, .cancelled, .failed:
            return []
        }
    }

    private func slopVector(for raw: GestureVector) -> GestureVector {
        let h = parameters.hysteresis
        switch parameters.axis {
        case .none: return raw.length > 0 ? raw * (h / raw.length) : .zero
        case .horizontal: return GestureVector(x: raw.x < 0 ? -h : h, y: 0)
        case .vertical: return GestureVector(x: 0, y: raw.y < 0 ? -h : h)
        }
    }

    /// The delegate's `gestureRecognizerShouldBegin:` returned NO as the pan was beginning: it fails.
    package mutating func refuseBegan() {
        precondition(state == .began, "only a beginning pan can be refused")
        state = .failed
    }
}
