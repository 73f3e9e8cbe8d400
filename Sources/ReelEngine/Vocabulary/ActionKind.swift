/// What a scenario's trigger does to the hierarchy (`ActionSpec.kind`).
///
/// ```swift
/// ScenarioCatalog.named("nav.pop")!.action.kind == .pop  // true
/// ```
public enum ActionKind: String, Sendable, Hashable, Codable, ScenarioVocabulary {
    case push, pop, popToRoot, setViewControllers
    case present, dismiss
    case selectTab, showDetail
    /// UIKit's `show(_:sender:)`: a push in a navigation container, else a presentation.
    case show
    /// A custom container's `transition(from:to:)`.
    case swapChild

    package static var noun: String { "action" }

    public init(from decoder: any Decoder) throws { self = try Self.decodeName(from: decoder) }
}
