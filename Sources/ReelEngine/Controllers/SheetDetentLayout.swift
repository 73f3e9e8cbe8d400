import ReelTrace

/// A UISheetPresentationController detent: its identifier and its value, the height of the sheet
/// above the container's bottom edge when it rests there (D26 `UISheetPresentationControllerDetent
/// resolvedValueInContext:`). The dismiss position is the detent of value 0.
struct SheetDetent: Sendable, Hashable {
    /// "dismiss", "custom", "medium" or "large" (`com.apple.UIKit.medium` and `.large` in UIKit).
    var identifier: String
    /// Points of sheet above the container's bottom edge.
    var value: Double
}

/// Where a system sheet rests, how it looks at any offset, and what the chrome around it does
/// (iOS 15-26, compact width): the detents' values, the dimming view's alpha, the presenter's scale.
struct SheetDetentLayout: Sendable {
    /// The detents the sheet can rest at, ascending by value (the dismiss position first when the
    /// sheet can be dismissed).
    let detents: [SheetDetent]
    /// The detents including the dismiss position, whether or not the sheet may dismiss: what the
    /// release rule would choose without `isModalInPresentation`.
    let detentsWithDismiss: [SheetDetent]
    /// The container's bounds (the window).
    let bounds: Rect
    /// Value of the large detent: the container height less the safe area top and the large gap
    /// (UIKit's maximumDetentValue).
    let largeValue: Double
    /// The dimming view's alpha above the largest undimmed detent.
    let dimmingAlpha: Double
    /// Value at and below which the dimming view is clear; nil when no detent is undimmed.
    let undimmedValue: Double?
    /// The presenter's scale when the sheet is at its large detent.
    let presenterScale: Double

    init(device: Device, profile: EngineProfile, modal: Bool) {
        bounds = Rect(x: 0, y: 0, w: device.width, h: device.height)
        largeValue = max(device.height - device.safeAreaInsets.top - profile.number("sheetdetent.large_top_gap"), 0)
        // D26 medium block: maximumDetentValue x a fraction; in compact height (phones in
        // landscape) it resolves to the largest value, i.e. the large detent.
        let medium =
            device.verticalSizeClass == .compact ? largeValue : largeValue * profile.number("sheetdetent.medium_fraction")
        var resting = [SheetDetent(identifier: "medium", value: medium), SheetDetent(identifier: "large", value: largeValue)]
        let custom = profile.number("sheetdetent.custom_height")
        if custom > 0 { resting.append(SheetDetent(identifier: "custom", value: min(custom, largeValue))) }
        resting.sort { $0.value < $1.value || ($0.value == $1.value && $0.identifier < $1.identifier) }
        let withDismiss = [SheetDetent(identifier: "dismiss", value: 0)] + resting
        detentsWithDismiss = withDismiss
        detents = modal ? resting : withDismiss
        dimmingAlpha = profile.number("sheetdetent.dimming_alpha")
        let undimmed = profile.string("sheetdetent.largest_undimmed")
        undimmedValue = resting.first { $0.identifier == undimmed }?.value
        presenterScale = profile.number("sheetdetent.presenter_scale")
    }

    /// The smallest detent the sheet rests at without dismissing.
    var smallestRestingValue: Double { detentsWithDismiss.dropFirst().first?.value ?? largeValue }

    /// The detent (index into `detents`) the sheet starts at: the smallest one it rests at.
    var initialIndex: Int { detents.firstIndex { $0.identifier != "dismiss" } ?? 0 }

    /// The sheet's frame at `value`: from its top edge to the container's bottom, full width (above
    /// the large detent it stretches upwards; below 0 it has left the screen).
    func sheetFrame(value: Double) -> Rect {
        Rect(x: bounds.x, y: bounds.h - value, w: bounds.w, h: max(value, 0))
    }

    /// The dimming view's alpha at `value`: clear at or below the largest undimmed detent, the full
    /// alpha at the next larger detent and above, linear in between (D26 `_percentDimmedFromOffset`).
    /// Without an undimmed detent, dimmed above the dismiss position the same way from 0 to the
    /// smallest detent.
    func dimming(value: Double) -> Double {
        let low = undimmedValue ?? 0
        guard let high = detentsWithDismiss.first(where: { $0.value > low })?.value else { return 0 }
        return dimmingAlpha * fraction(value, from: low, to: high)
    }

    /// The presenter's scale at `value`: 1 up to the detent below large, `presenterScale` at large
    /// and above, linear in between (UIKit scales the presenter back only for a full-height sheet).
    func presenterScaleAt(value: Double) -> Double {
        let below = detentsWithDismiss.last { $0.value < largeValue }?.value ?? 0
        return 1 + (presenterScale - 1) * fraction(value, from: below, to: largeValue)
    }

    private func fraction(_ value: Double, from low: Double, to high: Double) -> Double {
        guard high > low else { return value >= high ? 1 : 0 }
        return min(max((value - low) / (high - low), 0), 1)
    }
}
