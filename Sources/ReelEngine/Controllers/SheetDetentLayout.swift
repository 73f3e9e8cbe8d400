import ReelTrace

/// A UISheetPresentationController detent: its identifier and its value, the height of the sheet
/// above the container's bottom safe-area edge when it rests there (D26 `UISheetPresentationControllerDetent
/// resolvedValueInContext:`). The dismiss position is the detent whose sheet top is the container's
/// bottom edge (value -bottom safe inset).
struct SheetDetent: Sendable, Hashable {
    /// "dismiss", "custom", "medium" or "large" (`com.apple.UIKit.medium` and `.large` in UIKit).
    var identifier: String
    /// Points of sheet above the container's bottom safe-area edge.
    var value: Double
}

/// Where a system sheet rests, how it looks at any value, and what the chrome around it does
/// (iOS 15-26, iPhone in portrait or landscape): the detents' values, the sheet's frame, the
/// dimming view's alpha, the presenter's scale-back.
struct SheetDetentLayout: Sendable {
    /// The detents the sheet can rest at, ascending by value (the dismiss position first when the
    /// sheet can be dismissed).
    let detents: [SheetDetent]
    /// The detents including the dismiss position, whether or not the sheet may dismiss.
    let detentsWithDismiss: [SheetDetent]
    /// The container's bounds (the window).
    let bounds: Rect
    /// The container's bottom safe-area inset, points.
    let bottomInset: Double
    /// The large sheet's top edge: the safe area top plus the top gap.
    let largeTop: Double
    /// Value of the large detent (UIKit's maximumDetentValue): from the large sheet's top to the
    /// bottom safe-area edge.
    let largeValue: Double
    /// The dismiss position's value.
    var dismissValue: Double { -bottomInset }
    /// The dimming view's alpha above the largest undimmed detent.
    let dimmingAlpha: Double
    /// Value at and below which the dimming view is clear; nil when no detent is undimmed.
    let undimmedValue: Double?
    /// The presenter's scale with the sheet at its large detent.
    let presenterScale: Double
    /// Where the scaled-back presenter's top edge stands: a top offset above the large sheet's top.
    let presenterTop: Double

    init(device: Device, profile: EngineProfile, modal: Bool) {
        let insets = device.safeAreaInsets
        bounds = Rect(x: 0, y: 0, w: device.width, h: device.height)
        bottomInset = insets.bottom
        // A phone with a home button (no bottom inset) keeps a larger gap under the status bar.
        let gap = profile.number(insets.bottom > 0 ? .sheetdetentTopGap : .sheetdetentTopGapHomeButton)
        largeTop = insets.top + gap
        largeValue = max(device.height - insets.bottom - largeTop, 0)
        // D26 medium block: maximumDetentValue x a table entry chosen by container height > 568;
        // in compact height (phones in landscape) medium is inactive.
        let fraction = profile.number(device.height > 568 ? .sheetdetentMediumFraction : .sheetdetentMediumFractionShort)
        var resting = [SheetDetent(identifier: "large", value: largeValue)]
        if device.verticalSizeClass != .compact { resting.append(SheetDetent(identifier: "medium", value: largeValue * fraction)) }
        let custom = profile.number(.sheetdetentCustomHeight)
        if custom > 0 { resting.append(SheetDetent(identifier: "custom", value: min(custom, largeValue))) }
        resting.sort { $0.value < $1.value }
        let withDismiss = [SheetDetent(identifier: "dismiss", value: -insets.bottom)] + resting
        detentsWithDismiss = withDismiss
        detents = modal ? resting : withDismiss
        dimmingAlpha = profile.number(.sheetdetentDimmingAlpha)
        let undimmed = profile.string(.sheetdetentLargestUndimmed)
        undimmedValue = resting.first { $0.identifier == undimmed }?.value
        // The presenter shrinks by a content margin on each side and moves so that its top stands
        // a top offset above the large sheet's top.
        let margin = profile.number(device.width > 393 ? .sheetdetentPresenterMarginWide : .sheetdetentPresenterMargin)
        presenterScale = device.width > 0 ? 1 - 2 * margin / device.width : 1
        presenterTop = largeTop - profile.number(.sheetdetentPresenterTopOffset)
    }

    /// The detent (index into `detents`) the sheet starts at: the smallest one it rests at.
    var initialIndex: Int { detents.firstIndex { $0.identifier != "dismiss" } ?? 0 }

    /// The sheet's frame at `value`: full width, the large sheet's height, its top edge `value`
    /// above the bottom safe-area edge.
    func sheetFrame(value: Double) -> Rect {
        Rect(x: bounds.x, y: bounds.h - bottomInset - value, w: bounds.w, h: largeValue + bottomInset)
    }

    /// The dimming view's alpha at `value`: clear at or below the largest undimmed detent, the full
    /// alpha at the next larger detent and above, linear in between (`_percentDimmedFromOffset`).
    /// Without an undimmed detent, dimmed from the dismiss position up to the smallest detent.
    func dimming(value: Double) -> Double {
        let low = undimmedValue ?? dismissValue
        guard let high = detentsWithDismiss.first(where: { $0.value > low })?.value else { return 0 }
        return dimmingAlpha * fraction(value, from: low, to: high)
    }

    /// The presenter view `look` at `value`: scaled about its centre and moved so that, at large,
    /// its top edge is at `presenterTop`.
    func presenter(_ look: Look, value: Double) -> Look {
        let f = presenterFraction(value: value)
        var out = look
        out.sx = 1 + (presenterScale - 1) * f
        out.sy = out.sx
        out.ty = f * (presenterTop - (look.y + look.h * (1 - presenterScale) / 2))
        return out
    }

    /// How far the presenter has scaled back at `value`: 0 up to the detent below large, 1 at large
    /// and above, linear in between (UIKit's `_transform`).
    func presenterFraction(value: Double) -> Double {
        let below = detentsWithDismiss.last { $0.value < largeValue }?.value ?? dismissValue
        return fraction(value, from: below, to: largeValue)
    }

    private func fraction(_ value: Double, from low: Double, to high: Double) -> Double {
        guard high > low else { return value >= high ? 1 : 0 }
        return min(max((value - low) / (high - low), 0), 1)
    }
}
