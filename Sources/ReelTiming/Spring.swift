#if canImport(Glibc)
    import Glibc  // exp, sin, cos, log, atan2, pow without Foundation
#elseif canImport(Darwin)
    import Darwin
#endif

/// A damped harmonic oscillator driving normalised progress from 0 to 1.
///
/// The displacement from the target is x = progress - 1, starting at x0 = -1 with
/// velocity `initialVelocity` (progress units, i.e. whole distances, per second — UIKit's
/// `initialSpringVelocity` convention). m x'' + c x' + k x = 0 is solved in closed form:
/// with w0 = sqrt(k / m), zeta = c / (2 sqrt(k m)):
/// - underdamped (zeta < 1): x = e^(-zeta w0 t) (x0 cos wd t + (v0 + zeta w0 x0) / wd sin wd t),
///   wd = w0 sqrt(1 - zeta^2);
/// - critically damped: x = e^(-w0 t) (x0 + (v0 + w0 x0) t);
/// - overdamped: x = c1 e^(r1 t) + c2 e^(r2 t), r1,2 = -zeta w0 ± w0 sqrt(zeta^2 - 1),
///   c1 = (v0 - r2 x0) / (r1 - r2), c2 = x0 - c1.
/// A damping ratio within `criticalTolerance` of 1 uses the critical form (the other two
/// divide by numbers that vanish there).
package struct Spring: Sendable, Hashable, Codable {
    /// Mass (CASpringAnimation units; only ratios matter). Default 1.
    package var mass: Double
    /// Stiffness k (per second squared at mass 1). Default 100 (CASpringAnimation).
    package var stiffness: Double
    /// Damping c (per second at mass 1). Default 10 (CASpringAnimation).
    package var damping: Double
    /// Initial velocity in whole distances per second (1 = covers the distance in 1 s).
    package var initialVelocity: Double

    /// |zeta - 1| below which the critically damped form is used. Dimensionless.
    package static let criticalTolerance = 1e-9

    /// UISpringTimingParameters(mass:stiffness:damping:initialVelocity:) and
    /// CASpringAnimation; defaults are CASpringAnimation's (mass 1, stiffness 100, damping 10, velocity 0).
    package init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// SwiftUI-style response / damping fraction at mass 1 (b3ll/Motion):
    /// k = (2 pi / response)^2, c = 4 pi dampingFraction / response.
    /// - Parameters:
    ///   - response: seconds per undamped oscillation period.
    ///   - dampingFraction: the damping ratio zeta (dimensionless).
    ///   - initialVelocity: whole distances per second.
    package init(response: Double, dampingFraction: Double, initialVelocity: Double = 0) {
        let omega = 2 * Double.pi / response
        self.init(
            mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * dampingFraction / response,
            initialVelocity: initialVelocity)
    }

    /// A spring at mass 1 with the given undamped angular frequency (rad/s) and damping ratio.
    package init(naturalFrequency omega: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega, initialVelocity: initialVelocity)
    }

    /// The undamped angular frequency w0 = sqrt(k / m), radians per second.
    package var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio zeta = c / (2 sqrt(k m)), dimensionless.
    package var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Which closed form applies.
    package enum Regime: String, Sendable, Hashable, Codable {
        case underdamped, criticallyDamped, overdamped
    }

    package var regime: Regime {
        let zeta = dampingRatio
        if abs(zeta - 1) < Spring.criticalTolerance { return .criticallyDamped }
        return zeta < 1 ? .underdamped : .overdamped
    }

    /// Displacement from the target (progress - 1) at `t` seconds; -1 at t = 0.
    package func displacement(at t: Double) -> Double { state(at: t).displacement }

    /// Progress (0 at t = 0, tending to 1) at `t` seconds.
    package func position(at t: Double) -> Double { 1 + displacement(at: t) }

    /// Progress velocity in whole distances per second at `t` seconds.
    package func velocity(at t: Double) -> Double { state(at: t).velocity }

    /// Displacement and velocity at `t` seconds, from the closed form of the regime.
    package func state(at t: Double) -> (displacement: Double, velocity: Double) {
        state(at: t, displacement: -1, velocity: initialVelocity)
    }

    /// Displacement and velocity at `t` seconds of the same oscillator started at displacement
    /// `x0` with velocity `v0` (any units: a scroll view's bounce starts in points past its edge,
    /// possibly at the edge itself with the deceleration's speed).
    package func state(at t: Double, displacement x0: Double, velocity v0: Double) -> (displacement: Double, velocity: Double) {
        let w0 = naturalFrequency
        let zeta = dampingRatio
        switch regime {
        case .underdamped:
            let decay = zeta * w0
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + decay * x0) / wd
            let envelope = exp(-decay * t)
            let cosine = cos(wd * t)
            let sine = sin(wd * t)
            let x = envelope * (x0 * cosine + b * sine)
            let v = envelope * (v0 * cosine - (decay * b + x0 * wd) * sine)
            return (x, v)
        case .criticallyDamped:
            let envelope = exp(-w0 * t)
            let slope = v0 + w0 * x0
            return (envelope * (x0 + slope * t), envelope * (v0 - w0 * slope * t))
        case .overdamped:
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + root
            let r2 = -zeta * w0 - root
            let c1 = (v0 - r2 * x0) / (r1 - r2)
            let c2 = x0 - c1
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }
}
