#if canImport(Glibc)
    import Glibc  // exp, sin, cos, log, atan2, pow without Foundation
#elseif canImport(Darwin)
    import Darwin
#endif

/// UIScrollView's deceleration: velocity multiplied by `rate` every millisecond.
package struct DecelerationRate: Sendable, Hashable, Codable, RawRepresentable {
    /// Velocity factor per millisecond, 0 < rate < 1.
    package var rawValue: Double
    package init(rawValue: Double) { self.rawValue = rawValue }

    /// `UIScrollView.DecelerationRate.normal`: 0.998 per ms.
    package static let normal = DecelerationRate(rawValue: 0.998)
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per ms.
    package static let fast = DecelerationRate(rawValue: 0.99)
}

/// Where a flick would come to rest (WWDC18 session 803, "Designing Fluid Interfaces").
package enum DecelerationProjection {
    /// Distance travelled until rest from `velocity` (points per second), in points:
    /// (v / 1000) × d / (1 - d).
    package static func project(velocity: Double, rate: DecelerationRate = .normal) -> Double {
        let d = rate.rawValue
        return velocity / 1000 * d / (1 - d)
    }

    /// Velocity (points per second) `t` seconds after release at `velocity`: v0 × d^(1000 t).
    package static func velocity(initial velocity: Double, rate: DecelerationRate = .normal, at t: Double) -> Double {
        velocity * pow(rate.rawValue, 1000 * t)
    }
}
