import ReelTrace

/// UIPinchGestureRecognizer's state machine over raw touches.
///
/// Uses the first two fingers of a touch sequence; further fingers are ignored. The initial
/// distance is the distance between the two fingers when the second touches down;
/// `scale` = current distance / initial distance. It begins when |scale - 1| reaches
/// `scaleHysteresis`. Lifting either finger ends it (fails it before it began, as does lifting
/// the only finger); a cancelled touch cancels it. `velocity` is the scale's rate of change
/// per second, estimated like UIKit's pan velocity (samples of one touch event, i.e. with the
/// same timestamp, are merged).
public struct PinchRecognizer: Sendable, Hashable {
    public struct Parameters: Sendable, Hashable, Codable {
        /// |scale - 1| at which the pinch begins. Default 0.05 — a profile choice: UIKit's
        /// pinch hysteresis is private and unmeasured here.
        public var scaleHysteresis: Double
        public var velocity: VelocityEstimator.Parameters

        public init(scaleHysteresis: Double = 0.05, velocity: VelocityEstimator.Parameters = .init()) {
            self.scaleHysteresis = scaleHysteresis
            self.velocity = velocity
        }
    }

    public let parameters: Parameters
    public private(set) var state: GestureState = .possible
    /// Current distance / initial distance; 1 until two fingers are down.
    public private(set) var scale: Double = 1
    /// Midpoint of the two fingers (the only finger's position before the second lands), window points.
    public private(set) var location: GestureVector = .zero
    /// The two fingers in touch-down order and their positions.
    private var fingerIDs: [Int] = []
    private var positions: [GestureVector] = []
    private var initialDistance: Double = 0
    private var estimator: VelocityEstimator

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        estimator = VelocityEstimator(parameters: parameters.velocity)
    }

    /// Scale per second.
    public var velocity: Double { estimator.velocity.x }
    /// Fingers counted as down (at most two).
    public var numberOfTouches: Int { fingerIDs.count }

    /// Feeds one touch sample; returns the state transitions it caused, in order (often none).
    public mutating func handle(_ touch: Touch) -> [GestureState] {
        let point = GestureVector(x: touch.x, y: touch.y)
        switch touch.phase {
        case .began:
            if fingerIDs.isEmpty {
                state = .possible
                scale = 1
                estimator = VelocityEstimator(parameters: parameters.velocity)
            }
            guard fingerIDs.count < 2, !fingerIDs.contains(touch.id) else { return [] }
            fingerIDs.append(touch.id)
            positions.append(point)
            updateLocation()
            if fingerIDs.count == 2, state == .possible {
                initialDistance = (positions[1] - positions[0]).length
                estimator.add(GestureVector(x: 1, y: 0), at: touch.t)
            }
            return []
        case .stationary:
            return []
        case .moved:
            guard let index = fingerIDs.firstIndex(of: touch.id) else { return [] }
            positions[index] = point
            updateLocation()
            guard fingerIDs.count == 2, initialDistance > 0, !state.isFinal else { return [] }
            scale = (positions[1] - positions[0]).length / initialDistance
            estimator.add(GestureVector(x: scale, y: 0), at: touch.t)
            switch state {
            case .possible:
                guard abs(scale - 1) >= parameters.scaleHysteresis else { return [] }
                state = .began
                return [.began]
            default:
                state = .changed
                return [.changed]
            }
        case .ended, .cancelled:
            guard let index = fingerIDs.firstIndex(of: touch.id) else { return [] }
            fingerIDs.remove(at: index)
            positions.remove(at: index)
            updateLocation()
            switch state {
            case .possible:
                state = .failed
                return [.failed]
            case .began, .changed:
                state = touch.phase == .ended ? .ended : .cancelled
                return [state]
            default:
                return []
            }
        }
    }

    private mutating func updateLocation() {
        guard !positions.isEmpty else { return }
        location = positions.reduce(GestureVector.zero, +) / Double(positions.count)
    }
}
