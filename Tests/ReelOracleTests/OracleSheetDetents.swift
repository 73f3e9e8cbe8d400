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
struct OracleSheetDetents: OracleHandler {
    static let large = 844.0 - 34 - (47 + 10)
    static let medium = large * 0.56
    static let dismiss = -34.0
    static let detents = [dismiss, medium, large]
    static let decelerationRate = 0.99
    static let minimumSpeed = 250.0
    static let speedThreshold = 1000.0

    mutating func handle(_ action: OracleAction) -> OracleDecision? {
        guard action.state == .ended || action.state == .cancelled else { return nil }
        let value = Self.medium - action.translation.y
        let v = -action.velocity.y
        let effective = abs(v) >= Self.minimumSpeed ? v : 0
        let projection = value + effective * Self.decelerationRate / (1 - Self.decelerationRate) / 1000
        let closest = Self.closest(to: value)
        var chosen = Self.closest(to: projection)
        if abs(v) >= Self.speedThreshold, chosen == closest, (value < Self.detents[closest]) == (v < 0) {
            chosen = min(max(closest + (v >= 0 ? 1 : -1), 0), Self.detents.count - 1)
        }
        let resting: OracleOutcome = chosen == 0 ? .finished : chosen == 1 ? .medium : .large
        // Margin: the projection's distance from the nearest midpoint between detents, points.
        let midpoints = [(Self.dismiss + Self.medium) / 2, (Self.medium + Self.large) / 2]
        let margin = midpoints.map { projection - $0 }.min { abs($0) < abs($1) }!
        return OracleDecision(
            finish: chosen == 0, progress: (Self.large - value) / (Self.large - Self.dismiss), margin: margin, unit: .points,
            started: true, resting: resting)
    }

    /// The detent nearest `value`, ties to the larger.
    static func closest(to value: Double) -> Int {
        var best = 0
        for index in detents.indices where abs(detents[index] - value) <= abs(detents[best] - value) { best = index }
        return best
    }
}
