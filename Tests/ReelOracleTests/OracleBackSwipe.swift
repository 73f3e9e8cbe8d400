/// The system back-swipe's handler: D26 `_UINavigationInteractiveTransitionBase`
/// `handleNavigationTransition:`, `_updateStatistics:firstSample:finalSample:` and
/// `popGesture:withRemainingDuration:shouldPopWithVelocity:` (augmented procedure, non-fluid).
struct OracleBackSwipe {
    /// T, the pop's duration: 0.35 s (REFERENCE "Back-swipe": push/pop 0.35 s, folklore).
    static let duration = 0.35
    /// Pop threshold min(187.5 / W, 0.5) (D26 `popGesture:...`).
    static let thresholdWidth = 187.5

    let width: Double
    /// iOS 26's fluid back swipe (`_fluidParallaxTransitionsEnabledWithTraitCollection:`).
    var fluid = false
    /// The transition the swipe drives is a push it caught (`[parent lastOperation] == 1`): state 2
    /// takes the translation away (`v16 = -v14`), the decision reads 1 - percentComplete and the pop
    /// verdict is inverted for the push (`shouldPop ^ (lastOperation == 1)`).
    var reversesPush = false
    /// `_percentCompleteWhenPaused`: the caught push's percentComplete at state 1 (0 for a pop it starts).
    var percentCompleteWhenPaused = 0.0
    /// The fluid rubber band's extent d (`_UIFluidParallaxTransitionSettings` rubberBandExtent 0.5, the
    /// Objective-C build's `setDefaultValues`) and coefficient c (the body of
    /// `_UIScrollViewRubberBandCoefficient` is not decompiled: UIScrollView's published 0.55, the engine's reading).
    static let rubberBandExtent = 0.5, rubberBandCoefficient = 0.55

    /// x within 0...1 unchanged; past an end by u: (1 - 1 / (c u / d + 1)) d further.
    static func rubberBanded(_ x: Double) -> Double {
        func band(_ u: Double) -> Double { (1 - 1 / (rubberBandCoefficient * u / rubberBandExtent + 1)) * rubberBandExtent }
        if x > 1 { return 1 + band(x - 1) }
        if x < 0 { return -band(-x) }
        return x
    }
    /// `_interactionState`: 0 idle, 1 began, 2 changed.
    private var interactionState = 0
    private var percentComplete = 0.0
    private var previousTimeStamp = 0.0, skipTimeStamp = 0.0
    private var previousDisplacement = 0.0, previousVelocity = 0.0, previousAcceleration = 0.0
    private var averageVelocity = 0.0, averageAcceleration = 0.0
    private var velocities = [0.0, 0.0, 0.0], accelerations = [0.0, 0.0, 0.0]
    private var sampleCount = 0

    init(width: Double, fluid: Bool = false) {
        self.width = width
        self.fluid = fluid
    }

    /// Runs the handler for one action; returns the decision once the gesture is over.
    mutating func handle(_ action: OracleAction) -> OracleDecision? {
        switch action.state {
        case .began:
            interactionState = 1
            updateStatistics(action, first: true)
        case .changed:
            // p = _percentCompleteWhenPaused +- translation.x / W (minus for a caught push).
            let travel = action.translation.x / width
            let p = percentCompleteWhenPaused + (reversesPush ? -travel : travel)
            if fluid {
                // D26 fluid path: no 0.999 cap, `_UIScrollViewRubberBandOffsetWithoutDecorationForOffset`
                // over 0...1 with `rubberBandExtent` d, and `_setClampsPercentComplete:0`, so the banded
                // value is percentComplete.
                percentComplete = Self.rubberBanded(p)
            } else {
                // p >= 1 reads 0.999 (non-fluid); UIPercentDrivenInteractiveTransition keeps
                // percentComplete within 0...1.
                percentComplete = min(max(p >= 1 ? 0.999 : p, 0), 1)
            }
            updateStatistics(action, first: false)
            interactionState = 2
        case .ended:
            // The lift's event is offered to the statistics (final sample) before the decision.
            updateStatistics(action, first: false)
            let (pop, margin, unit) = shouldPop()
            // `v30 = shouldPop ^ (lastOperation == 1)`: finish the driven transition; for a caught push
            // finishing means the push completes, so a pop verdict cancels it (margin sign follows).
            return OracleDecision(
                finish: reversesPush ? !pop : pop, progress: percentComplete, margin: margin.map { reversesPush ? -$0 : $0 }, unit: unit)
        case .cancelled:
            return OracleDecision(finish: false, progress: percentComplete)  // state 4: cancelInteractiveTransition
        case .possible, .failed:
            break
        }
        return nil
    }

