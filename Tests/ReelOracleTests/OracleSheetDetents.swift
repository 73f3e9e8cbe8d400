/// The system sheet with detents (UISheetPresentationController, `sheet.detents`) on the 390 x 844
/// phone, resting at its smallest detent (medium) and dragged by a pan, read from D26 and the
/// values D26's decompiled text does not hold (docs/SOURCES.md's "16/18 read" of UIKitCore):
/// - large = container height - bottom safe inset - (top safe inset + 10): D26 `UISheetDetentBlockLarge`
///   (`maximumDetentValue`), the 10 pt top gap from the 16/18 read; 844 - 34 - 57 = 753;
/// - medium = 0.56 x large (containers taller than 568 pt): D26 `UISheetDetentBlockMedium`, 0.56 from
///   the 16/18 read; dismiss = -34, the sheet's top at the container's bottom (`_dismissOffset`);
/// - the sheet follows the pan's translation (`_UISheetInteraction handlePan:` ->
///   `draggingChangedInSource:withTranslation:velocity:`), value = medium - translation.y;
/// - release (`draggingEndedInSource:`; a cancelled pan alike): `_UIHyperInteractor _projectedPoint`
///   value + v r / (1 - r) / 1000 with r = 0.99 (`_UISheetInteraction init`: SheetDecelerationFactor),
///   v counted when `_effectiveVelocity`'s norm reaches 250 pt/s (minimumSpeed, the 16/18 read; the
///   norm of a pan locked to the vertical axis by the delegate's NO to
///   `_panGestureRecognizer:shouldTryToBeginHorizontallyWithEvent:` is |v_y|); the detent closest to
///   the projection (ties: the larger, the order UIKit lists them); at 1000 pt/s or more
///   (SheetSpeedThreshold) a projection staying at the detent closest to the release while the
///   sheet moves away from it goes one detent further.
/// - `isModalInPresentation` (`sheet.detents-modal`): the sheet may not be dismissed
///   (UIAdaptivePresentationControllerDelegate's documentation: a modal presentation ignores the
///   interactive dismissal and reports the attempt), so the dismiss position is no resting point:
///   the detents are medium and large, and the same release rule picks between them (its step past
///   the closest detent stops at the smallest, `min(max(..., 0), count - 1)`).
struct OracleSheetDetents: OracleHandler {
    static let large = 844.0 - 34 - (47 + 10)
    static let medium = large * 0.56
    static let dismiss = -34.0
    static let detents = [dismiss, medium, large]
    /// The detents the sheet may rest at: without the dismiss position when it is modal.
    var detents = OracleSheetDetents.detents
    /// The sheet's value when the drag begins (medium: the sheet rests at its smallest detent).
    var startValue = OracleSheetDetents.medium

    init(modal: Bool = false) {
        if modal { detents = [Self.medium, Self.large] }
    }
    static let decelerationRate = 0.99
    static let minimumSpeed = 250.0
    static let speedThreshold = 1000.0

    mutating func handle(_ action: OracleAction) -> OracleDecision? {
        guard action.state == .ended || action.state == .cancelled else { return nil }
        return release(value: startValue - action.translation.y, velocity: -action.velocity.y)
    }

    /// The release at `value` (points above the container's bottom) moving at `v` (points per
    /// second, upwards positive).
    func release(value: Double, velocity v: Double) -> OracleDecision {
        let effective = abs(v) >= Self.minimumSpeed ? v : 0
        let projection = value + effective * Self.decelerationRate / (1 - Self.decelerationRate) / 1000
        let nearest = closest(to: value)
        var chosen = closest(to: projection)
        if abs(v) >= Self.speedThreshold, chosen == nearest, (value < detents[nearest]) == (v < 0) {
            chosen = min(max(nearest + (v >= 0 ? 1 : -1), 0), detents.count - 1)
        }
        let resting: OracleOutcome = detents[chosen] == Self.dismiss ? .finished : detents[chosen] == Self.medium ? .medium : .large
        // Margin: the projection's distance from the nearest midpoint between detents, points.
        let midpoints = zip(detents, detents.dropFirst()).map { ($0 + $1) / 2 }
        let margin = midpoints.map { projection - $0 }.min { abs($0) < abs($1) }!
        return OracleDecision(
            finish: resting == .finished, progress: (Self.large - value) / (Self.large - Self.dismiss), margin: margin, unit: .points,
            started: true, resting: resting)
    }

    /// The detent nearest `value`, ties to the larger.
    func closest(to value: Double) -> Int {
        var best = 0
        for index in detents.indices where abs(detents[index] - value) <= abs(detents[best] - value) { best = index }
        return best
    }
}
