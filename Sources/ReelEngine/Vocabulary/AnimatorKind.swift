/// The animator a scenario names (`ScenarioSpec.animator`), or the one an operation resolves
/// `system` to (the navigation slide, a modal transition style, a container's cross dissolve).
///
/// ```swift
/// ScenarioCatalog.named("modal.bounce-present")!.animator == .bounce  // true
/// ```
public enum AnimatorKind: String, Sendable, Hashable, Codable, ScenarioVocabulary {
    /// The container's or modal style's own animator, resolved per operation.
    case system
    /// The navigation controller's slide.
    case slide
    /// Modal transition styles.
    case coverVertical, crossDissolve, flipHorizontal, partialCurl
    /// Seed 003's mail sheet.
    case sheet
    /// Seed 000's custom container and the tab delegate's cross dissolves.
    case containerCrossDissolve, tabCrossDissolve
    /// Seed 000's bounce.
    case bounce
    /// Seed 001's snapshot zoom.
    case zoom
    /// iOS 18's zoom transition.
    case systemZoom
    /// VCTransitionsLibrary's family.
    case cards, cube, crossfade, flip, fold, portal
    /// VCTransitionsLibrary's pinch dismissal's shrink.
    case shrink
    /// No animation (an expanded split view's column swap, a tab switch without an animator).
    case none
    /// A ReelKit scene's own animator: ReelKit runs it, the built-in engine does not.
    case reelKit = "reelkit"

    package static var noun: String { "animator" }

    public init(from decoder: any Decoder) throws { self = try Self.decodeName(from: decoder) }
}
