import ReelEngine
import ReelTrace

/// An external engine process (`--engine exec:COMMAND`) behind the `TransitionEngine` interface.
///
/// Its identity comes from its answers: until the first response it is known only by its command,
/// as the engine "exec" of version "unknown" (`identityIsKnown` false).
public final class ExternalTransitionEngine: TransitionEngine {
    private let process: ExternalEngine
    public private(set) var identity: EngineIdentity
    public private(set) var identityIsKnown = false

    public init(
        command: String, timeLimit: Duration = ExternalEngine.defaultTimeLimit,
        maxReplyBytes: Int = ExternalEngine.defaultMaxReplyBytes
    ) {
        process = ExternalEngine(command: command, timeLimit: timeLimit, maxReplyBytes: maxReplyBytes)
        identity = EngineIdentity(
            name: "exec", version: "unknown",
            fingerprint: ExternalEngine.fingerprint(name: "exec", version: "unknown", command: command),
            profileJSON: "{}")
    }

    /// The external engine answers with whatever hierarchy it describes, asked for or not.
    public func run(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool
    ) throws -> Trace {
        let request = EngineRequest(
            scenarioName: scenario.name, scenarioSpecJSON: scenario.canonicalJSON, device: device,
            refreshHz: refreshHz, touches: touches)
        let response = try process.run(request)
        identity = process.identity(of: response)
        identityIsKnown = true
        return response.trace
    }
}
