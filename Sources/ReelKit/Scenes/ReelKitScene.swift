import ReelEngine

/// A named scene: builds the window's root view controller the way the app does (and anything the
/// session starts from, such as a presented controller, presented without animation), and declares
/// the gesture that starts it (`trigger`) so `synth` can make sessions for it.
///
/// ```swift
/// let card = ReelKitScene(name: "card.dismiss", trigger: TriggerSpec(kind: .pan, direction: .down, extent: 444)) { window in
///     let home = HomeViewController()
///     window.rootViewController = home
///     window.makeKeyAndVisible()
///     home.present(CardViewController(), animated: false)
/// }
/// ```
public nonisolated struct ReelKitScene: Sendable {
    /// The scenario the sessions name: the scene's name, a summary and its trigger (a catalog
    /// scenario's own spec when the scene re-implements it).
    public let spec: ScenarioSpec
    let build: @MainActor @Sendable (UIWindow) -> Void
    /// Makes the session's window from its frame (the screen's bounds): a `UIWindow` unless
    /// `withWindow(_:)` names the app's own subclass.
    private(set) var makeWindow: @MainActor @Sendable (CGRect) -> UIWindow = { UIWindow(frame: $0) }

    public var name: String { spec.name }

    public init(name: String, summary: String = "", trigger: TriggerSpec, build: @escaping @MainActor @Sendable (UIWindow) -> Void) {
        spec = ScenarioSpec(
            name: name, summary: summary.isEmpty ? "ReelKit scene \(name)" : summary,
            hierarchy: HierarchySpec(container: "none", controllers: ["root"]), action: ActionSpec(kind: .present),
            animator: .reelKit, interaction: trigger.kind == .tap ? nil : .reelKit, trigger: trigger)
        self.build = build
    }

    /// A scene that re-implements a catalog scenario in UIKit style: its sessions name the catalog
    /// scenario, so the built-in engine can replay them too.
    public init(reimplementing spec: ScenarioSpec, build: @escaping @MainActor @Sendable (UIWindow) -> Void) {
        self.spec = spec
        self.build = build
    }

    /// A scene that re-implements the catalog scenario `catalogName` (nil when the catalog has none).
    public init?(catalogScenario catalogName: String, build: @escaping @MainActor @Sendable (UIWindow) -> Void) {
        guard let spec = ScenarioCatalog.named(catalogName) else { return nil }
        self.init(reimplementing: spec, build: build)
    }

    /// The same scene in a window the app makes, as its scene delegate does (a `UIWindow` subclass
    /// that overrides `sendEvent(_:)`, say); `make` gets the screen's bounds.
    ///
    /// ```swift
    /// let recorded = card.withWindow { frame in RecordingWindow(frame: frame, recorder: recorder) }
    /// ```
    public func withWindow(_ make: @escaping @MainActor @Sendable (CGRect) -> UIWindow) -> ReelKitScene {
        var scene = self
        scene.makeWindow = make
        return scene
    }

    /// Whether sessions must carry the spec inline (a name the catalog does not know).
    var needsInlineSpec: Bool { ScenarioCatalog.named(spec.name) != spec }
}
