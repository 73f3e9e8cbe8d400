import ReelGestures
import ReelTiming

/// iOS 26's fluid back swipe (`backswipe.fluid`), as D26 `_UINavigationInteractiveTransitionBase`
/// has it when `+[UIView _fluidParallaxTransitionsEnabledWithTraitCollection:]` is on.
///
/// `.changed`: the progress is not capped at 0.999 when it reaches 1; outside 0...1 it is
/// rubber-banded (`_UIScrollViewRubberBandOffsetWithoutDecorationForOffset` over the range 0...1
/// with the settings' `rubberBandExtent`): x past an end moves it b(x) = (1 - 1 / (c x / d + 1)) d,
/// with d the extent and c the rubber-band coefficient, so it never passes 1 + d or -d.
/// The edge flick: `_updateStatistics:firstSample:finalSample:` starts a phase at the first sample
/// and ends it at the first accepted sample whose mean velocity (widths per second, either sign)
/// is below `edgeFlickBoostThreshold`; `popGesture:withRemainingDuration:shouldPopWithVelocity:`
/// multiplies the velocity it hands to the finish animation by `edgeFlickVelocityBoostFactor`
/// while the phase lasts. The pop decision is computed before the boost and does not change.
/// With `drawsRubberBand` the banded progress is not clamped afterwards: D26
/// `_UINavigationInteractiveTransition initWithViewController:animator:` calls
/// `_setClampsPercentComplete:0` in fluid mode, and `UIPercentDrivenInteractiveTransition
/// updateInteractiveTransition:` clamps to 0...1 only when `_clampsPercentComplete` is set.
struct FluidBackSwipe: Sendable, Hashable {
    /// `backswipe.rubber_band_extent`: d, a fraction of the width.
    let rubberBandExtent: Double
    /// `backswipe.rubber_band_coefficient`: c.
    let rubberBandCoefficient: Double
    /// `backswipe.edge_flick_threshold`: widths per second.
    let edgeFlickThreshold: Double
    /// `backswipe.edge_flick_boost`.
    let edgeFlickBoost: Double
    /// `backswipe.rubber_band_drawn`: updates and `percentComplete` keep progress outside 0...1.
    let drawsRubberBand: Bool

    init(profile: EngineProfile) {
        rubberBandExtent = profile.number(.backswipeRubberBandExtent)
        rubberBandCoefficient = profile.number(.backswipeRubberBandCoefficient)
        edgeFlickThreshold = profile.number(.backswipeEdgeFlickThreshold)
        edgeFlickBoost = profile.number(.backswipeEdgeFlickBoost)
        drawsRubberBand = profile.bool(.backswipeRubberBandDrawn)
    }

    /// The progress sent to `updateInteractiveTransition`: `progress` inside 0...1, rubber-banded outside.
    func rubberBanded(_ progress: Double) -> Double {
        if progress > 1 { return 1 + rubberBand(progress - 1) }
        if progress < 0 { return -rubberBand(-progress) }
        return progress
    }

    /// b(x) for a distance x >= 0 past the end.
    private func rubberBand(_ distance: Double) -> Double {
        guard rubberBandExtent > 0 else { return 0 }
        return RubberBand.distance(distance, extent: rubberBandExtent, coefficient: rubberBandCoefficient)
    }

    /// Whether the edge-flick phase survives a sample the statistics accepted, given their mean velocity.
    func staysInEdgeFlick(meanVelocity: Double) -> Bool {
        abs(meanVelocity) >= edgeFlickThreshold
    }
}
