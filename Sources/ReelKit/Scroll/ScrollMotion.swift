import ReelTiming

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scroll view's content moving on its own, one motion per axis, advanced at each display
/// tick (KitSession's `renderTick`):
/// - decelerating from a lift at velocity v (points per second): the velocity is multiplied by the
///   rate d every millisecond, so the offset τ seconds on is x0 + P (1 - d^(1000 τ)) with
///   P = (v / 1000) d / (1 - d), the projection (WWDC18 session 803; shared/REFERENCE.md); it
///   ends when the remaining travel P d^(1000 τ) is under `ScrollPhysics.restingDistance`, at
///   x0 + P. Reaching an edge, it bounces back (with `bounces`) from the edge at the velocity
///   v d^(1000 τ), or stops there;
/// - bouncing back to an edge: a critically damped spring (`ScrollPhysics.bounceResponse`) from
///   the offset past the edge and the content's velocity;
/// - animating (`setContentOffset(_:animated: true)`): ease in-out over `ScrollPhysics.animationDuration`.
struct ScrollMotion {
    enum Kind: Sendable { case deceleration, animation }

    let kind: Kind
    var x: Axis
    var y: Axis

    /// One axis's motion.
    enum Axis {
        case resting(Double)
        case decelerating(Deceleration)
        case bouncing(Bounce)
        case animating(from: Double, to: Double, start: Double)

        var isResting: Bool {
            if case .resting = self { return true }
            return false
        }
    }

    /// A deceleration from `from` at `velocity` (points per second) begun at session time `start`.
    struct Deceleration {
        let from: Double
        let velocity: Double
        let start: Double
        let rate: ReelTiming.DecelerationRate
        let range: ClosedRange<Double>
        let bounces: Bool

        /// The projection P: the distance to rest.
        var travel: Double { DecelerationProjection.project(velocity: velocity, rate: rate) }

        /// Seconds after `start` at which the remaining travel falls under the resting distance.
        var restTime: Double {
            let distance = abs(travel)
            guard distance > ScrollPhysics.restingDistance else { return 0 }
            return log(ScrollPhysics.restingDistance / distance) / (1000 * log(rate.rawValue))
        }

        /// The edge the free path reaches and when (seconds after `start`), if it leaves the range.
        var crossing: (edge: Double, time: Double)? {
            let rest = from + travel
            guard !range.contains(rest) else { return nil }
            let edge = rest < range.lowerBound ? range.lowerBound : range.upperBound
            // from + P (1 - q) = edge, q = d^(1000 τ).
            let q = 1 - (edge - from) / travel
            return (edge, log(q) / (1000 * log(rate.rawValue)))
        }

        func offset(at t: Double) -> Double { from + travel * (1 - pow(rate.rawValue, 1000 * (t - start))) }
    }

    /// A bounce back to `edge` from `displacement` points past it at `velocity`, begun at `start`.
    struct Bounce {
        let edge: Double
        let displacement: Double
        let velocity: Double
        let start: Double

        static var spring: Spring { Spring(naturalFrequency: 2 * Double.pi / ScrollPhysics.bounceResponse, dampingRatio: 1) }

        /// The offset at `t`, or nil once settled.
        func offset(at t: Double) -> Double? {
            let spring = Self.spring
            let state = spring.state(at: t - start, displacement: displacement, velocity: velocity)
            if abs(state.displacement) + abs(state.velocity) / spring.naturalFrequency < ScrollPhysics.restingDistance { return nil }
            return edge + state.displacement
        }
    }

    var isResting: Bool { x.isResting && y.isResting }

    /// Where an axis rests after a lift at `offset` with `velocity`: the edge when pulled past it,
    /// else the projection within the edges (the offset itself when the travel is under the resting distance).
    static func restingOffset(_ offset: Double, velocity: Double, range: ClosedRange<Double>, rate: ReelTiming.DecelerationRate) -> Double {
        let edge = min(max(offset, range.lowerBound), range.upperBound)
        guard offset == edge else { return edge }
        let travel = DecelerationProjection.project(velocity: velocity, rate: rate)
        guard abs(travel) > ScrollPhysics.restingDistance else { return offset }
        return min(max(offset + travel, range.lowerBound), range.upperBound)
    }

