import ReelEngine
import ReelStore
import ReelTrace

/// How an engine decided one session, written out: the completion rule's arithmetic on the inputs
/// the engine gave it, as the archive stores it (`decisions`, schema v9: written when the engine
/// recorded or replayed the session), or, for a session stored before, by re-running the engine on
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
    /// The transition's progress the rule was given, as stored.
    package var progress: Double?
    /// The recognizer's final state as the trace's last gesture event names it ("pan.ended",
    /// "pinch.cancelled"); nil when no recognizer reported one.
    package var recognizerState: String?
    /// What decided: true to finish.
    package var finish: Bool
    /// Whether the line was read from the archive (false: the engine was re-run to explain it).
    package var stored: Bool

    init(_ decision: StoredDecision, stored: Bool) {
        line = decision.line
        rule = decision.rule
        source = decision.source
        value = decision.value
        threshold = decision.threshold
        progress = decision.progress
        recognizerState = decision.recognizerState.isEmpty ? nil : decision.recognizerState
        finish = decision.finish
        self.stored = stored
    }
}

package enum SessionDecision {
    /// The last completion decision engine `identity` takes on session `sessionID`: `.success(nil)`
    /// when no rule decided (a tap scenario, a gesture that never drove its controller),
    /// `.failure` with the reason when it cannot be told: nothing stored and an engine that cannot
    /// be re-run here (an external engine, another build's version, a changed fingerprint).
    ///
    /// ```swift
    /// if case .success(let decision?) = try SessionDecision.explain(sessionID: 17, engine: identity, in: archive) {
    ///     print(decision.line)
    /// }
    /// ```
    package static func explain(
        sessionID: Int64, engine identity: EngineIdentity, in archive: Archive
    ) throws -> Result<ExplainedDecision?, ReelFailure> {
        if let stored = try archive.storedDecision(sessionID: sessionID, engineFingerprint: identity.fingerprint) {
            return .success(ExplainedDecision(stored, stored: true))
        }
        let (header, touches) = try archive.loadInput(sessionID)
        let spec = try header.storedScenarioSpec()
        guard spec.interaction != nil else { return .success(nil) }
        let rebuilt: Engine
        switch StoredCandidate.engine(for: identity) {
        case .success(let engine): rebuilt = engine
        case .failure:
            return .failure(
                ReelFailure(
                    .dataError,
                    "\(identity.name) \(identity.version) stored no decision for this session (an exec: engine tells it "
                        + "only when it sends outcome.decision, docs/PROTOCOL.md), and it is not this build's engine "
                        + "(only reel's built-in engines, version \(Engine.version), are re-run to explain a decision)"))
        }
        let (_, decision) = try rebuilt.runExplained(
            scenario: spec, device: header.device, refreshHz: header.refreshHz, touches: touches, outcomeHierarchy: false)
        return .success(decision.map { ExplainedDecision($0, stored: false) })
    }
}
