import Foundation
import ReelTiming

/// UIKit's animation rules as the tests compute them, from the published rule (D26, Apple's
/// documentation), with the tests' own root finders: never from ReelKit's or ReelTiming's code.
enum UIKitRules {
    /// D26 `parametersOfSpringAnimation`'s epsilon and damping clamp (`FLT_EPSILON...1`).
    static let epsilon = 0.001
    static func clampedZeta(_ zeta: Double) -> Double { min(max(zeta, Double(Float.ulpOfOne)), 1) }

    /// The decay envelope at T for natural frequency ω (D26's two regimes), minus epsilon.
    static func envelopeMinusEpsilon(_ omega: Double, zeta: Double, velocity v: Double, duration t: Double) -> Double {
        if zeta >= 1 { return abs((omega - v) * t + 1) * exp(-omega * t) - epsilon }
        return abs((zeta * omega - v) / (omega * (1 - zeta * zeta).squareRoot())) * exp(-zeta * omega * t) - epsilon
    }

    /// UIKit's ω as `parametersOfSpringAnimation` (UXKit's same-named copy, reconstructed by
    /// OpenUXKit; D26's class decompile calls it with mass 1 and 0.001) computes it: T clamped to
    /// 0.01...10 s, ω from 5 / T, twelve Newton steps on the envelope equation, the magnitude of the
    /// result (the spring takes ω² and 2ζ√(ω²)); NaN when a step leaves the finite numbers. Critically
    /// damped, the equation is ((ω − v)T + 1) e^(−ωT) = 0.001 · sign(ω − v); underdamped,
    /// |A(ω)| e^(−ζωT) = 0.001 with A(ω) = (ζω − v) / (ω √(1 − ζ²)), whose slope is
    /// sign(A) (A′ − ζT A) e^(−ζωT), A′ = v / (ω² √(1 − ζ²)).
    static func springOmega(duration: Double, zeta rawZeta: Double, velocity v: Double) -> Double {
        let zeta = clampedZeta(rawZeta)
        let t = min(max(duration, 0.01), 10)
        var omega = 5 / t
        for _ in 0..<12 {
            let value: Double
            let slope: Double
            if zeta >= 1 {
                let decay = exp(-omega * t)
                value = ((omega - v) * t + 1) * decay - epsilon * (omega - v < 0 ? -1 : 1)
                slope = (t - t * ((omega - v) * t + 1)) * decay
            } else {
                let root = (1 - zeta * zeta).squareRoot()
                let a = (zeta * omega - v) / (omega * root)
                let aSlope = v / (omega * omega * root)
                let decay = exp(-zeta * omega * t)
                value = abs(a) * decay - epsilon
                slope = (a < 0 ? -1 : 1) * (aSlope - zeta * t * a) * decay
            }
            omega -= value / slope
        }
        return omega.isFinite ? abs(omega) : .nan
    }

    /// The roots of the envelope equation in 0.01...2,000 rad/s (a 0.01 % scan, then 200 bisections
    /// each): what the Newton steps may land on, to show which one they take.
    static func envelopeRoots(duration: Double, zeta rawZeta: Double, velocity: Double) -> [Double] {
        let zeta = clampedZeta(rawZeta)
        func g(_ omega: Double) -> Double {
            if zeta >= 1 { return ((omega - velocity) * duration + 1) * exp(-omega * duration) - epsilon * (omega - velocity < 0 ? -1 : 1) }
            return envelopeMinusEpsilon(omega, zeta: zeta, velocity: velocity, duration: duration)
        }
        var roots: [Double] = []
        var low = 0.01
        while low < 2_000 {
            var high = low * 1.0001
            if (g(low) > 0) != (g(high) > 0) {
                let lowAbove = g(low) > 0
                var a = low
                for _ in 0..<200 {
                    let middle = (a + high) / 2
                    if (g(middle) > 0) == lowAbove { a = middle } else { high = middle }
                }
                roots.append((a + high) / 2)
            }
            low = low * 1.0001
        }
        return roots
    }

    /// Progress (0 at the start, 1 at the target) of UIKit's UIView spring `t` seconds in:
    /// x = progress - 1 starts at -1 with velocity v; the closed forms of m x'' + c x' + k x = 0.
    static func springProgress(at t: Double, duration: Double, zeta rawZeta: Double, velocity v: Double) -> Double {
        if t >= duration { return 1 }
        if t <= 0 { return 0 }
        let zeta = clampedZeta(rawZeta)
        let omega = springOmega(duration: duration, zeta: rawZeta, velocity: v)
        if zeta >= 1 { return 1 + exp(-omega * t) * (-1 + (v - omega) * t) }
        let wd = omega * (1 - zeta * zeta).squareRoot()
        return 1 + exp(-zeta * omega * t) * (-cos(wd * t) + (v - zeta * omega) / wd * sin(wd * t))
    }

    /// A cubic Bézier timing curve (CSS / Core Animation), with the tests' own inverse by bisection.
    struct Bezier {
        let x1, y1, x2, y2: Double
        static let easeInOut = Bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        static let easeIn = Bezier(x1: 0.42, y1: 0, x2: 1, y2: 1)

        private func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }

        /// The parameter s with x(s) = x, by 200 bisections.
        private func parameter(x: Double, _ p1: Double, _ p2: Double) -> Double {
            var low = 0.0
            var high = 1.0
            for _ in 0..<200 {
                let middle = (low + high) / 2
                if coordinate(middle, p1, p2) < x { low = middle } else { high = middle }
            }
            return (low + high) / 2
        }

        /// Progress at time fraction `u`.
        func progress(_ u: Double) -> Double {
            let time = min(max(u, 0), 1)
            return coordinate(parameter(x: time, x1, x2), y1, y2)
        }

        /// The time fraction at which the curve shows `progress` (its inverse).
        func time(atProgress progress: Double) -> Double {
            coordinate(parameter(x: progress, y1, y2), x1, x2)
        }
    }
}
