import Foundation
import ReelGestures
import ReelJSON

/// A scenario: the starting hierarchy, the action, the animator, the interaction controller and
/// the gesture that triggers it. Users can write one as JSON (docs/ENGINE.md).
public struct ScenarioSpec: Sendable, Hashable, Codable {
    /// Catalog name ("nav.push") or a user's own name.
    public var name: String
    /// One line for `reel scenarios`.
    public var summary: String
    /// The view controllers on screen before the trigger.
    public var hierarchy: HierarchySpec
    /// What the trigger does.
    public var action: ActionSpec
    /// The animator: `system` (the container's or modal style's own), `bounce`, `zoom`, `sheet`,
    /// `crossDissolve`, `cards`, ... (`AnimatorKind`; a spec file spells the raw value).
    public var animator: AnimatorKind
    /// The interaction controller, nil for a tap-triggered animated transition: `backSwipe`,
    /// `swipeDismiss`, `sheetDrag`, ... (`InteractionKind`; a spec file spells the raw value).
    public var interaction: InteractionKind?
    /// The gesture that starts the transition, for the gesture synthesizer.
    public var trigger: TriggerSpec
    /// Segue identifier: routes the action through shouldPerform / prepare (or unwind for pop and dismiss).
    public var segue: String?
    /// False models shouldPerformSegue returning false: the segue, and the transition, do not happen.
    public var segueAllowed: Bool?
    /// The user interface layout direction; absent means left to right (so specs written before
    /// the field existed, and their content hashes, are unchanged).
    public var layoutDirection: LayoutDirection?
    /// A horizontal scroll view filling the content (nav.content-swipe-pop); absent: none.
    public var contentScroll: ContentScrollSpec?

    public init(
        name: String, summary: String, hierarchy: HierarchySpec, action: ActionSpec, animator: AnimatorKind = .system,
        interaction: InteractionKind? = nil, trigger: TriggerSpec = TriggerSpec(kind: .tap), segue: String? = nil,
        segueAllowed: Bool? = nil, layoutDirection: LayoutDirection? = nil, contentScroll: ContentScrollSpec? = nil
    ) {
        self.name = name
        self.summary = summary
        self.hierarchy = hierarchy
        self.action = action
        self.animator = animator
        self.interaction = interaction
        self.trigger = trigger
        self.segue = segue
        self.segueAllowed = segueAllowed
        self.layoutDirection = layoutDirection
        self.contentScroll = contentScroll
    }

    /// Whether the scenario lays out right to left (`layoutDirection` = rightToLeft).
    public var isRightToLeft: Bool { layoutDirection == .rightToLeft }

    /// The spec as JSON with sorted keys (absent optionals left out): the bytes Foundation's
    /// `JSONEncoder` wrote with `[.sortedKeys, .withoutEscapingSlashes]`, which stored content hashes
    /// keep (Foundation numbers; keys sorted by their UTF-8 bytes, the same order for the spec's
    /// ASCII names), now written by ReelJSON so no Foundation change can move them.
    public var canonicalJSON: String {
        guard let value = try? JSONValueEncoder.encode(self) else { return "{}" }
        return JSONWriter.text(of: value, sortedKeys: true, numberStyle: .foundation)
    }

    /// Decodes a spec from JSON text, within `ScenarioLimits` (a spec past one is a
    /// `DecodingError.dataCorrupted` at the field, e.g. `hierarchy.presented`).
    public static func decode(json: String) throws -> ScenarioSpec {
        let spec = try JSONDecoder().decode(ScenarioSpec.self, from: Data(json.utf8))
        if let (field, reason) = ScenarioLimits.violation(spec) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: field.split(separator: ".").map { SpecFieldKey(stringValue: String($0)) }, debugDescription: reason))
        }
        return spec
    }
}

/// UIKit's `UIUserInterfaceLayoutDirection`: right to left puts the back-swipe on the right edge
/// and mirrors the navigation slide.
public enum LayoutDirection: String, Sendable, Hashable, Codable {
    case leftToRight, rightToLeft
}

/// The starting view-controller hierarchy.
public struct HierarchySpec: Sendable, Hashable, Codable {
    /// "navigation", "tab", "split", "custom" (a custom container) or "none" (a plain root controller).
    public var container: String
    /// The container's children: the navigation stack bottom to top, the tabs, the split's
    /// [primary, secondary], the custom container's current child; for "none", the root controller.
    public var controllers: [String]
    /// Selected tab index (tab containers).
    public var selected: Int?
    /// Controllers already presented, in order: each is presented by the one before (the first by the source).
    public var presented: [String]?
    /// The controller that sets definesPresentationContext = true.
    public var contextDefiner: String?

    public init(container: String, controllers: [String], selected: Int? = nil, presented: [String]? = nil, contextDefiner: String? = nil) {
        self.container = container
        self.controllers = controllers
        self.selected = selected
        self.presented = presented
        self.contextDefiner = contextDefiner
    }
}

/// What the trigger does to the hierarchy.
public struct ActionSpec: Sendable, Hashable, Codable {
    /// `push`, `pop`, `present`, `dismiss`, ... (`ActionKind`; a spec file spells the raw value).
    public var kind: ActionKind
    /// The controller pushed, presented, selected or swapped in ("B").
    public var target: String?
    /// The controller the action is called on (present's source; defaults to the visible one).
    public var source: String?
    /// modalPresentationStyle: fullScreen, overFullScreen, currentContext, overCurrentContext,
    /// pageSheet, formSheet, popover, custom, automatic.
    public var style: String?
    /// modalTransitionStyle: coverVertical, crossDissolve, flipHorizontal, partialCurl.
    public var transitionStyle: String?
    /// swapChild: whether the container calls addChild(target) first (false = seed 002's crash case).
    public var addsChild: Bool?
    /// setViewControllers: the new stack.
    public var stack: [String]?

    public init(
        kind: ActionKind, target: String? = nil, source: String? = nil, style: String? = nil,
        transitionStyle: String? = nil, addsChild: Bool? = nil, stack: [String]? = nil
    ) {
        self.kind = kind
        self.target = target
        self.source = source
        self.style = style
        self.transitionStyle = transitionStyle
        self.addsChild = addsChild
        self.stack = stack
    }
}

/// The gesture that drives a scenario, for the gesture synthesizer.
public struct TriggerSpec: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable { case tap, edgePan, pan, pinch }
    public enum Direction: String, Sendable, Hashable, Codable { case up, down, left, right }

    public var kind: Kind
    /// edgePan: the screen edge the finger starts at.
    public var edge: ScreenEdge?
    /// pan: the direction that drives the transition forward.
    public var direction: Direction?
    /// Interactive scenarios: the finger travel (points) that means progress 1, when it is fixed
    /// (nil when it depends on the device, e.g. the back-swipe's screen width).
    public var extent: Double?
    /// Interactive scenarios: the progress above which a release without velocity finishes,
    /// when the scenario uses a threshold rule.
    public var threshold: Double?

    public init(kind: Kind, edge: ScreenEdge? = nil, direction: Direction? = nil, extent: Double? = nil, threshold: Double? = nil) {
        self.kind = kind
        self.edge = edge
        self.direction = direction
        self.extent = extent
        self.threshold = threshold
    }
}
