import ReelEngine
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
}

/// This build's engine behind the `TransitionEngine` interface.
public final class BuiltinEngine: TransitionEngine {
    public let engine: Engine
    public let identity: EngineIdentity
    public var identityIsKnown: Bool { true }

    /// - Parameter label: appended to the engine name ("reel-builtin+candidate") so archives show
    ///   which profile produced a session; the fingerprint tells profiles apart in any case.
    public init(profile: EngineProfile = .builtin, label: String? = nil) {
        engine = Engine(profile: profile)
        var identity = engine.identity
        identity.name = BuiltinEngineName(label: label).text
        self.identity = identity
    }

    public func run(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool
    ) throws -> Trace {
        try engine.run(
            scenario: scenario, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: outcomeHierarchy)
    }
}
