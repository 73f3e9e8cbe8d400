import ReelTrace

/// What one touch sample meant for a recognizer that follows one finger.
enum FingerEvent: Sendable, Hashable {
    /// The first finger of a new touch sequence touched down (the recognizer starts over).
    case sequenceBegan
    /// The tracked finger moved (or lifted, or was cancelled); location and velocity are updated.
    case trackedMoved, trackedLifted, trackedCancelled
    /// Another finger touched down, lifted or was cancelled.
    case otherDown, otherLifted, otherCancelled
    /// Nothing to do: stationary samples (UIKit delivers no event for them) and unknown fingers.
    case ignored
}

/// The fingers on the glass and the path of the one a recognizer follows: the first finger
/// that touched down in the current touch sequence. A sequence ends when every finger lifts.
struct FingerTracker: Sendable, Hashable {
    /// Fingers down, in touch-down order.
    private(set) var fingersDown: [Int] = []
    private(set) var trackedID: Int?
    private(set) var start: GestureVector = .zero
    private(set) var startTime: Double = 0
    private(set) var location: GestureVector = .zero
    private(set) var time: Double = 0
    private(set) var estimator: VelocityEstimator
    /// Fingers beyond this many are not counted (and not tracked).
    let maximumFingers: Int
    /// Whether the tracked finger's lifting or cancelled line moves it (and gives a velocity
    /// sample): engine 0.3's per-touch model. UIKit's `touchesEnded` moves nothing.
    let liftMoves: Bool

    init(velocity: VelocityEstimator.Parameters, maximumFingers: Int = .max, liftMoves: Bool = true) {
        estimator = VelocityEstimator(parameters: velocity)
        self.maximumFingers = maximumFingers
        self.liftMoves = liftMoves
    }

    var translation: GestureVector { location - start }

    mutating func record(_ touch: Touch) -> FingerEvent {
        let point = GestureVector(x: touch.x, y: touch.y)
        switch touch.phase {
        case .began:
            if fingersDown.isEmpty {
                fingersDown = [touch.id]
                trackedID = touch.id
                start = point
                startTime = touch.t
                location = point
                time = touch.t
                estimator = VelocityEstimator(parameters: estimator.parameters)
                estimator.add(point, at: touch.t)
                return .sequenceBegan
            }
            guard !fingersDown.contains(touch.id), fingersDown.count < maximumFingers else { return .ignored }
            fingersDown.append(touch.id)
            return .otherDown
        case .stationary:
            return .ignored
        case .moved, .ended, .cancelled:
            guard fingersDown.contains(touch.id) else { return .ignored }
            if touch.phase != .moved { fingersDown.removeAll { $0 == touch.id } }
            guard touch.id == trackedID else {
                return touch.phase == .moved ? .ignored : (touch.phase == .ended ? .otherLifted : .otherCancelled)
            }
            if touch.phase == .moved || liftMoves {
                location = point
                time = touch.t
                estimator.add(point, at: touch.t)
            }
            switch touch.phase {
            case .moved: return .trackedMoved
            case .ended: return .trackedLifted
            default: return .trackedCancelled
            }
        }
    }
}
