/// UIPercentDrivenInteractiveTransition's arithmetic as pure functions (D26).
package enum PercentDriven {
    /// Parameters of the interactive phase.
    package struct Parameters: Sendable, Hashable, Codable {
        /// Progress is kept at or below this while interactive, so update(1.0) never completes
        /// the animation early. Default 0.999 (UIKit's back-swipe, D26; VCTransitionsLibrary uses 0.99).
        package var interactiveCap: Double

        package init(interactiveCap: Double = 0.999) {
            self.interactiveCap = interactiveCap
        }
    }

    /// Progress clamped to 0...cap for `update(_:)`.
    package static func interactiveProgress(_ progress: Double, parameters: Parameters = Parameters()) -> Double {
        min(max(progress, 0), parameters.interactiveCap)
    }

    /// completionSpeed as UIKit reads it: values <= 0 count as 1.
    package static func effectiveCompletionSpeed(_ completionSpeed: Double) -> Double {
        completionSpeed > 0 ? completionSpeed : 1
    }

    /// `_durationFactorForPercentComplete`: (cancelling ? p : 1 - p) / completionSpeed.
    package static func durationFactor(progress: Double, completionSpeed: Double, cancelling: Bool) -> Double {
        (cancelling ? progress : 1 - progress) / effectiveCompletionSpeed(completionSpeed)
    }

    /// Seconds the finish (or cancel) animation takes: durationFactor × duration.
    package static func remainingDuration(
        progress: Double, duration: Double, completionSpeed: Double,
        cancelling: Bool
    ) -> Double {
        durationFactor(progress: progress, completionSpeed: completionSpeed, cancelling: cancelling) * duration
    }

    /// The back-swipe's velocity hand-off: completionSpeed = max(remaining fraction, T |v| / W),
    /// with the remaining fraction 1 - p when finishing and p when cancelling, v in points per
    /// second and W the width in points.
    package static func backSwipeCompletionSpeed(
        progress: Double, velocity: Double, width: Double,
        duration: Double, cancelling: Bool
    ) -> Double {
        let remaining = cancelling ? progress : 1 - progress
        return max(remaining, duration * abs(velocity) / width)
    }
}
