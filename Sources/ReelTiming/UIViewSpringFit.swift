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
/// D26 runs Newton's method from ω = 5 / T. Without an initial velocity toward the target (v <= 0)
/// the equation has one root; with one (v > 0) it can have three, and this takes the root next to
/// D26's start (the one reached walking from 5 / T the way the envelope heads for epsilon), which is
/// where Newton's steps from there lead unless they overshoot: for v > 0 this is ReelKit's reading.
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

    /// The damping ratio UIKit uses: `fmin(fmax(ζ, FLT_EPSILON), 1)` (NaN reads as the minimum).
    package static func clampedDampingRatio(_ ratio: Double) -> Double {
        guard ratio.isFinite || ratio == .infinity else { return minimumDampingRatio }
        return min(max(ratio, minimumDampingRatio), 1)
    }

    /// The logarithm of the envelope at T over epsilon: zero at UIKit's ω.
    static func envelopeExcess(omega: Double, zeta: Double, velocity: Double, duration: Double) -> Double {
        if zeta >= 1 {
            return log(abs((omega - velocity) * duration + 1)) - omega * duration - log(epsilon)
        }
        let amplitude = abs((zeta * omega - velocity) / (omega * (1 - zeta * zeta).squareRoot()))
        return log(amplitude) - zeta * omega * duration - log(epsilon)
    }

    /// The natural frequency (rad/s) of UIKit's spring for `duration` seconds, damping ratio
    /// `zeta` (already clamped) and initial velocity `velocity` (distances per second).
    package static func naturalFrequency(duration: Double, zeta: Double, velocity: Double) -> Double {
        // A zero, negative or non-finite duration ends the animation at once: ω is never read.
        guard duration > 0, duration.isFinite, velocity.isFinite else { return 5 }
        func f(_ omega: Double) -> Double {
            envelopeExcess(omega: omega, zeta: zeta, velocity: velocity, duration: duration)
        }
        // D26's Newton iteration starts at 5 / T. Without a velocity toward the target the root
        // is unique; with one there can be three, and the one taken is the one next to the start:
        // walk from 5 / T (2 % steps) the way the envelope heads for epsilon until it crosses,
        // then narrow the bracket by regula falsi (Illinois).
        let start = 5 / duration
        let startsAbove = f(start) > 0
        let heading = f(start * 1.000001) - f(start)
        let upwards = startsAbove == (heading < 0)
        var inside = start
        var outside = start
        var crossed = false
        for _ in 0..<5_000 {
            outside = upwards ? inside * 1.02 : inside / 1.02
            let value = f(outside)
            if value.isNaN { break }
            if (value > 0) != startsAbove {
                crossed = true
                break
            }
            inside = outside
        }
        // No crossing (a damping ratio so small that the envelope never reaches epsilon): D26's start.
        guard crossed else { return start }
        return refine(f, inside: inside, outside: outside, insideIsAbove: startsAbove)
    }

    /// The crossing between `inside` (f on `insideIsAbove`'s side of 0) and `outside`: the Illinois
    /// variant of regula falsi, to 1e-15 relative (a bisection step when the secant leaves the bracket).
    private static func refine(
        _ f: (Double) -> Double, inside: Double, outside: Double, insideIsAbove: Bool
    ) -> Double {
        // Orient so that g(a) > 0 >= g(b).
        func g(_ omega: Double) -> Double {
            let value = f(omega)
            let finite = value.isFinite ? value : (value > 0 ? 1e300 : -1e300)
            return insideIsAbove ? finite : -finite
        }
        var a = inside
        var b = outside
        var ga = g(a)
        var gb = g(b)
        var side = 0
        for _ in 0..<300 where abs(b - a) > 1e-15 * max(a, b) {
            var c = (a * gb - b * ga) / (gb - ga)
            if !(c > min(a, b) && c < max(a, b)) { c = (a + b) / 2 }
            let gc = g(c)
            if gc == 0 { return c }
            if gc > 0 {
                a = c
                ga = gc
                if side == -1 { gb /= 2 }
                side = -1
            } else {
                b = c
                gb = gc
                if side == 1 { ga /= 2 }
                side = 1
            }
        }
        return (a + b) / 2
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
