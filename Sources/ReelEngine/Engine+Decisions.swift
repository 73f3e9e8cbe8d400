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

extension Engine {
    /// Runs one session as `run` does and also returns its last completion decision as an archive
    /// stores it (`StoredDecision`, nil when no rule decided), with the recognizer's final state.
    ///
    /// ```swift
    /// let (trace, decision) = try engine.runExplained(scenario: spec, device: .phone, refreshHz: 60, touches: touches)
    /// print(decision?.line ?? "no rule decided")
    /// ```
    package func runExplained(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool
    ) throws -> (trace: Trace, decision: StoredDecision?) {
        var (trace, decision, hierarchy) = try runExplainedDeferringHierarchy(
            scenario: scenario, device: device, refreshHz: refreshHz, touches: touches)
        if outcomeHierarchy { trace.outcome.hierarchy = hierarchy.json }
        return (trace, decision)
    }

    /// `runExplained` with the outcome's hierarchy left empty and the final hierarchy handed back
    /// (`runDeferringHierarchy`): a replay describes it only for the traces it keeps.
    package func runExplainedDeferringHierarchy(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch]
    ) throws -> (trace: Trace, decision: StoredDecision?, hierarchy: FinalHierarchy) {
        let ((trace, hierarchy), tap) = try DecisionTap.tapping {
            try runDeferringHierarchy(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches)
        }
        // A rule of its own (a sheet's detent, the zoom end rule) noted after the last policy decision decided.
        if let last = tap.ruleDecisions.last, last.recordsBefore >= tap.records.count {
            var decision = last.decision
            decision.recognizerState = Self.recognizerState(trace)
            return (trace, decision, hierarchy)
        }
        return (trace, tap.records.last.map { StoredDecision($0, trace: trace) }, hierarchy)
    }

    /// The recognizer's final state as the trace's last gesture event names it ("pan.ended"), "" when none.
    static func recognizerState(_ trace: Trace) -> String {
        trace.events.last { $0.kind == "gesture" }.map { "\($0.subject).\($0.detail)" } ?? ""
    }
}

extension StoredDecision {
    /// `record` as an archive stores it: the numbers its rule used, and the recognizer's final state
    /// from `trace`'s last gesture event. A controller that checks its rule while the finger moves
    /// (`shouldComplete`) and cancels when its recognizer ends cancelled is stored as the
    /// `gestureCancelled` rule, with the numbers of the rule's last check.
    ///
    /// ```swift
    /// let (trace, records) = try engine.runRecordingDecisions(scenario: spec, device: .phone, refreshHz: 60, touches: touches)
    /// let stored = records.last.map { StoredDecision($0, trace: trace) }
    /// ```
    package init(_ record: DecisionRecord, trace: Trace) {
        let arithmetic = record.rule  // the formula text is not stored
        let input = record.input
        let state = Engine.recognizerState(trace)
        self.init(
            rule: arithmetic.rule, source: arithmetic.source, recognizerState: state, finish: record.finish,
            progress: input.gestureCancelled ? nil : input.progress, value: arithmetic.value, threshold: arithmetic.threshold)
        switch record.policy {
        case _ where input.gestureCancelled: break
        case .progressThreshold: break
        case .velocitySign, .projection: velocity = input.velocity
        case .thresholdOrFlick(_, let flick):
            velocity = input.velocity
            velocityThreshold = flick
        case .backSwipe(_, _, let minimumSamples):
            if input.sampleCount < minimumSamples {
                velocity = input.velocity
            } else {
                velocity = input.meanVelocity
                acceleration = input.meanAcceleration
                horizon = input.transitionDuration
            }
        case .uikitBackSwipe(_, _, let minimumSamples):
            if !input.hasChanged {
                progress = nil
            } else if input.sampleCount < minimumSamples {
                velocity = input.meanVelocity
            } else {
                velocity = input.meanVelocity
                acceleration = input.meanAcceleration
                horizon = input.transitionDuration
            }
        }
        if state.hasSuffix(".cancelled"), record.finish, !input.gestureCancelled, !trace.outcome.completed {
            rule = "gestureCancelled"
            source = "a recognizer that ends in .cancelled cancels its transition (UIKit)"
            finish = false
        }
    }
}
