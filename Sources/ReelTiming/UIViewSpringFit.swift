#if canImport(Glibc)
    import Glibc  // exp, log without Foundation
#elseif canImport(Darwin)
    import Darwin
#endif

/// UIKit's own fit of a spring to a duration, as D26's
/// `UIViewSpringAnimationState -generateSpringPropertiesForDuration:damping:velocity:` asks
/// `parametersOfSpringAnimation` for it: mass 1, epsilon 0.001, the damping ratio clamped to
/// `FLT_EPSILON...1`, and the natural frequency ω at which the oscillation's decay *envelope*
/// meets epsilon at the duration T, the initial velocity v kept in the fit:
/// - underdamped (ζ < 1): |(ζω − v) / (ω √(1 − ζ²))| · e^(−ζωT) = epsilon;
/// - critically damped (ζ = 1): |(ω − v)T + 1| · e^(−ωT) = epsilon.
///
/// D26 calls `parametersOfSpringAnimation`, a C function whose body the class decompile does not
/// show; its reconstruction as UXKit's same-named copy (OpenUXKit `UXViewAnimationContext`, the same
/// call with mass 1 and 0.001) gives the iteration: the duration clamped to 0.01...10 s, ω starting
/// at 5 / T, then exactly 12 Newton steps ω ← ω − f(ω) / f′(ω) on f(ω) = ε − envelope(ω)
/// (critically damped: envelope − ε·sign(ω − v)) with the analytic derivative, and the spring made
/// from ω² (stiffness) and 2ζ√(ω²) (damping), so a negative iterate counts by its magnitude.
/// Without an initial velocity toward the target the equation has one root and the steps reach it;
/// with one (v > 0) there can be three and the steps may end at any of them (0.5 s, ζ 0.3, v 3:
/// 10.149 rad/s, the middle root, not 36.19) or at no root at all (1.2 s, ζ 0.9, v 3: |ω| 48.66).
///
/// Used by ReelKit's `UIView.animate(usingSpringWithDamping:initialSpringVelocity:)` and
/// `UISpringTimingParameters(dampingRatio:initialVelocity:)` (`TimingFunction.uiViewSpring`).
/// The built-in engine's springs keep their own fit, `Spring(duration:dampingRatio:...)`
/// (`TimingFunction.dampedSpring`, the displacement settles at the duration), so its traces
/// do not move.
package enum UIViewSpringFit {
    /// The envelope threshold D26 passes (0.001 of the distance).
    package static let epsilon = 0.001
    /// The smallest damping ratio D26 keeps (`FLT_EPSILON`).
    package static let minimumDampingRatio = Double(Float.ulpOfOne)
    /// The durations the fit clamps to.
    package static let durationRange = 0.01...10.0
    /// How many Newton steps the fit takes.
    package static let newtonSteps = 12

    /// The damping ratio UIKit uses: `fmin(fmax(ζ, FLT_EPSILON), 1)` (NaN reads as the minimum).
    package static func clampedDampingRatio(_ ratio: Double) -> Double {
        guard ratio.isFinite || ratio == .infinity else { return minimumDampingRatio }
        return min(max(ratio, minimumDampingRatio), 1)
    }

    /// f(ω) and f′(ω) of the fit's Newton step.
    static func newtonTerms(omega: Double, zeta: Double, velocity v: Double, duration t: Double) -> (f: Double, slope: Double) {
        if zeta >= 1 {
            let lead = omega - v
            let decay = exp(-t * omega)
            return ((lead * t + 1) * decay - epsilon * (lead < 0 ? -1 : 1), -t * t * lead * decay)
        }
        let root = (1 - zeta * zeta).squareRoot()
        let amplitude = (zeta * omega - v) / (root * omega)
        let decay = exp(-zeta * t * omega)
        let numerator = v + zeta * t * v * omega - zeta * zeta * t * omega * omega
        let sign: Double = amplitude < 0 ? -1 : 1
        return (epsilon - abs(amplitude) * decay, -sign * numerator * decay / (root * omega * omega))
    }

    /// The natural frequency (rad/s) of UIKit's spring for `duration` seconds, damping ratio
    /// `zeta` (already clamped) and initial velocity `velocity` (distances per second): the
    /// magnitude of the 12th Newton iterate from 5 / T; NaN when a step divides by a zero slope
    /// or overflows (what Core Animation then shows is not known; ReelKit stops the session).
    package static func naturalFrequency(duration: Double, zeta: Double, velocity: Double) -> Double {
        // A zero, negative or non-finite duration ends the animation at once: ω is never read.
        guard duration > 0, duration.isFinite, velocity.isFinite else { return 5 }
        let t = min(max(duration, durationRange.lowerBound), durationRange.upperBound)
        var omega = 5 / t
        for _ in 0..<newtonSteps {
            let terms = newtonTerms(omega: omega, zeta: zeta, velocity: velocity, duration: t)
            omega -= terms.f / terms.slope
        }
        return omega.isFinite ? abs(omega) : .nan
    }

    /// Whether UIKit's fit gives a finite spring for these parameters (the ratio as passed).
    package static func fits(duration: Double, dampingRatio: Double, velocity: Double) -> Bool {
        naturalFrequency(duration: duration, zeta: clampedDampingRatio(dampingRatio), velocity: velocity).isFinite
    }
}

extension Spring {
    /// UIKit's spring for a UIView spring animation of `duration` seconds (`UIViewSpringFit`):
    /// mass 1, the damping ratio clamped to `FLT_EPSILON...1`, the envelope fit for ω.
    /// `initialVelocity` is in whole distances per second toward the target.
    package init(uiViewDuration duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        let zeta = UIViewSpringFit.clampedDampingRatio(dampingRatio)
        let omega = UIViewSpringFit.naturalFrequency(duration: duration, zeta: zeta, velocity: initialVelocity)
        self.init(naturalFrequency: omega, dampingRatio: zeta, initialVelocity: initialVelocity)
    }
}
