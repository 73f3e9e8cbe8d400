/// The interaction controller of an interactive scenario: what turns a gesture into a driven
/// transition. A new one is a case here; the compiler then names every place that must handle it
/// (`InteractionDriver`'s recognizer and controller, its release parameters, the detent sessions).
///
/// ```swift
/// let spec = ScenarioCatalog.named("nav.interactive-pop")!
/// spec.interaction == .backSwipe  // true
/// ```
public enum InteractionKind: String, Sendable, Hashable, Codable, ScenarioVocabulary {
    /// UIKit's navigation back swipe from the screen edge.
    case backSwipe
    /// iOS 26's back swipe from anywhere in the content (the edge pan too).
    case contentPop
    /// Seed 000's pan down that dismisses a presented controller.
    case swipeDismiss
    /// Seed 003's drag of its mail sheet.
    case sheetDrag
    /// MDTransitioning's vertical swipe that pops.
    case verticalSwipePop
    /// MDTransitioning's image viewer dragged down to dismiss.
    case imageDrag
    /// VCTransitionsLibrary's pinch that dismisses.
    case pinchDismiss
    /// iOS 18's zoom transition dismissed by drag, pinch or edge swipe.
    case zoomDismiss
    /// A system sheet dragged between its detents (`SheetDetentSession`).
    case sheetDetents
    /// The same sheet with `isModalInPresentation`.
    case sheetDetentsModal
    /// A scroll view in the sheet handing its pan to the sheet.
    case sheetScrollHandoff
    /// A ReelKit scene's own controller: ReelKit runs it, the built-in engine does not.
    case reelKit = "reelkit"

    package static var noun: String { "interaction controller" }

    public init(from decoder: any Decoder) throws { self = try Self.decodeName(from: decoder) }
}
