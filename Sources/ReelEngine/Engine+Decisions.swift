import ReelGestures
import ReelTrace

extension Engine {
    /// Runs one session as `run` does and also returns the completion decisions its interaction
    /// controller took, in order (empty when none decided: a tap scenario, or a gesture that never
    /// drove its controller). The trace is the one `run` makes: collecting changes nothing.
    ///
    /// ```swift
    /// let (trace, decisions) = try engine.runRecordingDecisions(scenario: spec, device: .phone, refreshHz: 60, touches: touches)
    /// print(decisions.last?.arithmetic.line ?? "no decision")
    /// ```
    package func runRecordingDecisions(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch]
    ) throws -> (trace: Trace, decisions: [DecisionRecord]) {
        let (trace, decisions) = try DecisionTap.collecting {
            try run(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: false)
        }
        return (trace, decisions)
    }

    /// Whether `spec`'s release is decided by its interaction controller's `CompletionPolicy` (what
    /// `runRecordingDecisions` collects) under `profile`: false for tap scenarios, for the sheet
    /// detent scenarios, whose release picks a detent by their own rule (`SheetDetentRelease`), and
    /// for the zoom dismissals when the profile decides them by `_UIDismissInteraction`'s end rule
    /// (`ZoomEndRule`, `systemzoom.end_rule` = dismiss-interaction, engine 0.7.0's default).
    package static func decidesByCompletionPolicy(_ spec: ScenarioSpec, profile: EngineProfile = .builtin) -> Bool {
        guard spec.interaction != nil, !SheetDetentSession.runs(spec) else { return false }
        if spec.interaction == .zoomDismiss { return profile.string(.systemzoomEndRule) == "policy" }
        return true
    }
}
