import ReelTrace

/// UIModalPresentationStyle.
enum PresentationStyle: String, Sendable, Hashable, CaseIterable {
    case fullScreen, overFullScreen, currentContext, overCurrentContext, pageSheet, formSheet, popover, custom, automatic

    /// Whether the presenter's views leave the window once the presentation finishes
    /// (the presentation controller's shouldRemovePresentersView).
    var removesPresenterViews: Bool { self == .fullScreen || self == .currentContext }

    /// Whether the presentation covers a context (the presenter found by definesPresentationContext).
    var usesContext: Bool { self == .currentContext || self == .overCurrentContext }

    /// The style UIKit actually uses at a horizontal size class: automatic is pageSheet (iOS 13+);
    /// in compact width page and form sheets show as the card sheet (pageSheet) and a popover
    /// adapts to `popoverCompact` (formSheet since iOS 13, overFullScreen in seed 002's iOS).
    func effective(in sizeClass: SizeClass, popoverCompact: PresentationStyle) -> PresentationStyle {
        let requested = self == .automatic ? .pageSheet : self
        guard sizeClass == .compact else { return requested }
        switch requested {
        case .formSheet: return .pageSheet
        case .popover: return popoverCompact == .formSheet ? .pageSheet : popoverCompact
        default: return requested
        }
    }
}

/// Which controller really presents, and what it covers.
struct PresenterResolution: Sendable, Hashable {
    /// The presenting controller UIKit picks.
    var presenter: String
    /// The frame the presentation's container covers.
    var contextFrame: Rect
}
