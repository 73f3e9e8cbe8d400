/// How an animation's progress moves through time: a curve over a requested duration, or a spring.
package enum TimingFunction: Sendable, Hashable, Codable {
    /// A timing curve stretched over the requested duration (`UIView.animate(withDuration:options:)`,
    /// UICubicTimingParameters).
    case curve(TimingCurve)
    /// A physical spring (UISpringTimingParameters(mass:stiffness:damping:initialVelocity:),
    /// CASpringAnimation): ignores the requested duration and runs until it settles.
    case spring(Spring)
    /// The built-in engine's duration spring: fitted so that the displacement settles at the
    /// requested duration (`Spring.init(duration:dampingRatio:initialVelocity:settings:)`, the
    /// profile's settling epsilon). `initialVelocity` is in whole distances per second.
    case dampedSpring(dampingRatio: Double, initialVelocity: Double)
    /// UIKit's duration spring (ReelKit's `usingSpringWithDamping:initialSpringVelocity:` and
    /// UISpringTimingParameters(dampingRatio:initialVelocity:)): D26's envelope fit
    /// (`UIViewSpringFit`, `Spring.init(uiViewDuration:dampingRatio:initialVelocity:)`).
    /// `initialVelocity` is in whole distances per second.
    case uiViewSpring(dampingRatio: Double, initialVelocity: Double)

    /// This function with its spring and duration worked out once, for evaluation every frame.
    package func resolved(duration: Double, settings: SpringSettings = SpringSettings()) -> ResolvedTiming {
        switch self {
        case .curve(let curve):
            return ResolvedTiming(kind: .curve(curve), duration: duration)
        case .spring(let spring):
            return ResolvedTiming(
                kind: .spring(spring),
                duration: spring.settlingDuration(epsilon: settings.settlingEpsilon))
        case .dampedSpring(let ratio, let velocity):
            let spring = Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity, settings: settings)
            return ResolvedTiming(kind: .spring(spring), duration: duration)
        case .uiViewSpring(let ratio, let velocity):
            let spring = Spring(uiViewDuration: duration, dampingRatio: ratio, initialVelocity: velocity)
            return ResolvedTiming(kind: .spring(spring), duration: duration)
        }
    }

    /// Progress (0 at the start, 1 from the end on) `elapsed` seconds into an animation
    /// requested to last `duration` seconds. Resolves the function on every call; for
    /// per-frame evaluation resolve once with `resolved(duration:settings:)`.
    package func progress(
        atElapsed elapsed: Double, duration: Double,
        settings: SpringSettings = SpringSettings()
    ) -> Double {
        resolved(duration: duration, settings: settings).progress(atElapsed: elapsed)
    }
}

/// A timing function bound to an actual duration.
package struct ResolvedTiming: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case curve(TimingCurve)
        case spring(Spring)
    }

    package let kind: Kind
    /// Seconds until the animation is complete: the requested duration for curves and
    /// UIView springs, the settling duration for physical springs.
    package let duration: Double

    package init(kind: Kind, duration: Double) {
        self.kind = kind
        self.duration = duration
    }

    /// Progress at `elapsed` seconds: 0 before the start, exactly 1 from `duration` on.
    /// A spring's progress may overshoot 1 before that.
    package func progress(atElapsed elapsed: Double) -> Double {
        if elapsed >= duration { return 1 }
        if elapsed <= 0 { return 0 }
        switch kind {
        case .curve(let curve): return curve.value(at: elapsed / duration)
        case .spring(let spring): return spring.position(at: elapsed)
        }
    }
}
