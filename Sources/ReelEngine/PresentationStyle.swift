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
    /// in compact width page and form sheets show as the card sheet (pageSheet), a popover
    /// adapts to `popoverCompact` (formSheet since iOS 13, overFullScreen in seed 002's iOS) and
    /// the current-context styles adapt as `contextCompact` says.
    func effective(in sizeClass: SizeClass, popoverCompact: PresentationStyle, contextCompact: ContextCompactAdaptation)
        -> PresentationStyle
    {
        let requested = self == .automatic ? .pageSheet : self
        guard sizeClass == .compact else { return requested }
        switch requested {
        case .formSheet: return .pageSheet
        case .popover: return popoverCompact == .formSheet ? .pageSheet : popoverCompact
        case .currentContext, .overCurrentContext: return contextCompact.adapt(requested)
        default: return requested
        }
    }
}

/// What the current-context styles become in compact width (`presentation.context_compact_style`).
enum ContextCompactAdaptation: String, Sendable, Hashable {
    /// Both adapt to fullScreen: Apple's View Controller Programming Guide (current context styles,
    /// horizontally compact) and seed 002, which translates it.
    case fullScreen
    /// currentContext adapts to fullScreen and overCurrentContext to overFullScreen (the presenter's
    /// views stay, as seed 002 says overCurrentContext is for).
    case matching
    /// No adaptation: the context is covered in every width (engine 0.3.0).
    case none

    func adapt(_ style: PresentationStyle) -> PresentationStyle {
        switch self {
        case .fullScreen: .fullScreen
        case .matching: style == .overCurrentContext ? .overFullScreen : .fullScreen
        case .none: style
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
