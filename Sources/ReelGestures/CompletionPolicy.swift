import ReelTiming

/// What a completion policy knows when the finger lifts (or the gesture is cancelled).
package struct DecisionInput: Sendable, Hashable, Codable {
    /// Transition progress at release, 0...1.
    package var progress: Double
    /// Finger velocity along the finishing direction, points per second (positive = towards finishing).
    package var velocity: Double
    /// Points of finger travel that make the whole transition (e.g. the view width, 400 for seed 000).
    package var extent: Double
    /// Back-swipe sampler running mean velocity, extents per second.
    package var meanVelocity: Double
    /// Back-swipe sampler running mean acceleration, extents per second².
    package var meanAcceleration: Double
    /// Velocities the back-swipe sampler took.
    package var sampleCount: Int
    /// The transition's animation duration T, seconds.
    package var transitionDuration: Double
    /// Whether the gesture ended in `.cancelled` (then the transition always cancels).
    package var gestureCancelled: Bool
    /// Whether the interaction reached `.changed` (D26's back-swipe interaction state 2).
    package var hasChanged: Bool

    package init(
        progress: Double, velocity: Double, extent: Double, meanVelocity: Double = 0,
        meanAcceleration: Double = 0, sampleCount: Int = 0, transitionDuration: Double = 0,
        gestureCancelled: Bool = false, hasChanged: Bool = true
    ) {
        self.progress = progress
        self.velocity = velocity
        self.extent = extent
        self.meanVelocity = meanVelocity
        self.meanAcceleration = meanAcceleration
        self.sampleCount = sampleCount
        self.transitionDuration = transitionDuration
        self.gestureCancelled = gestureCancelled
        self.hasChanged = hasChanged
    }

    /// Fills the sampler fields from a back-swipe sampler.
    package init(
        progress: Double, velocity: Double, extent: Double, sampler: BackSwipeSampler,
        transitionDuration: Double, gestureCancelled: Bool = false
    ) {
        self.init(
            progress: progress, velocity: velocity, extent: extent, meanVelocity: sampler.meanVelocity,
            meanAcceleration: sampler.meanAcceleration, sampleCount: sampler.sampleCount,
            transitionDuration: transitionDuration, gestureCancelled: gestureCancelled)
    }
}

/// How an interactive transition decides, at release, whether to finish or cancel.
/// A cancelled gesture always cancels, whatever the policy.
public enum CompletionPolicy: Sendable, Hashable, Codable {
    /// Finish iff progress > threshold. Seeds: 0.5 (000, onevcat), 0.4 (003), 0.25 (MDTransitioning).
    case progressThreshold(Double)
    /// Finish iff velocity >= 0 (`includesZero`, the legacy back-swipe: pop iff velocity.x >= 0,
    /// D26) or velocity > 0 (SloppySwiper, MDTransitioning's edge pop).
    case velocitySign(includesZero: Bool = true)
    /// Finish iff progress + project(velocity, deceleration) / extent > threshold, with UIScrollView's
    /// projection (v / 1000) d / (1 - d); deceleration per millisecond (0.998 normal).
    case projection(deceleration: Double = 0.998, threshold: Double = 0.5)
    /// UIKit's augmented back-swipe rule (D26): with at least `minimumSamples` sampler
    /// velocities, finish iff p + v T + a T² / 2 > min(distance / extent, maximumThreshold)
    /// (v, a the sampler's normalised means, T the transition duration); with fewer, iff velocity > 0.
    case backSwipe(distance: Double = 187.5, maximumThreshold: Double = 0.5, minimumSamples: Int = 3)
    /// UIKit's back-swipe decision as D26 has it (`popGesture:withRemainingDuration:shouldPopWithVelocity:`):
    /// no pop without a `.changed`; with at least `minimumSamples` statistics samples, pop iff
    /// p + v T + a T² / 2 > min(distance / extent, maximumThreshold); with fewer, iff the mean
    /// velocity > 0 (`BackSwipeStatistics`, whose `.began` sample counts).
    case uikitBackSwipe(distance: Double = 187.5, maximumThreshold: Double = 0.5, minimumSamples: Int = 3)
    /// Touchwonders/Transition: finish iff progress > threshold or velocity >= flickVelocity (points per second).
    case thresholdOrFlick(threshold: Double = 1.0 / 3.0, flickVelocity: Double = 1200)

    /// Whether the transition finishes (true) or cancels (false). A current `DecisionTap` notes it.
    package func decide(_ input: DecisionInput) -> Bool {
        let finish = rule(input)
        DecisionTap.note(self, input, finish)
        return finish
    }

    private func rule(_ input: DecisionInput) -> Bool {
        if input.gestureCancelled { return false }
        switch self {
        case .progressThreshold(let threshold):
            return input.progress > threshold
        case .velocitySign(let includesZero):
            return includesZero ? input.velocity >= 0 : input.velocity > 0
        case .projection(let deceleration, let threshold):
            let projected = DecelerationProjection.project(velocity: input.velocity, rate: DecelerationRate(rawValue: deceleration))
            return input.progress + projected / input.extent > threshold
        case .backSwipe(let distance, let maximumThreshold, let minimumSamples):
            guard input.sampleCount >= minimumSamples else { return input.velocity > 0 }
            let t = input.transitionDuration
            let predicted = input.progress + input.meanVelocity * t + input.meanAcceleration * t * t / 2
            return predicted > min(distance / input.extent, maximumThreshold)
        case .uikitBackSwipe(let distance, let maximumThreshold, let minimumSamples):
            guard input.hasChanged else { return false }
            guard input.sampleCount >= minimumSamples else { return input.meanVelocity > 0 }
            let t = input.transitionDuration
            let predicted = input.progress + input.meanAcceleration * 0.5 * t * t + input.meanVelocity * t
            return predicted > min(distance / input.extent, maximumThreshold)
        case .thresholdOrFlick(let threshold, let flickVelocity):
            return input.progress > threshold || input.velocity >= flickVelocity
        }
    }
}
