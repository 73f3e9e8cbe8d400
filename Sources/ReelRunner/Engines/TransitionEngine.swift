import ReelEngine
import ReelFormats
import ReelTrace

/// Anything that turns a session's touches into a trace: the built-in engine (with any profile)
/// or an external engine process.
///
/// Not required to be thread-safe: the replayer gives every worker its own engine instance
/// (`EngineFactory.make()`).
public protocol TransitionEngine: AnyObject {
    /// Who produced the traces; stored with every recorded session and replay.
    var identity: EngineIdentity { get }
    /// Whether `identity` is the engine's own word rather than a placeholder (an external engine
    /// tells who it is only in its answers).
    var identityIsKnown: Bool { get }
    /// The trace of one session. `outcomeHierarchy` false says the caller will not look at
    /// `outcome.hierarchy` (the replayer does not compare it), so an engine may leave it empty.
    func run(scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool) throws -> Trace
    /// Why the engine is given up on, when it is: an external engine that failed
    /// `ExternalTransitionEngine.startupAttempts` times in a row before ever answering. Nil otherwise.
    var startupFailure: String? { get }
}

extension TransitionEngine {
    public var startupFailure: String? { nil }

    /// `run`, and the completion decision that explains the trace's outcome when the engine tells
    /// it (an `ExplainingEngine`: the built-in engine when a rule decided, an `exec:` engine when it
    /// sends `outcome.decision`); nil from engines that do not tell.
    package func runExplaining(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool
    ) throws -> (trace: Trace, decision: StoredDecision?) {
        if let explaining = self as? ExplainingEngine {
            return try explaining.runExplained(
                scenario: scenario, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: outcomeHierarchy)
        }
        return (
            try run(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: outcomeHierarchy), nil
        )
    }
}

/// An engine that tells how it decided each session (`StoredDecision`), stored beside its trace.
///
/// ```swift
/// let (trace, decision) = try engine.runExplaining(scenario: spec, device: .phone, refreshHz: 60, touches: touches, outcomeHierarchy: true)
/// ```
package protocol ExplainingEngine: TransitionEngine {
    /// `run`, with the decision that explains the trace's outcome (nil when no rule decided).
    func runExplained(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool
    ) throws -> (trace: Trace, decision: StoredDecision?)
}

/// An engine that can hand back a run's final hierarchy undescribed (the built-in engine), so a
/// replay describes it only for the traces it keeps.
///
/// ```swift
/// var (trace, decision, hierarchy) = try engine.runExplainedDeferringHierarchy(scenario: spec, device: .phone, refreshHz: 60, touches: touches)
/// if diverged { trace.outcome.hierarchy = hierarchy.json }
/// ```
package protocol HierarchyDeferringEngine: ExplainingEngine {
    /// `runExplained(outcomeHierarchy: true)`'s trace and decision, the outcome's hierarchy left
    /// empty; `hierarchy.json` is what it would have held.
    func runExplainedDeferringHierarchy(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch]
    ) throws -> (trace: Trace, decision: StoredDecision?, hierarchy: FinalHierarchy)
}

/// An engine that can be sent sessions before their turn, so that it works on them while Reel
/// compares earlier answers: an `exec:` engine in its own process (`ExternalTransitionEngine`).
///
/// The caller runs the sessions it sent ahead, in the order it sent them, with the same input;
/// a `run` for any other session makes the engine forget the sessions sent ahead first.
///
/// ```swift
/// for next in sessions[1...] { ahead.sendAhead(scenario: spec, device: next.device, refreshHz: 60, touches: next.touches) }
/// let trace = try ahead.run(scenario: spec, device: first.device, refreshHz: 60, touches: first.touches, outcomeHierarchy: false)
/// ```
package protocol AheadEngine: TransitionEngine {
    func sendAhead(scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch])
    /// Sends several sessions at once, in order: for a process, one write (one wake-up) for all.
    func sendAhead(_ sessions: [AheadSession])
    /// The sessions sent ahead whose answers were not yet taken by `run`.
    var sessionsAhead: Int { get }
    /// Forgets the sessions sent ahead (stopping a process that is working on them).
    func dropAhead()
}

/// One session sent ahead (`AheadEngine.sendAhead(_:)`).
package struct AheadSession {
    package var scenario: ScenarioSpec
    package var device: Device
    package var refreshHz: Double
    package var touches: [Touch]

    package init(scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch]) {
        self.scenario = scenario
        self.device = device
        self.refreshHz = refreshHz
        self.touches = touches
    }
}

/// This build's engine behind the `TransitionEngine` interface.
public final class BuiltinEngine: TransitionEngine {
    public let engine: Engine
    public let identity: EngineIdentity
    public var identityIsKnown: Bool { true }

    /// - Parameters:
    ///   - profile: the engine's parameters (the built-in values, a preset or a profile file's).
    ///   - label: appended to the engine name ("reel-builtin+candidate") so archives show
    ///     which profile produced a session; the fingerprint tells profiles apart in any case.
    public init(profile: EngineProfile = .builtin, label: String? = nil) {
        engine = Engine(profile: profile)
        var identity = engine.identity
        identity.name = BuiltinEngineName(label: label).text
        self.identity = identity
    }

    /// Refuses (bad data) touches that break the stream reader's rules (`GestureLimits.violation`:
    /// a session spanning more than 600 s, time going backwards, ...) before simulating: however
    /// the session arrived (a stream, an archive's rows, a `reel engine serve` request), its frames
    /// and memory stay bounded.
    public func run(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool
    ) throws -> Trace {
        try refuseOutOfLimits(touches: touches, device: device, refreshHz: refreshHz)
        return try engine.run(
            scenario: scenario, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: outcomeHierarchy)
    }

}

extension BuiltinEngine: ExplainingEngine {
    /// `run` with the engine's last completion decision (`Engine.runExplained`).
    package func runExplained(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool
    ) throws -> (trace: Trace, decision: StoredDecision?) {
        try refuseOutOfLimits(touches: touches, device: device, refreshHz: refreshHz)
        return try engine.runExplained(
            scenario: scenario, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: outcomeHierarchy)
    }
}

extension BuiltinEngine: HierarchyDeferringEngine {
    /// `runExplained` with the final hierarchy left undescribed (`Engine.runExplainedDeferringHierarchy`).
    package func runExplainedDeferringHierarchy(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch]
    ) throws -> (trace: Trace, decision: StoredDecision?, hierarchy: FinalHierarchy) {
        try refuseOutOfLimits(touches: touches, device: device, refreshHz: refreshHz)
        return try engine.runExplainedDeferringHierarchy(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches)
    }
}

/// Throws bad data (65) naming the rule when a session's input breaks `GestureLimits.violation`.
func refuseOutOfLimits(touches: [Touch], device: Device, refreshHz: Double) throws(ReelFailure) {
    if let violation = GestureLimits.violation(touches: touches, device: device, refreshHz: refreshHz) {
        throw ReelFailure(.dataError, "the session cannot be run: \(violation)")
    }
}

extension Outcome {
    /// What an archive stores as the final hierarchy of an engine that gave none (the protocol's
    /// `outcome.hierarchy` is optional, and never `null` in an answer): JSON null.
    package static let noHierarchy = "null"
}
