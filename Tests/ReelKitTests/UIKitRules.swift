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

    /// UIKit's ω: the root of the envelope equation D26's Newton iteration reaches from its start,
    /// ω = 5 / T. Found here by walking from 5 / T in steps of 0.1 % towards the envelope meeting
    /// epsilon (down the envelope while it is above epsilon, up it while below) until it crosses,
    /// then 200 bisections. Without an initial velocity toward the target (v <= 0) the root is
    /// unique; with one there can be up to three, and this is the one next to the start.
    static func springOmega(duration: Double, zeta rawZeta: Double, velocity: Double) -> Double {
        let zeta = clampedZeta(rawZeta)
        func g(_ omega: Double) -> Double { envelopeMinusEpsilon(omega, zeta: zeta, velocity: velocity, duration: duration) }
        let start = 5 / duration
        let above = g(start) > 0
        // Which way the envelope falls (when above epsilon) or rises (when below) from the start.
        let slope = g(start * 1.000001) - g(start)
        let up = above == (slope < 0)
        var previous = start
        var next = start
        for _ in 0..<100_000 {
            next = up ? previous * 1.001 : previous / 1.001
            if (g(next) > 0) != above { break }
            previous = next
        }
        var inside = previous  // g has the start's sign here
        var outside = next
        for _ in 0..<200 {
            let middle = (inside + outside) / 2
            if (g(middle) > 0) == above { inside = middle } else { outside = middle }
        }
        return (inside + outside) / 2
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
