import ReelEngine
import ReelGestures
import ReelTiming

/// The built-in engine's profile values ReelKit's recognizers and system animations use, so a
/// ReelKit pan is the built-in engine's pan (hysteresis, velocity filter), not a second model.
enum BuiltinParameters {
    static let profile = EngineProfile.builtin

    static func number(_ name: String) -> Double {
        if case .number(let value)? = profile.value(name) { return value }
        preconditionFailure("the built-in profile has no number '\(name)'")
    }

    static func string(_ name: String) -> String {
        if case .string(let value)? = profile.value(name) { return value }
        preconditionFailure("the built-in profile has no string '\(name)'")
    }

    /// UIPanGestureRecognizer's velocity filter (`velocity.latest_weight`, `velocity.min_dt`, UIKit's blend).
    static var panVelocity: VelocityEstimator.Parameters {
        VelocityEstimator.Parameters(
            latestWeight: number("velocity.latest_weight"), minimumInterval: number("velocity.min_dt"), blend: .afterFirstSample)
    }

    /// UIPinchGestureRecognizer's velocity filter (`pinch.latest_weight`).
    static var pinchVelocity: VelocityEstimator.Parameters {
        VelocityEstimator.Parameters(
            latestWeight: number("pinch.latest_weight"), minimumInterval: number("velocity.min_dt"), blend: .whenPreviousNonzero)
    }
}
