import Foundation
import ReelTrace

/// UIScrollView's rules as the tests compute them, from their sources (docs/KIT.md, "Scroll
/// views"): the published rubber band, the deceleration by the rate per millisecond and its
/// projection (WWDC18 session 803, shared/REFERENCE.md), and the model's named choices (the
/// critically damped bounce, the resting distance): never from ReelKit's code.
enum ScrollRules {
    /// UIScrollView's published rubber-band coefficient.
    static let c = 0.55
    /// The model's resting distance (points) and bounce response (seconds), KIT.md.
    static let restingDistance = 0.5
    static let bounceResponse = 0.4

    /// b(x) = (1 - 1 / (c x / d + 1)) d.
    static func band(_ x: Double, extent d: Double) -> Double { (1 - 1 / (c * x / d + 1)) * d }

    /// The offset a drag shows for the unbanded offset `u` in `range`.
    static func banded(_ u: Double, range: ClosedRange<Double>, extent: Double) -> Double {
        if u < range.lowerBound { return range.lowerBound - band(range.lowerBound - u, extent: extent) }
        if u > range.upperBound { return range.upperBound + band(u - range.upperBound, extent: extent) }
        return u
    }

    /// The projection P = (v / 1000) d / (1 - d).
    static func projection(_ v: Double, rate d: Double) -> Double { v / 1000 * d / (1 - d) }

    /// Seconds until the remaining travel P d^(1000 τ) is under the resting distance.
    static func restTime(_ p: Double, rate d: Double) -> Double {
        abs(p) <= restingDistance ? 0 : log(restingDistance / abs(p)) / (1000 * log(d))
    }

    /// A deceleration's offset τ seconds after a lift at x0 with projection P (free path).
    static func decelerated(_ x0: Double, projection p: Double, rate d: Double, after tau: Double) -> Double {
        x0 + p * (1 - pow(d, 1000 * tau))
    }

    /// The critically damped bounce, ω = 2π / 0.4 s, from displacement x0 (points past the edge)
    /// and velocity v0: x = e^(-ωτ) (x0 + (v0 + ω x0) τ); nil once |x| + |v| / ω < 0.5.
    static func bounce(from x0: Double, velocity v0: Double, after tau: Double) -> Double? {
        let omega = 2 * Double.pi / bounceResponse
        let decay = exp(-omega * tau)
        let slope = v0 + omega * x0
        let x = decay * (x0 + slope * tau)
        let v = decay * (v0 - omega * slope * tau)
        return abs(x) + abs(v) / omega < restingDistance ? nil : x
    }

    /// A straight vertical drag at x = 200 from y0: down at `start`, `moves` moves of `step` points
    /// every `interval` seconds, lifted where the last move left it.
    static func drag(from y0: Double, step: Double, moves: Int, start: Double = 0.1, interval: Double = 1.0 / 60) -> [Touch] {
        var touches = [Touch(t: start, id: 1, phase: .began, x: 200, y: y0)]
        for k in 1...moves {
            touches.append(Touch(t: start + Double(k) * interval, id: 1, phase: .moved, x: 200, y: y0 + Double(k) * step))
        }
        let last = touches[touches.count - 1]
        touches.append(Touch(t: last.t + interval, id: 1, phase: .ended, x: 200, y: last.y))
        return touches
    }
}
