/// UIKit's gesture velocity (D26 `velocityInView:`; UIPanGestureRecognizer keeps a
/// `_velocitySample` and a `_previousVelocitySample`).
///
/// Each movement sample gives a per-sample velocity dpos / dt, or zero when dt is under
/// `minimumInterval`. The reported velocity blends the latest two per-sample velocities:
/// `latestWeight × latest + (1 - latestWeight) × previous` (previous is zero until there are two).
/// Samples with exactly the same timestamp as the latest one belong to the same touch event
/// (UIKit delivers a multi-finger event at once) and amend the latest sample instead of adding one.
public struct VelocityEstimator: Sendable, Hashable {
    public struct Parameters: Sendable, Hashable, Codable {
        /// Weight of the latest per-sample velocity. Default 0.2 (D26).
        public var latestWeight: Double
        /// Seconds under which a sample's velocity is zero. Default 0.001 (D26).
        public var minimumInterval: Double

        public init(latestWeight: Double = 0.2, minimumInterval: Double = 0.001) {
            self.latestWeight = latestWeight
            self.minimumInterval = minimumInterval
        }
    }

    private struct Sample: Sendable, Hashable {
        var t: Double
        var position: GestureVector
    }

    public let parameters: Parameters
    /// The sample before `latest` (the start of the latest per-sample velocity).
    private var anchor: Sample?
    private var latest: Sample?
    private var latestVelocity: GestureVector = .zero
    private var previousVelocity: GestureVector = .zero

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// The reported velocity, points (or units) per second.
    public var velocity: GestureVector {
        latestVelocity * parameters.latestWeight + previousVelocity * (1 - parameters.latestWeight)
    }

    /// Adds a position at time `t` (seconds).
    public mutating func add(_ position: GestureVector, at t: Double) {
        if let current = latest, current.t == t {
            latest = Sample(t: t, position: position)
            if let anchor { latestVelocity = sampleVelocity(from: anchor, to: latest!) }
            return
        }
        if let current = latest {
            previousVelocity = anchor == nil ? .zero : latestVelocity
            let next = Sample(t: t, position: position)
            latestVelocity = sampleVelocity(from: current, to: next)
            anchor = current
        }
        latest = Sample(t: t, position: position)
    }

    private func sampleVelocity(from a: Sample, to b: Sample) -> GestureVector {
        let dt = b.t - a.t
        return dt < parameters.minimumInterval ? .zero : (b.position - a.position) / dt
    }
}