    /// D26 `popGesture:withRemainingDuration:shouldPopWithVelocity:`: with >= 3 samples after a
    /// `.changed`, pop iff p + v T + a T^2 / 2 > min(187.5 / W, 0.5); otherwise iff the averaged
    /// velocity > 0 and the interaction got past `.began`.
    /// Returns the decision and its margin: progress units for the augmented rule, points per
    /// second (the mean velocity x W) for the velocity rule, none without a `.changed`.
    private func shouldPop() -> (Bool, Double?, OracleMarginUnit) {
        let t = Self.duration
        if sampleCount >= 3 && interactionState == 2 {
            // `v14 = 1.0 - percentComplete` when lastOperation == 1.
            let progress = reversesPush ? 1 - percentComplete : percentComplete
            let projected = progress + averageAcceleration * 0.5 * t * t + averageVelocity * t
            let threshold = min(Self.thresholdWidth / width, 0.5)
            return (projected > threshold, projected - threshold, .progress)
        }
        guard interactionState != 1 else { return (false, nil, .progress) }
        // Margin in points per second; for the push a pop is the cancelling side, and a mean of
        // exactly 0 does not pop (`_averageVelocity > 0.0`).
        return (averageVelocity > 0, averageVelocity * width, .pointsPerSecond)
    }

    /// D26 `_updateStatistics:`: displacement and velocity normalised by W (the recognizer's smoothed
    /// velocity); a sample is taken when >= 10 ms passed since the last offered one, or > 1 ms with
    /// a displacement change; 3-sample running means; acceleration changes by at most 5 per sample.
    private mutating func updateStatistics(_ action: OracleAction, first: Bool) {
        let t = action.t
        let displacement = action.translation.x >= 0 ? action.translation.x / width : 0
        let velocity = action.velocity.x / width
        if first {
            previousTimeStamp = t
            skipTimeStamp = t
            previousDisplacement = displacement
            previousVelocity = velocity
            previousAcceleration = 0
            averageVelocity = velocity
            averageAcceleration = 0
            velocities[0] = velocity
            accelerations[0] = 0
            sampleCount = 1
            return
        }
        let sinceOffered = t - skipTimeStamp
        skipTimeStamp = t
        guard sinceOffered >= 0.01 || (sinceOffered > 0.001 && previousDisplacement != displacement) else { return }
        let dt = t - previousTimeStamp
        let n = sampleCount
        let slot = n % 3
        averageVelocity =
            n > 2 ? (velocity + averageVelocity * 3 - velocities[slot]) / 3 : (velocity + averageVelocity * Double(n)) / Double(n + 1)
        velocities[slot] = velocity
        var acceleration = (velocity - previousVelocity) / dt
        if abs(acceleration - previousAcceleration) > 5 {
            acceleration = previousAcceleration + (acceleration - previousAcceleration > 0 ? 5 : -5)
        }
        averageAcceleration =
            n > 2
            ? (acceleration + averageAcceleration * 3 - accelerations[slot]) / 3
            : (acceleration + averageAcceleration * Double(n)) / Double(n + 1)
        accelerations[slot] = acceleration
        previousAcceleration = acceleration
        previousVelocity = velocity
        previousDisplacement = displacement
        previousTimeStamp = t
        sampleCount = n + 1
    }
}
