import ReelTrace

/// UIPinchGestureRecognizer's state machine over touch events.
///
/// Uses the first two fingers of a touch sequence; further fingers are ignored. All touches of
/// one event are applied before the recognizer acts, so an event moving both fingers changes
/// the scale once. With `touchModel` `.uikit` (D26 `_UIPinchGestureRecognizerDriver`): the
/// initial distance d0 is the fingers' distance when the second lands; the pinch begins at the
/// first move where |d - d0| > `distanceHysteresis` (8 pt), d0 then moving that far towards d,
/// and scale = d / d0; scale and velocity change only from then on (one sample per event, the
/// first from the second touch-down); lifting one finger freezes the scale and the pinch ends
/// (fails before it began) when the last finger lifts. With `.perTouch` (engine 0.3): it begins
/// when |d / d0 - 1| reaches `scaleHysteresis` and ends when either finger lifts. A cancelled
/// touch cancels it. `velocity` is the scale's rate of change per second: D26
/// `UIPinchGestureRecognizer velocity` reports 0.25 × latest + 0.75 × previous per-event
/// velocity (the latest alone while the previous is 0).
package struct PinchRecognizer: Sendable, Hashable {
    package struct Parameters: Sendable, Hashable, Codable {
        /// |scale - 1| at which the pinch begins (`.perTouch`). Default 0.05 (engine 0.3's choice).
        package var scaleHysteresis: Double
        /// Points the fingers' distance must change, strictly, before the pinch begins (`.uikit`).
        /// Default 8 (D26 `_UIPinchGestureRecognizerDriver` `_hysteresis`).
        package var distanceHysteresis: Double
        package var velocity: VelocityEstimator.Parameters
        /// Default `.uikit`.
        package var touchModel: TouchModel

        package init(
            scaleHysteresis: Double = 0.05, distanceHysteresis: Double = 8,
            velocity: VelocityEstimator.Parameters = .init(latestWeight: 0.25, blend: .whenPreviousNonzero),
            touchModel: TouchModel = .uikit
        ) {
            self.scaleHysteresis = scaleHysteresis
            self.distanceHysteresis = distanceHysteresis
            self.velocity = velocity
            self.touchModel = touchModel
        }
    }

    package let parameters: Parameters
    package private(set) var state: GestureState = .possible
    /// Current distance / initial distance; 1 until two fingers are down.
    package private(set) var scale: Double = 1
    /// Midpoint of the two fingers (the only finger's position before the second lands), window points.
    package private(set) var location: GestureVector = .zero
    /// The two fingers in touch-down order and their positions.
    private var fingerIDs: [Int] = []
    private var positions: [GestureVector] = []
    private var initialDistance: Double = 0
    private var estimator: VelocityEstimator

    package init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        estimator = VelocityEstimator(parameters: parameters.velocity)
    }

    /// Scale per second.
    package var velocity: Double { estimator.velocity.x }
    /// Fingers counted as down (at most two).
    package var numberOfTouches: Int { fingerIDs.count }

    /// Feeds one touch event: the moved fingers' positions, its touch-downs, then the scale (computed
    /// once, one velocity sample), then its lifts; returns the state transitions, in order.
    package mutating func handle(_ event: TouchEvent) -> [GestureState] {
        // UIKit updates every touch of the event before delivering it: a finger landing sees the
        // others where this event has them.
        var moved = false
        for touch in event.touches where touch.phase == .moved {
            guard let index = fingerIDs.firstIndex(of: touch.id) else { continue }
            positions[index] = GestureVector(x: touch.x, y: touch.y)
            moved = true
        }
        for touch in event.touches where touch.phase == .began { land(touch) }
        var changes: [GestureState] = []
        if moved, let change = move(at: event.t) { changes.append(change) }
        for touch in event.touches where touch.phase == .ended || touch.phase == .cancelled {
            if let change = lift(touch) { changes.append(change) }
        }
        return changes
    }

    private mutating func land(_ touch: Touch) {
        if fingerIDs.isEmpty {
            state = .possible
            scale = 1
            estimator = VelocityEstimator(parameters: parameters.velocity)
        }
        guard fingerIDs.count < 2, !fingerIDs.contains(touch.id) else { return }
        fingerIDs.append(touch.id)
        positions.append(GestureVector(x: touch.x, y: touch.y))
        updateLocation()
        if fingerIDs.count == 2, state == .possible {
            initialDistance = (positions[1] - positions[0]).length
            estimator.add(GestureVector(x: 1, y: 0), at: touch.t)
        } else if fingerIDs.count == 2, state.isInProgress, parameters.touchModel == .uikit {
            // A second finger again: the scale goes on from where it is (D26 initialTouchDistance = d / scale).
            initialDistance = (positions[1] - positions[0]).length / scale
        }
    }

    private mutating func move(at t: Double) -> GestureState? {
        updateLocation()
        guard fingerIDs.count == 2, initialDistance > 0, !state.isFinal else { return nil }
        let distance = (positions[1] - positions[0]).length
        if parameters.touchModel == .uikit, state == .possible {
            let h = parameters.distanceHysteresis
            guard abs(distance - initialDistance) > h else { return nil }
            initialDistance += distance < initialDistance ? -h : h
        }
        scale = distance / initialDistance
        estimator.add(GestureVector(x: scale, y: 0), at: t)
        switch state {
        case .possible:
            guard parameters.touchModel == .uikit || abs(scale - 1) >= parameters.scaleHysteresis else { return nil }
            state = .began
        default:
            state = .changed
        }
        return state
    }

    /// The delegate's `gestureRecognizerShouldBegin:` returned NO as the pinch was beginning: it fails.
    package mutating func refuseBegan() {
        precondition(state == .began, "only a beginning pinch can be refused")
        state = .failed
    }

    private mutating func lift(_ touch: Touch) -> GestureState? {
        guard let index = fingerIDs.firstIndex(of: touch.id) else { return nil }
        fingerIDs.remove(at: index)
        positions.remove(at: index)
        updateLocation()
        if parameters.touchModel == .uikit, !fingerIDs.isEmpty { return nil }
        return state.fingersLeft(touch.phase == .ended ? .ended : .cancelled)
    }

    private mutating func updateLocation() {
        guard !positions.isEmpty else { return }
        location = positions.reduce(GestureVector.zero, +) / Double(positions.count)
    }
}
