/// UIKit's gesture velocity (D26 `velocityInView:`; UIPanGestureRecognizer keeps a
/// `_velocitySample` and a `_previousVelocitySample`).
///
/// Each movement sample gives a per-sample velocity dpos / dt, or zero when dt is under
/// `minimumInterval`. The reported velocity blends the latest two per-sample velocities:
/// `latestWeight × latest + (1 - latestWeight) × previous`, as `blend` says when there is no
/// usable previous one. Samples with exactly the same timestamp as the latest one belong to the
/// same touch event (UIKit delivers a multi-finger event at once) and amend the latest sample
/// instead of adding one.
package struct VelocityEstimator: Sendable, Hashable {
    /// When the reported velocity is the latest per-sample velocity alone.
    package enum Blend: String, Sendable, Hashable, Codable {
        /// Always blended, the previous velocity zero until there are two (engine 0.3).
        case always
        /// The latest alone until there is a previous sample (D26 `UIPanGestureRecognizer velocityInView:`).
        case afterFirstSample
        /// The latest alone while the previous velocity is zero (D26 `UIPinchGestureRecognizer velocity`).
        case whenPreviousNonzero
    }

    package struct Parameters: Sendable, Hashable, Codable {
        /// Weight of the latest per-sample velocity. Default 0.2 (D26 pan; the pinch uses 0.25).
        package var latestWeight: Double
        /// Seconds under which a sample's velocity is zero. Default 0.001 (D26).
        package var minimumInterval: Double
        /// Default `.afterFirstSample` (D26 pan).
        package var blend: Blend

        package init(latestWeight: Double = 0.2, minimumInterval: Double = 0.001, blend: Blend = .afterFirstSample) {
            self.latestWeight = latestWeight
            self.minimumInterval = minimumInterval
            self.blend = blend
        }
    }

    private struct Sample: Sendable, Hashable {
        var t: Double
        var position: GestureVector
    }

    package let parameters: Parameters
    /// The sample before `latest` (the start of the latest per-sample velocity).
    private var anchor: Sample?
    private var latest: Sample?
    private var latestVelocity: GestureVector = .zero
    private var previousVelocity: GestureVector = .zero
    /// Per-sample velocities computed so far.
    private var velocityCount = 0

    package init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// The reported velocity, points (or units) per second.
    package var velocity: GestureVector {
        let blended = latestVelocity * parameters.latestWeight + previousVelocity * (1 - parameters.latestWeight)
        switch parameters.blend {
        case .always: return blended
        case .afterFirstSample: return velocityCount > 1 ? blended : latestVelocity
        case .whenPreviousNonzero: return previousVelocity != .zero ? blended : latestVelocity
        }
    }

    /// Adds a position at time `t` (seconds).
    package mutating func add(_ position: GestureVector, at t: Double) {
        if let current = latest, current.t == t {
            latest = Sample(t: t, position: position)
            if let anchor { latestVelocity = sampleVelocity(from: anchor, to: latest!) }
            return
        }
        if let current = latest {
            previousVelocity = anchor == nil ? .zero : latestVelocity
            let next = Sample(t: t, position: position)
            latestVelocity = sampleVelocity(from: current, to: next)
            velocityCount += 1
            anchor = current
        }
        latest = Sample(t: t, position: position)
    }

    /// Moves the latest sample's position without changing any velocity: the next sample's
    /// velocity starts from `position` (a pan's reference point re-based when a finger lands or lifts).
    mutating func replaceLatest(_ position: GestureVector) {
        latest?.position = position
    }

    private func sampleVelocity(from a: Sample, to b: Sample) -> GestureVector {
        let dt = b.t - a.t
        return dt < parameters.minimumInterval ? .zero : (b.position - a.position) / dt
    }
}
