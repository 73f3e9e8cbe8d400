import ReelEngine
import ReelGestures
import ReelTiming

/// One engine's decision boundary in a decision map's plane (release progress, release velocity
/// in points per second): the line where its completion policy turns from cancel to finish.
package struct DecisionBoundary: Sendable, Hashable {
    /// A straight piece in data coordinates.
    package struct Segment: Sendable, Hashable {
        package var x0, y0, x1, y1: Double
        init(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
        }
    }

    package var segments: [Segment]
    /// The rule in words, for the legend and the line's tooltip.
    package var rule: String
    /// The line approximates a rule that also depends on what the plane does not show.
    package var approximate: Bool

    /// The boundary of `rule` over progress 0...1 and `velocities`; nil when the rule depends on
    /// velocity but the map's velocity is not the engine's (a pinch: points per second of the
    /// fingers closing against the scale's rate).
    package init?(_ rule: ReleaseRule, velocities: ClosedRange<Double>, velocityIsEngines: Bool) {
        let (low, high) = (velocities.lowerBound, velocities.upperBound)
        func n(_ value: Double) -> String { NumberText.short(value, digits: 3) }
        if case .progressThreshold(let threshold) = rule.policy {
            segments = [Segment(threshold, low, threshold, high)]
            self.rule = "finish iff progress > \(n(threshold))"
            approximate = false
            return
        }
        guard velocityIsEngines else { return nil }
        switch rule.policy {
        case .progressThreshold:
            return nil  // drawn above
        case .velocitySign(let includesZero):
            segments = [Segment(0, 0, 1, 0)]
            self.rule = "finish iff velocity \(includesZero ? "≥" : ">") 0"
            approximate = false
        case .projection(let deceleration, let threshold):
            // p + project(v) / extent > threshold, project(v) = v / 1000 × d / (1 - d): a straight line.
            let perVelocity = DecelerationProjection.project(velocity: 1, rate: DecelerationRate(rawValue: deceleration)) / rule.extent
            segments = Self.clipped(threshold - perVelocity * low, low, threshold - perVelocity * high, high)
            self.rule =
                "finish iff progress + projected travel / \(n(rule.extent)) pt > \(n(threshold)) (deceleration \(n(deceleration)) per ms)"
            approximate = false
        case .backSwipe(let distance, let cap, _), .uikitBackSwipe(let distance, let cap, _):
            // p + v T + a T² / 2 > min(distance / extent, cap), with the sampler's mean velocity
            // taken as the release velocity and no acceleration.
            let threshold = min(distance / rule.extent, cap)
            let perVelocity = rule.transitionDuration / rule.extent
            segments = Self.clipped(threshold - perVelocity * low, low, threshold - perVelocity * high, high)
            self.rule =
                "about: finish iff progress + velocity × \(n(rule.transitionDuration)) s / \(n(rule.extent)) pt > \(n(threshold))"
                + " (UIKit's rule uses the sampled mean velocity and acceleration)"
            approximate = true
        case .thresholdOrFlick(let threshold, let flick):
            segments = [Segment(threshold, low, threshold, min(flick, high))] + (flick < high ? [Segment(0, flick, threshold, flick)] : [])
            self.rule = "finish iff progress > \(n(threshold)) or velocity ≥ \(n(flick)) pt/s"
            approximate = false
        }
        if segments.isEmpty { return nil }
    }

    /// The segment from (x0, y0) to (x1, y1) cut to progress 0...1 (empty when it lies outside).
    static func clipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Segment] {
        guard x0 != x1 else { return (0...1).contains(x0) ? [Segment(x0, y0, x1, y1)] : [] }
        func y(at x: Double) -> Double { y0 + (y1 - y0) * (x - x0) / (x1 - x0) }
        let from = max(min(x0, x1), 0)
        let to = min(max(x0, x1), 1)
        guard from <= to else { return [] }
        return [Segment(from, y(at: from), to, y(at: to))]
    }
}
