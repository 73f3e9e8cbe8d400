/// The system back-swipe's release statistics as D26 keeps them
/// (`_UINavigationInteractiveTransitionBase _updateStatistics:firstSample:finalSample:`).
///
/// Samples are the recognizer's own numbers, normalised by the width W: displacement =
/// max(translation, 0) / W and velocity = the recognizer's smoothed velocity / W. The `.began`
/// sample counts (its acceleration is 0). A later offer is taken when at least
/// `minimumInterval` has passed since the last OFFERED sample, or more than
/// `minimumIntervalWithMovement` with a different displacement than the last taken one. A
/// taken sample's acceleration is (velocity - previous taken velocity) / (time since the last
/// taken sample), moved to within `maximumAccelerationChange` of the previous acceleration.
/// Means are running means over the last `windowSize` samples, computed incrementally as D26 does.
package struct BackSwipeStatistics: Sendable, Hashable {
    package typealias Parameters = BackSwipeSampler.Parameters

    package let parameters: Parameters
    /// The width positions and velocities are normalised by, points.
    package let width: Double
    /// Samples taken, the `.began` one included.
    package private(set) var sampleCount = 0
    /// Running mean velocity, widths per second.
    package private(set) var meanVelocity = 0.0
    /// Running mean acceleration, widths per second².
    package private(set) var meanAcceleration = 0.0
    /// The last taken sample's velocity, widths per second (D26 hands W × this to the finish animation).
    package private(set) var previousVelocity = 0.0
    private var previousTime = 0.0
    private var skipTime = 0.0
    private var previousDisplacement = 0.0
    private var previousAcceleration = 0.0
    private var velocities: [Double]
    private var accelerations: [Double]

    package init(width: Double, parameters: Parameters = Parameters()) {
        self.width = width
        self.parameters = parameters
        velocities = Array(repeating: 0, count: max(parameters.windowSize, 1))
        accelerations = velocities
    }

    /// The `.began` sample: translation along the gesture (points) and the recognizer's velocity
    /// (points per second) at time `t`.
    package mutating func begin(translation: Double, velocity: Double, at t: Double) {
        let v = velocity / width
        previousTime = t
        skipTime = t
        previousDisplacement = displacement(translation)
        previousVelocity = v
        previousAcceleration = 0
        meanVelocity = v
        meanAcceleration = 0
        velocities[0] = v
        accelerations[0] = 0
        sampleCount = 1
    }

    /// A `.changed` (or the `.ended`) sample; returns whether it was taken.
    @discardableResult
    package mutating func offer(translation: Double, velocity: Double, at t: Double) -> Bool {
        let d = displacement(translation)
        let v = velocity / width
        let sinceOffered = t - skipTime
        skipTime = t
        guard
            sinceOffered >= parameters.minimumInterval
                || (sinceOffered > parameters.minimumIntervalWithMovement && previousDisplacement != d)
        else { return false }
        let dt = t - previousTime
        let n = sampleCount
        let window = velocities.count
        let slot = n % window
        let size = Double(window)
        meanVelocity = n > window - 1 ? (v + meanVelocity * size - velocities[slot]) / size : (v + meanVelocity * Double(n)) / Double(n + 1)
        velocities[slot] = v
        var a = (v - previousVelocity) / dt
        let limit = parameters.maximumAccelerationChange
        if abs(a - previousAcceleration) > limit { a = previousAcceleration + (a - previousAcceleration > 0 ? limit : -limit) }
        meanAcceleration =
            n > window - 1
            ? (a + meanAcceleration * size - accelerations[slot]) / size : (a + meanAcceleration * Double(n)) / Double(n + 1)
        accelerations[slot] = a
        previousAcceleration = a
        previousVelocity = v
        previousDisplacement = d
        previousTime = t
        sampleCount = n + 1
        return true
    }

    private func displacement(_ translation: Double) -> Double {
        translation >= 0 ? translation / width : 0
    }
}
