import ReelGestures

/// The system back-swipe, as D26 `_UINavigationInteractiveTransitionBase handleNavigationTransition:`
/// has it (non-fluid path).
///
/// `.began`: the transition starts (no update); percentWhenPaused = 0 (or the progress of an
/// animation the finger took back); the statistics take their first sample. `.changed`:
/// p = percentWhenPaused + translation.x / W, sent as `backswipe.max_progress` (0.999) when
/// p >= 1; the statistics are offered a sample; the interaction state becomes 2. `.ended`: the
/// statistics are offered a final sample at the lift's time (`backswipe.final_sample`; the
/// recognizer's translation and velocity are the last move's), then `popGesture:withRemainingDuration:shouldPopWithVelocity:` decides
/// (`CompletionPolicy.uikitBackSwipe`) and the finish animation gets W × the last sample's
/// velocity (the recognizer's velocity when fewer than 3 samples or no `.changed`).
/// `.cancelled` cancels.
///
/// With `fluid` (iOS 26, `FluidBackSwipe`) `.changed` rubber-bands instead of capping and an edge
/// flick boosts the hand-off velocity; with its `drawsRubberBand` the progress outside 0...1 is
/// neither clamped in the updates nor in the `percentComplete` the decision reads. With `reversesPush` the transition is a push a back swipe
/// caught (D26 `lastOperation == 1`, `nav.interruptible`): the translation takes progress away,
/// the decision reads the pop's progress 1 - p, and a pop cancels the push.
struct BackSwipeController: InteractionController {
    let setup: ControllerSetup
    /// `backswipe.max_progress`.
    let progressCap: Double
    let statisticsParameters: BackSwipeStatistics.Parameters
    /// Whether `.ended` offers the statistics a final sample (D26 `finalSample:1`).
    let offersFinalSample: Bool
    /// iOS 26's fluid back swipe, nil for the non-fluid path.
    let fluid: FluidBackSwipe?
    /// Whether the transition is a push the swipe drives backwards.
    let reversesPush: Bool
    /// Fluid: the edge-flick phase (from the first sample until the mean velocity drops below the threshold).
    private var inEdgeFlick = false
    private var statistics: BackSwipeStatistics
    private var percentWhenPaused = 0.0
    /// `percentComplete`: the last update, clamped to 0...1 as UIPercentDrivenInteractiveTransition does
    /// (unless the fluid path draws the rubber band).
    private var percentComplete = 0.0
    /// Interaction state 2: a `.changed` arrived.
    private var hasChanged = false

    init(
        setup: ControllerSetup, progressCap: Double, statisticsParameters: BackSwipeStatistics.Parameters,
        offersFinalSample: Bool, fluid: FluidBackSwipe? = nil, reversesPush: Bool = false
    ) {
        self.setup = setup
        self.fluid = fluid
        self.reversesPush = reversesPush
        self.offersFinalSample = offersFinalSample
        self.progressCap = progressCap
        self.statisticsParameters = statisticsParameters
        statistics = BackSwipeStatistics(width: setup.extent, parameters: statisticsParameters)
    }

    mutating func began(_ reading: GestureReading, base: Double, resumed: Bool, at t: Double) -> InteractionCommand? {
        percentWhenPaused = base
        percentComplete = base
        hasChanged = false
        statistics = BackSwipeStatistics(width: setup.extent, parameters: statisticsParameters)
        statistics.begin(translation: translation(reading), velocity: setup.velocity(reading), at: t)
        inEdgeFlick = true
        return resumed ? nil : .began(t: t)
    }

    mutating func changed(_ reading: GestureReading, at t: Double) -> InteractionCommand? {
        let travel = translation(reading) / setup.extent
        var p = percentWhenPaused + (reversesPush ? -travel : travel)
        if let fluid {
            p = fluid.rubberBanded(p)
        } else if p >= 1 {
            p = progressCap
        }
        percentComplete = fluid?.drawsRubberBand == true ? p : min(max(p, 0), 1)
        offerSample(reading, at: t)
        hasChanged = true
        return .changed(t: t, percent: p)
    }

    mutating func ended(_ reading: GestureReading, state: GestureState, duration: Double, at t: Double) -> InteractionCommand? {
        let velocity = setup.velocity(reading)
        switch state {
        case .cancelled: return .ended(t: t, finish: false, velocity: velocity)
        case .failed: return setup.afterFailedTakeOver(base: percentWhenPaused, reading, at: t)
        default: break
        }
        if offersFinalSample { offerSample(reading, at: t) }
        let input = DecisionInput(
            progress: reversesPush ? 1 - percentComplete : percentComplete, velocity: velocity, extent: setup.extent,
            meanVelocity: statistics.meanVelocity, meanAcceleration: statistics.meanAcceleration,
            sampleCount: statistics.sampleCount, transitionDuration: duration, hasChanged: hasChanged)
        let augmented: Bool
        if case .uikitBackSwipe(_, _, let minimumSamples) = setup.policy {
            augmented = hasChanged && statistics.sampleCount >= minimumSamples
        } else {
            augmented = false
        }
        let handOff = augmented ? statistics.previousVelocity * setup.extent : velocity
        let boost = fluid.map { inEdgeFlick ? $0.edgeFlickBoost : 1 } ?? 1
        return .ended(t: t, finish: setup.policy.decide(input) != reversesPush, velocity: handOff * boost)
    }

    /// Offers the statistics a sample; with the fluid path an accepted one may end the edge flick.
    private mutating func offerSample(_ reading: GestureReading, at t: Double) {
        let accepted = statistics.offer(translation: translation(reading), velocity: setup.velocity(reading), at: t)
        if accepted, inEdgeFlick, let fluid { inEdgeFlick = fluid.staysInEdgeFlick(meanVelocity: statistics.meanVelocity) }
    }

    private func translation(_ reading: GestureReading) -> Double { reading.translation.dot(setup.direction) }
}
