/// Engine 0.3's back-swipe release estimator (the reel-0.3 handlers; `BackSwipeStatistics` is
/// D26's): running means over the last few samples of velocity and acceleration, normalised by the
/// width W (so velocity is in widths per second and acceleration in widths per second²).
///
/// A position sample is taken only when at least `minimumInterval` has passed since the last
/// taken one, or more than `minimumIntervalWithMovement` with movement. Each taken sample
/// after the first gives a velocity (Δposition / W / Δt); each velocity after the first
/// gives an acceleration (Δvelocity / Δt), limited to change by at most
/// `maximumAccelerationChange` from the previous acceleration estimate (which starts at 0).
package struct BackSwipeSampler: Sendable, Hashable {
    package struct Parameters: Sendable, Hashable, Codable {
        /// Samples averaged. Default 3 (D26).
        package var windowSize: Int
        /// Seconds between taken samples. Default 0.010 (D26).
        package var minimumInterval: Double
        /// Seconds between taken samples when the finger moved. Default 0.001 (D26).
        package var minimumIntervalWithMovement: Double
        /// Largest change of the acceleration estimate per sample, widths per second². Default 5 (D26).
        package var maximumAccelerationChange: Double

        package init(
            windowSize: Int = 3, minimumInterval: Double = 0.010, minimumIntervalWithMovement: Double = 0.001,
            maximumAccelerationChange: Double = 5
        ) {
            self.windowSize = windowSize
            self.minimumInterval = minimumInterval
            self.minimumIntervalWithMovement = minimumIntervalWithMovement
            self.maximumAccelerationChange = maximumAccelerationChange
        }
    }

    package let parameters: Parameters
    /// The width positions are normalised by, points.
    package let width: Double
    private var lastTime: Double?
    private var lastPosition: Double = 0
    private var lastVelocity: Double?
    private var lastAcceleration: Double = 0
    private var velocities: [Double] = []
    private var accelerations: [Double] = []
    /// Velocities computed so far (the "samples" of the decision rule).
    package private(set) var sampleCount = 0

    package init(width: Double, parameters: Parameters = Parameters()) {
        self.width = width
        self.parameters = parameters
    }

    /// Mean of the last `windowSize` velocities, widths per second (0 without samples).
    package var meanVelocity: Double { mean(velocities) }
    /// Mean of the last `windowSize` accelerations, widths per second² (0 without samples).
    package var meanAcceleration: Double { mean(accelerations) }

    /// Offers the finger's position along the gesture axis (points) at time `t` (seconds);
    /// returns whether the sample was taken.
    @discardableResult
    package mutating func add(position: Double, at t: Double) -> Bool {
        guard let previousTime = lastTime else {
            lastTime = t
            lastPosition = position
            return true
        }
        let dt = t - previousTime
        let moved = position != lastPosition
        guard dt >= parameters.minimumInterval || (moved && dt > parameters.minimumIntervalWithMovement) else {
            return false
        }
        let velocity = (position - lastPosition) / width / dt
        if let previousVelocity = lastVelocity {
            let raw = (velocity - previousVelocity) / dt
            let limit = parameters.maximumAccelerationChange
            lastAcceleration = min(max(raw, lastAcceleration - limit), lastAcceleration + limit)
            Self.push(lastAcceleration, into: &accelerations, windowSize: parameters.windowSize)
        }
        Self.push(velocity, into: &velocities, windowSize: parameters.windowSize)
        lastVelocity = velocity
        lastTime = t
        lastPosition = position
        sampleCount += 1
        return true
    }

    private static func push(_ value: Double, into window: inout [Double], windowSize: Int) {
        window.append(value)
        if window.count > max(windowSize, 1) { window.removeFirst() }
    }

    private func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }
}
