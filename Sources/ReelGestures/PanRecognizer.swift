import ReelTrace

/// Which translation components may start a pan.
package enum PanAxis: String, Sendable, Hashable, Codable {
    case none, horizontal, vertical
}

/// UIPanGestureRecognizer over touch events, as D26 has it (`UIPanGestureRecognizer`).
///
/// All touches of one event are applied, then the recognizer acts once. Location is the
/// centroid of the counted fingers and translation its movement, re-based when a finger lands
/// or lifts (`CentroidTracker`). While possible it begins when |translation.x| or
/// |translation.y| (an allowed axis) reaches `hysteresis` with at least
/// `minimumNumberOfTouches` fingers down; the hysteresis is then removed per axis (D26
/// `_removeHysteresisFromTranslation`: each component moves `hysteresis` towards zero, stopping
/// at zero; a disallowed component becomes zero). With an axis constraint it fails when the
/// other axis reaches the hysteresis first. Each later event with movement is a `.changed`.
/// The pan ends when the last finger lifts (fails if it had not begun) and is cancelled when
/// the last finger is cancelled; lifts move nothing and add no velocity sample.
package struct PanRecognizer: Sendable, Hashable {
    package struct Parameters: Sendable, Hashable, Codable {
        /// Points the translation must reach on an allowed axis before the pan begins. Default 10 (D18/D26).
        package var hysteresis: Double
        /// Default `.none` (both axes allowed).
        package var axis: PanAxis
        /// Fingers that must be down for the pan to begin. Default 1.
        package var minimumNumberOfTouches: Int
        /// Fingers beyond this many are ignored. Default Int.max (UIKit's NSUIntegerMax).
        package var maximumNumberOfTouches: Int
        package var velocity: VelocityEstimator.Parameters

        package init(
            hysteresis: Double = 10, axis: PanAxis = .none, minimumNumberOfTouches: Int = 1,
            maximumNumberOfTouches: Int = .max, velocity: VelocityEstimator.Parameters = .init()
        ) {
            self.hysteresis = hysteresis
            self.axis = axis
            self.minimumNumberOfTouches = minimumNumberOfTouches
            self.maximumNumberOfTouches = maximumNumberOfTouches
            self.velocity = velocity
        }
    }

    package let parameters: Parameters
    package private(set) var state: GestureState = .possible
    private var fingers: CentroidTracker

    package init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        fingers = CentroidTracker(velocity: parameters.velocity, maximumFingers: parameters.maximumNumberOfTouches)
    }

    /// The counted fingers' centroid as of the last move (re-based on landings and lifts), window points.
    package var location: GestureVector { fingers.last }
    /// The centroid's movement since the sequence began, hysteresis removed at `.began`, points.
    package var translation: GestureVector { fingers.translation }
    /// UIKit-smoothed velocity of the centroid, points per second.
    package var velocity: GestureVector { fingers.estimator.velocity }
    /// Fingers counted as down.
    package var numberOfTouches: Int { fingers.fingerIDs.count }

    /// Feeds one touch event; returns the state transitions it caused, in order (often none).
    package mutating func handle(_ event: TouchEvent) -> [GestureState] {
        let update = fingers.apply(event)
        if update.sequenceBegan { state = .possible }
        var changes: [GestureState] = []
        if update.moved, let change = move() { changes.append(change) }
        if let phase = update.lastFingerLeft, let change = state.fingersLeft(phase == .ended ? .ended : .cancelled) {
            changes.append(change)
        }
        return changes
    }

    /// The delegate's `gestureRecognizerShouldBegin:` returned NO as the pan was beginning: it fails.
    package mutating func refuseBegan() {
        precondition(state == .began, "only a beginning pan can be refused")
        state = .failed
    }

    private mutating func move() -> GestureState? {
        switch state {
        case .possible:
            let raw = fingers.translation
            let h = parameters.hysteresis
            let (allowsX, allowsY) = (parameters.axis != .vertical, parameters.axis != .horizontal)
            let reached = (allowsX && abs(raw.x) >= h) || (allowsY && abs(raw.y) >= h)
            if reached {
                guard numberOfTouches >= parameters.minimumNumberOfTouches else { return nil }
                fingers.setTranslation(
                    GestureVector(
                        x: allowsX ? Self.removeHysteresis(raw.x, h) : 0,
                        y: allowsY ? Self.removeHysteresis(raw.y, h) : 0))
                state = .began
                return .began
            }
            let other = parameters.axis == .horizontal ? abs(raw.y) : parameters.axis == .vertical ? abs(raw.x) : 0
            guard parameters.axis != .none, other >= h else { return nil }
            state = .failed
            return .failed
        case .began, .changed:
            state = .changed
            return .changed
        case .ended, .cancelled, .failed:
            return nil
        }
    }

    /// One component with the hysteresis removed: moved `h` towards zero, not past it.
    static func removeHysteresis(_ value: Double, _ h: Double) -> Double {
        value > 0 ? max(value - h, 0) : min(value + h, 0)
    }
}
