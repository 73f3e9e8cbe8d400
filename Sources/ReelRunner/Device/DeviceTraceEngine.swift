import ReelEngine
import ReelFormats
import ReelStore
import ReelTrace

/// A device file's traces behind the `TransitionEngine` interface, so `reel record` stores them as
/// any engine's answers, through the same checks: each session's `trace` member is decoded as an
/// engine-protocol answer (`EngineReply.decode`: fields, types, limits, finite values, frames in
/// time order), its times are checked against the session's time line
/// (`EngineResponse.timeProblem`) and its decision against its own coordinator events
/// (`DeviceAnswerCheck`). The engine is the one the answers name (`uikit 26.1 iPhone17,1`), with
/// the profile that marks a device's traces (`Archive.deviceProfileJSON`); a file mixing devices
/// is refused at the first session of another.
final class DeviceTraceEngine: TransitionEngine, ExplainingEngine {
    private(set) var identity = EngineIdentity(name: "device", version: "unknown", fingerprint: "", profileJSON: Archive.deviceProfileJSON)
    private(set) var identityIsKnown = false
    /// The answer of the session read last (`DeviceRecording` sets it before the session is run):
    /// its bytes, nil when its session line has none, or why it could not be read.
    var pending: Result<[UInt8]?, ReelFailure> = .success(nil)

    func run(scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool) throws -> Trace {
        try runExplained(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: outcomeHierarchy)
            .trace
    }

    func runExplained(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool
    ) throws -> (trace: Trace, decision: StoredDecision?) {
        guard let bytes = try pending.get() else {
            throw ReelFailure(.dataError, "the session line has no \"trace\": every session of a device file carries the device's trace")
        }
        try refuseOutOfLimits(touches: touches, device: device, refreshHz: refreshHz)
        let response: EngineResponse
        do {
            switch try EngineReply.decode(line: bytes) {
            case .response(let answer): response = answer
            case .error(let message): throw ReelFailure(.dataError, "the device's trace is an error answer: \(message)")
            }
        } catch let error as EngineProtocolError {
            throw ReelFailure(.dataError, "the device's trace is not a valid engine answer: \(error.reason)")
        }
        let request = EngineRequest(scenarioName: scenario.name, device: device, refreshHz: refreshHz, touches: touches)
        if let problem = response.timeProblem(answering: request) {
            throw ReelFailure(.dataError, "the device's trace is not a valid engine answer: \(problem)")
        }
        if let problem = DeviceAnswerCheck.contradiction(in: response) {
            throw ReelFailure(.dataError, "the device's trace contradicts itself: \(problem)")
        }
        if !identityIsKnown {
            identity = EngineIdentity(
                name: response.engineName, version: response.engineVersion,
                fingerprint: ExternalEngine.fingerprint(name: response.engineName, version: response.engineVersion, command: "device file"),
                profileJSON: Archive.deviceProfileJSON)
            identityIsKnown = true
        } else if response.engineName != identity.name || response.engineVersion != identity.version {
            throw ReelFailure(
                .dataError,
                "the device's trace names the engine '\(response.engineName) \(response.engineVersion)', but this file's first named '\(identity.name) \(identity.version)': record each device's file on its own"
            )
        }
        return (response.trace, response.decision)
    }
}
