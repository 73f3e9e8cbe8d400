/// Named profiles that ship with the engine: `--engine classic`, `--engine uikit-ios26` and the like.
extension EngineProfile {
    /// A profile that ships with the engine: its name, what it models, and the parameters it sets
    /// (everything else at its default).
    public struct Preset: Sendable {
        /// The name `--engine` takes.
        public let name: String
        /// What the preset models, one sentence.
        public let models: String
        /// The parameters it sets, in the order `reel engine profiles` lists them.
        public var overrides: [(String, ParameterValue)] { settings.map { ($0.rawValue, $1) } }
        /// The same, by parameter case (typed: a preset cannot name a parameter that does not exist).
        let settings: [(ParameterName, ParameterValue)]

        init(name: String, models: String, overrides: [(ParameterName, ParameterValue)]) {
            (self.name, self.models, settings) = (name, models, overrides)
        }
    }

    /// Engine 0.3.0's traces: the parameters whose legacy values restore them, everything else
    /// at its default. Replaying a 0.3.0 archive with it shows no divergence; with
    /// `builtin`, the flips of engine 0.4.0 (issue 14).
    static let legacy03Overrides: [(ParameterName, ParameterValue)] = [
        (.gestureEventModel, .string("per-touch")),
        (.interactionHandlers, .string("reel-0.3")),
        (.pinchLatestWeight, .number(0.2)),
        (.interactiveMaxProgress, .number(0.999)),
        (.imagedragThreshold, .number(0.25)),
        // Issue 14 items 4-5 (docs/ENGINE.md, "Scene fidelity").
        (.navBarTouchRegion, .string("none")),
        (.layoutRightToLeft, .bool(false)),
        (.renderClampAlpha, .bool(false)),
        (.outcomeHiddenViews, .bool(false)),
        (.presentationContextCompactStyle, .string("none")),
    ]

    /// Engine 0.6.0's traces (issue 31, docs/history/ENGINE.md "Engine 0.7.0"): the back recognizers
    /// remove the generic pan's 10 pt at `.began`, the zoom dismissal decides by its policy (a
    /// cancelled gesture springing back), and the zoom's receded content and dimming take 0.6.0's
    /// chosen values. Replaying a 0.6.0 archive recorded with the default
    /// profile against it shows no divergence.
    static let legacy06Overrides: [(ParameterName, ParameterValue)] = [
        (.backswipeTranslationHysteresis, .number(10)),
        (.contentpopTranslationHysteresis, .number(10)),
        (.systemzoomEndRule, .string("policy")),
        (.systemzoomDimmingAlpha, .number(0.1)),
        (.systemzoomRecedePoints, .number(20)),
        (.systemzoomRecedeMinScale, .number(0.9)),
    ]

    /// iOS 26's navigation (issue 20, docs/ENGINE.md "iOS 26 navigation"): the fluid back swipe,
    /// the content pop gesture and interruptible pushes. The sheet and zoom parameters of issue 20
    /// join this list when they are merged.
    static let ios26Overrides: [(ParameterName, ParameterValue)] = [
        (.backswipeFluid, .bool(true)),
        (.navContentPop, .bool(true)),
        (.navInterruptible, .bool(true)),
        // Engine 0.6.0 (docs/history/ENGINE.md, "Engine 0.6.0").
        (.backswipeRubberBandDrawn, .bool(true)),
        (.contentpopEdgeFallback, .bool(true)),
    ]

    /// Every preset, in the order `reel engine profiles` lists them.
    public static let presets: [Preset] = [
        Preset(
            name: "classic",
            models: "The seeds' behaviour with UIKit's non-fluid navigation: the built-in default, every parameter at its default",
            overrides: []),
        Preset(
            name: "uikit-ios18",
            models:
                "UIKit of iOS 18.2 as it ships: non-fluid back swipe capped at 0.999, edge swipe only (its content back swipe sits behind a feature flag, off), a running push ignores new swipes; for navigation the same as classic",
            overrides: []),
        Preset(
            name: "uikit-ios26",
            models:
                "UIKit of iOS 26.1: fluid back swipe (rubber band drawn past the ends, edge-flick boost), back swipe from anywhere in the content (also once an edge swipe failed), interruptible pushes",
            overrides: ios26Overrides),
        Preset(
            name: "legacy-0.6",
            models:
                "Engine 0.6.0's traces: the back swipes remove the pan's 10 pt at began, the zoom dismissal decides by projected progress and springs back when cancelled, the zoom recedes and dims by 0.6.0's values (issue 31)",
            overrides: legacy06Overrides),
        Preset(
            name: "legacy-0.3",
            models: "Engine 0.3.0's traces: per-touch events, its shared handler and scene rules (issue 14)",
            overrides: legacy03Overrides),
    ]

    /// Preset names, in the order `reel engine profiles` lists them.
    public static let presetNames = presets.map(\.name)

    /// The named preset, nil for an unknown name.
    public static func preset(named name: String) -> EngineProfile? {
        guard let preset = presets.first(where: { $0.name == name }) else { return nil }
        return try! EngineProfile.builtin.overriding(preset.settings)
    }
}
