import ReelTiming
import ReelTrace

/// Where a released sheet comes to rest, as D26's `_UISheetInteraction draggingEndedInSource:`
/// decides (its `_interactionEndedMutatingState:` block), over `_UIHyperInteractor`'s projection.
struct SheetDetentRelease: Sendable, Hashable {
    /// `_UIHyperInteractor` decelerationRate (D26 `_UISheetInteraction init`: SheetDecelerationFactor, 0.99).
    var decelerationRate: Double
    /// Speeds below this project nowhere (`_UIHyperInteractor _effectiveVelocity`, minimumSpeed), pt/s.
    var minimumSpeed: Double
    /// Whether the sheet's pan may move horizontally (`sheetdetent.horizontal_pan`). D26
    /// `_effectiveVelocity` compares `cblas_dnrm2` of the whole velocity, the pan's `velocityInView:`
    /// as a point, with the minimum speed. The sheet's delegate answers NO to
    /// `_panGestureRecognizer:shouldTryToBeginHorizontallyWithEvent:` (`_UISheetInteraction` asks
    /// `sheetInteraction:shouldBeginHorizontalRubberBandingWithGestureRecognizer:`, and
    /// UISheetPresentationController says YES only for a tear-off, `_allowsTearOff` with a scene
    /// request), so the pan is locked to the vertical axis (`UIPanGestureRecognizer
    /// _adjustSceneReferenceLocation:` -> `_shiftPanLocationToNewSceneReferenceLocation:lockingToAxis:`)
    /// and its x velocity is 0: the norm is |v_y| (false). True takes the norm of both components.
    var horizontalPan: Bool
    /// At or above this speed a release moving away from its closest detent goes one detent further
    /// (SheetSpeedThreshold, 1000 pt/s), and the settling spring is the high-speed one.
    var speedThreshold: Double

    init(profile: EngineProfile) {
        decelerationRate = profile.number(.sheetdetentDecelerationRate)
        minimumSpeed = profile.number(.sheetdetentMinimumSpeed)
        horizontalPan = profile.bool(.sheetdetentHorizontalPan)
        speedThreshold = profile.number(.sheetdetentSpeedThreshold)
    }

    /// The projected value: value + v x r / (1 - r) / 1000 (`_UIHyperInteractor _projectedPoint`),
    /// with v = 0 when the speed, the norm of (`across`, v) (`across` counted only with
    /// `horizontalPan`), is below the minimum speed.
    func projected(value: Double, velocity: Double, across: Double = 0) -> Double {
        value + effectiveVelocity(velocity, across: across) * projectionFactor
    }

    /// The projection's factor r / (1 - r) / 1000 (seconds): the projected value is value + factor × v.
    var projectionFactor: Double { decelerationRate / (1 - decelerationRate) / 1000 }

    /// The velocity the projection uses: `velocity`, or 0 below the minimum speed.
    func effectiveVelocity(_ velocity: Double, across: Double = 0) -> Double {
        let speed = horizontalPan ? (velocity * velocity + across * across).squareRoot() : abs(velocity)
        return speed >= minimumSpeed ? velocity : 0
    }

    /// The release's inputs, projection and resting detent (`StoredDecision`, rule
    /// `sheetDetentRelease`): the position, the effective velocity, the projection factor, the
    /// projected value, and as threshold the value of the detent `index` it rests at; finish when
    /// that detent dismisses. The source lists the detents.
    func decision(value: Double, velocity: Double, across: Double = 0, detents: [SheetDetent], index: Int) -> StoredDecision {
        let effective = effectiveVelocity(velocity, across: across)
        let listed = detents.map { "\($0.identifier) \(String(format: "%.1f", $0.value))" }.joined(separator: ", ")
        return StoredDecision(
            rule: "sheetDetentRelease",
            source: "the detent closest to _UIHyperInteractor's projection; at \(String(format: "%.0f", speedThreshold)) pt/s "
                + "or more, moving away from the detent closest to the position, one detent further "
                + "(_UISheetInteraction draggingEndedInSource:, D26; detents \(listed))",
            recognizerState: "", finish: detents.indices.contains(index) && detents[index].identifier == "dismiss", progress: value,
            velocity: effective, horizon: projectionFactor, value: projected(value: value, velocity: velocity, across: across),
            threshold: detents.indices.contains(index) ? detents[index].value : nil)
    }

    /// Whether a release at `velocity` counts as high speed.
    func isHighSpeed(_ velocity: Double) -> Bool { abs(velocity) >= speedThreshold }

    /// The index into `detents` (ascending by value) the sheet rests at after a release at `value`
    /// (unconstrained, points above the container's bottom) moving at `velocity` (points per second,
    /// positive upwards). The detent closest to the projected value; when the release is fast, the
    /// projection stays at the closest detent and the sheet is moving away from that detent, the
    /// next detent in the direction of motion.
    func restingIndex(value: Double, velocity: Double, across: Double = 0, detents: [SheetDetent]) -> Int {
        guard !detents.isEmpty else { return 0 }
        let closest = Self.closestIndex(to: value, in: detents)
        var chosen = Self.closestIndex(to: projected(value: value, velocity: velocity, across: across), in: detents)
        let movingAway = (value < detents[closest].value) == (velocity < 0)
        if isHighSpeed(velocity), chosen == closest, movingAway {
            let step = velocity >= 0 ? 1 : -1
            chosen = min(max(closest + step, 0), detents.count - 1)
        }
        return chosen
    }

    /// The detent nearest `value`; on a tie the larger one (UIKit lists its detent points largest
    /// first, and `_UIHyperregionUnion _regionIndexForClosestPoint:toPoint:` keeps a region only when
    /// it is strictly closer, so at equal distance the first listed, the larger, wins).
    static func closestIndex(to value: Double, in detents: [SheetDetent]) -> Int {
        var best = 0
        for index in detents.indices where abs(detents[index].value - value) <= abs(detents[best].value - value) { best = index }
        return best
    }
}

/// `_UIHyperInteractor`'s rubber band beyond its region (`_constrainedFraction`): a pull u beyond
/// the edge shows as d (1 - 1 / (u c / d + 1)), UIScrollView's rubber-band curve, with the sheet's
/// extent d above its largest detent and below its smallest.
struct SheetRubberBand: Sendable, Hashable {
    /// `_UIScrollViewRubberBandCoefficient` c.
    var coefficient: Double
    /// Extent d beyond the largest value (above) and beyond the smallest (below), points.
    var extentAbove: Double
    var extentBelow: Double

    /// The constrained value of unconstrained `value` when the region is `low...high`.
    func constrain(_ value: Double, low: Double, high: Double) -> Double {
        if value > high { return high + band(value - high, extent: extentAbove) }
        if value < low { return low - band(low - value, extent: extentBelow) }
        return value
    }

    /// How far a pull of `distance` beyond the edge shows.
    func band(_ distance: Double, extent: Double) -> Double {
        guard extent > 0, coefficient > 0 else { return 0 }
        return RubberBand.distance(distance, extent: extent, coefficient: coefficient)
    }
}
