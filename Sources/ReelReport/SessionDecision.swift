import ReelEngine
import ReelGestures
import ReelRunner
import ReelStore
import ReelTrace

/// How an engine decided one session, written out: the completion rule's arithmetic
/// (`CompletionPolicy.arithmetic`) on the inputs the engine gave it, by re-running the engine on
/// the session's stored touches (built-in engines only, rebuilt from their stored profile with the
/// same fingerprint, as `StoredCandidate`).
package struct ExplainedDecision: Sendable, Hashable {
    /// The arithmetic, result and rule in one line.
    package var line: String
    /// The rule's name and its source.
    package var rule: String
    package var source: String
    /// The value compared and its threshold, when the rule compares one.
    package var value: Double?
    package var threshold: Double?
    /// The recognizer's final state as the trace's last gesture event names it ("pan.ended",
    /// "pinch.cancelled"); nil when no recognizer reported one.
    package var recognizerState: String?
    /// What decided: true to finish.
    package var finish: Bool
    /// Whether the re-run trace's transition completed (the outcome the archive stores for this engine).
    package var outcomeCompleted: Bool
}

package enum SessionDecision {
    /// The last completion decision engine `identity` takes on session `sessionID`: `.success(nil)`
    /// when no rule decided (a tap scenario, a gesture that never drove its controller),
    /// `.failure` with the reason when the engine cannot be re-run here (an external engine, another
    /// build's version, a changed fingerprint).
    ///
    /// ```swift
    /// if case .success(let decision?) = try SessionDecision.explain(sessionID: 17, engine: identity, in: archive) {
    ///     print(decision.line)
    /// }
    /// ```
    package static func explain(
        sessionID: Int64, engine identity: EngineIdentity, in archive: Archive
    ) throws -> Result<ExplainedDecision?, ReelFailure> {
        let (header, touches) = try archive.loadInput(sessionID)
        let spec = try ScenarioSpec.decode(json: header.scenarioSpecJSON)
        guard spec.interaction != nil else { return .success(nil) }
        let rebuilt: TransitionEngine
        switch StoredCandidate.engine(for: identity) {
        case .success(let engine):
            rebuilt = engine
            let profile = (engine as? BuiltinEngine)?.engine.profile ?? .builtin
            guard Engine.decidesByCompletionPolicy(spec, profile: profile) else {
                let rule =
                    spec.interaction == .zoomDismiss
                    ? "a zoom dismissal is decided by _UIDismissInteraction's end rule (ZoomEndRule)"
                    : "a sheet detent release picks its detent by its own rule (SheetDetentRelease)"
                return .failure(ReelFailure(.dataError, rule + ", not written out yet"))
            }
        case .failure:
            return .failure(
                ReelFailure(
                    .dataError,
                    "\(identity.name) \(identity.version) is not this build's engine (only reel's built-in engines, "
                        + "version \(Engine.version), are re-run to explain a decision)"))
        }
        guard let builtin = rebuilt as? BuiltinEngine else { return .success(nil) }
        let (trace, decisions) = try builtin.engine.runRecordingDecisions(
            scenario: spec, device: header.device, refreshHz: header.refreshHz, touches: touches)
        guard let last = decisions.last else { return .success(nil) }
        let arithmetic = last.arithmetic
        let state = trace.events.last { $0.kind == "gesture" }.map { "\($0.subject).\($0.detail)" }
        let prefix = state.map { "\($0): " } ?? ""
        // A controller that checks its rule while the finger moves (`shouldComplete`) and cancels
        // when its recognizer ends cancelled: the rule's last answer did not decide.
        if let state, state.hasSuffix(".cancelled"), last.finish, !last.input.gestureCancelled, !trace.outcome.completed {
            return .success(
                ExplainedDecision(
                    line: prefix + "the recognizer ended cancelled (the rule's last check, while the finger moved: "
                        + arithmetic.formula + ") -> cancel [gestureCancelled: a recognizer that ends in .cancelled "
                        + "cancels its transition (UIKit)]",
                    rule: "gestureCancelled", source: "a recognizer that ends in .cancelled cancels its transition (UIKit)",
                    value: nil, threshold: nil, recognizerState: state, finish: false, outcomeCompleted: false))
        }
        return .success(
            ExplainedDecision(
                line: prefix + arithmetic.line, rule: arithmetic.rule, source: arithmetic.source, value: arithmetic.value,
                threshold: arithmetic.threshold, recognizerState: state, finish: last.finish,
                outcomeCompleted: trace.outcome.completed))
    }
}