    /// The motion after a lift at `from` with the content's `velocity`, `proposed` the resting
    /// offset the delegate was offered and `target` what it left: pulled past an edge, a bounce back;
    /// else a deceleration, whose velocity is rescaled so that its projection lands on a target the
    /// delegate changed ((target - x) 1000 (1 - d) / d). Nil when nothing moves.
    static func release(
        from: CGPoint, velocity: CGPoint, proposed: CGPoint, target: CGPoint, range: (x: ClosedRange<Double>, y: ClosedRange<Double>),
        rate: ReelTiming.DecelerationRate, extent: (Double, Double), bounces: Bool, at t: Double
    ) -> ScrollMotion? {
        func axis(_ x: Double, _ v: Double, _ proposed: Double, _ target: Double, _ range: ClosedRange<Double>) -> Axis {
            let edge = min(max(x, range.lowerBound), range.upperBound)
            if x != edge {
                return bounces ? .bouncing(Bounce(edge: edge, displacement: x - edge, velocity: v, start: t)) : .resting(edge)
            }
            let d = rate.rawValue
            let speed = target == proposed ? (proposed == x ? 0 : v) : (target - x) * 1000 * (1 - d) / d
            guard speed != 0 else { return .resting(x) }
            let deceleration = Deceleration(from: x, velocity: speed, start: t, rate: rate, range: range, bounces: bounces)
            if let crossing = deceleration.crossing, crossing.time <= 0, !bounces { return .resting(x) }
            return .decelerating(deceleration)
        }
        let motion = ScrollMotion(
            kind: .deceleration,
            x: axis(Double(from.x), Double(velocity.x), Double(proposed.x), Double(target.x), range.x),
            y: axis(Double(from.y), Double(velocity.y), Double(proposed.y), Double(target.y), range.y))
        return motion.isResting ? nil : motion
    }

    /// `setContentOffset(_:animated: true)` from `from` to `to`, begun at `t`.
    static func animation(from: CGPoint, to: CGPoint, at t: Double) -> ScrollMotion {
        ScrollMotion(
            kind: .animation, x: .animating(from: Double(from.x), to: Double(to.x), start: t),
            y: .animating(from: Double(from.y), to: Double(to.y), start: t))
    }

    /// Seconds a deceleration runs before it rests or meets an edge (the longer axis), if any decelerates.
    var duration: Double? {
        let times = [x, y].compactMap { axis -> Double? in
            guard case .decelerating(let deceleration) = axis else { return nil }
            return min(deceleration.restTime, deceleration.crossing?.time ?? .infinity)
        }
        return times.max()
    }

    /// Advances both axes to session time `t`: the offset to show.
    mutating func offset(at t: Double) -> CGPoint {
        CGPoint(x: Self.advance(&x, to: t), y: Self.advance(&y, to: t))
    }

    private static func advance(_ axis: inout Axis, to t: Double) -> Double {
        switch axis {
        case .resting(let value):
            return value
        case .decelerating(let deceleration):
            if let crossing = deceleration.crossing, t - deceleration.start >= crossing.time {
                guard deceleration.bounces else {
                    axis = .resting(crossing.edge)
                    return crossing.edge
                }
                let speed = DecelerationProjection.velocity(initial: deceleration.velocity, rate: deceleration.rate, at: crossing.time)
                axis = .bouncing(Bounce(edge: crossing.edge, displacement: 0, velocity: speed, start: deceleration.start + crossing.time))
                return advance(&axis, to: t)
            }
            if t - deceleration.start >= deceleration.restTime - AnimationGroup.tickTolerance {
                let rest = deceleration.from + deceleration.travel
                axis = .resting(rest)
                return rest
            }
            return deceleration.offset(at: t)
        case .bouncing(let bounce):
            guard let value = bounce.offset(at: t) else {
                axis = .resting(bounce.edge)
                return bounce.edge
            }
            return value
        case .animating(let from, let to, let start):
            let elapsed = t - start
            if elapsed >= ScrollPhysics.animationDuration - AnimationGroup.tickTolerance {
                axis = .resting(to)
                return to
            }
            return from + (to - from) * ScrollPhysics.animationCurve.value(at: elapsed / ScrollPhysics.animationDuration)
        }
    }

    /// "decelerating", "bouncing back", "animating" (the first axis still moving), for messages.
    var description: String {
        for axis in [x, y] {
            switch axis {
            case .decelerating(let deceleration): return "decelerating from \(deceleration.velocity) pt/s"
            case .bouncing(let bounce): return "bouncing back to \(bounce.edge)"
            case .animating(_, let to, _): return "animating to \(to)"
            case .resting: continue
            }
        }
        return "at rest"
    }

    /// A display tick at `t`: each moving scroll view shows its motion's offset (its delegate hears
    /// `scrollViewDidScroll`); a motion that came to rest ends with `scrollViewDidEndDecelerating`
    /// or `scrollViewDidEndScrollingAnimation`.
    @MainActor static func advance(_ views: [UIScrollView], at t: Double) {
        for view in views {
            guard var motion = view.motion else { continue }
            let offset = motion.offset(at: t)
            view.motion = motion
            view.setBoundsOrigin(offset)
            // The delegate may have stopped or replaced it.
            guard let current = view.motion, current.isResting else { continue }
            view.stopMotion()
            if current.kind == .animation {
                view.delegate?.scrollViewDidEndScrollingAnimation(view)
            } else {
                view.delegate?.scrollViewDidEndDecelerating(view)
            }
        }
    }
}
