/// Named profiles that ship with the engine: `--engine legacy-0.3` and the like.
extension EngineProfile {
    /// Engine 0.3.0's traces: the parameters whose legacy values restore them, everything else
    /// at its default. Replaying a 0.3.0 archive with it shows no divergence; with
    /// `builtin`, the flips of engine 0.4.0 (issue 14).
    static let legacy03Overrides: [(String, ParameterValue)] = [
        ("gesture.event_model", .string("per-touch")),
        ("interaction.handlers", .string("reel-0.3")),
        ("pinch.latest_weight", .number(0.2)),
        ("interactive.max_progress", .number(0.999)),
        ("imagedrag.threshold", .number(0.25)),
        // Issue 14 items 4-5 (docs/ENGINE.md, "Scene fidelity").
        ("nav.bar_touch_region", .string("none")),
        ("layout.right_to_left", .bool(false)),
        ("render.clamp_alpha", .bool(false)),
        ("outcome.hidden_views", .bool(false)),
        ("presentation.context_compact_style", .string("none")),
    ]

    /// Preset names, in the order `reel engine params` lists them.
    public static let presetNames = ["legacy-0.3"]

    /// The named preset, nil for an unknown name.
    public static func preset(named name: String) -> EngineProfile? {
        switch name {
        case "legacy-0.3": try! EngineProfile.builtin.overriding(legacy03Overrides)
        default: nil
        }
    }
}
