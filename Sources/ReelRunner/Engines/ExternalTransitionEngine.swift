import ReelEngine
import ReelFormats
import ReelTrace

/// An external engine process (`--engine exec:COMMAND`) behind the `TransitionEngine` interface.
///
/// Its identity comes from its answers: until the first response it is known only by its command,
/// as the engine "exec" of version "unknown" (`identityIsKnown` false). An engine that fails
/// `startupAttempts` sessions in a row without ever having answered (a command not found, a script
/// path that does not exist, a crash at start; `startupAttempts` by default) is given up on: `startupFailure` says why, and every
/// later session fails at once without starting another process.
public final class ExternalTransitionEngine: TransitionEngine {
    /// Sessions in a row an engine may fail before its first answer before it is given up on.
    public static let startupAttempts = 3

    private let process: ExternalEngine
    public private(set) var identity: EngineIdentity
    public private(set) var identityIsKnown = false
    public private(set) var startupFailure: String?
    private var failuresBeforeFirstAnswer = 0
    private let attempts: Int
    /// The scenarios sent and their specs as the request carries them (`SpecTexts`): encoding a
    /// spec costs more than the rest of the request, and the requests built ahead and at their
    /// turn alternate between scenarios wherever the scenario changes.
    private var specTexts = SpecTexts()

    /// - Parameters:
    ///   - command: the engine's command line, run by `/bin/sh -c` (what follows `exec:`).
    ///   - timeLimit: how long one answer may take before the engine is given up.
    ///   - startupAttempts: failures in a row before a first answer that give the engine up.
    ///   - maxReplyBytes: the longest response line taken.
    public init(
        command: String, timeLimit: Duration = ExternalEngine.defaultTimeLimit,
        startupAttempts: Int = ExternalTransitionEngine.startupAttempts,
        maxReplyBytes: Int = ExternalEngine.defaultMaxReplyBytes
    ) {
        process = ExternalEngine(command: command, timeLimit: timeLimit, maxReplyBytes: maxReplyBytes)
        attempts = startupAttempts
        identity = EngineIdentity(
            name: "exec", version: "unknown",
            fingerprint: ExternalEngine.fingerprint(name: "exec", version: "unknown", command: command),
            profileJSON: "{}")
    }

    /// The external engine answers with whatever hierarchy it describes, asked for or not.
    public func run(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool
    ) throws -> Trace {
        try answer(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches).trace
    }

    /// `run`, with the decision the engine sent as `outcome.decision`, if it sent one.
    package func runExplained(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool
    ) throws -> (trace: Trace, decision: StoredDecision?) {
        let response = try answer(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches)
        return (response.trace, response.decision)
    }

    /// `runExplained`, the answer's frames left packed (`FrameColumns`, the trace then without
    /// frames), its events too when there are few enough (`PackedEvents`, the trace then without
    /// events) and its details with arguments as their heads (`DetailHeads`) for a replay that
    /// compares them with the recorded ones (`SessionDiff`).
    package func runPackingFrames(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch]
    ) throws -> (trace: Trace, packed: FrameColumns?, events: PackedEvents?, heads: DetailHeads?, decision: StoredDecision?) {
        let response = try answer(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches, packingFrames: true)
        return (response.trace, response.packedFrames, response.packedEvents, response.detailHeads, response.decision)
    }

    private func answer(
        scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], packingFrames: Bool = false
    ) throws -> EngineResponse {
        if let startupFailure { throw ExternalEngineError(kind: .launchFailed, message: startupFailure) }
        let request = try self.request(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches)
        try refuseOutOfLimits(touches: touches, device: device, refreshHz: refreshHz)
        let response: EngineResponse
        do {
            response = try process.run(request, packingFrames: packingFrames)
        } catch {
            if !identityIsKnown, error.kind != .engineError {
                failuresBeforeFirstAnswer += 1
                if failuresBeforeFirstAnswer >= attempts {
                    startupFailure = error.message
                    process.dropAhead()
                }
            }
            throw error
        }
        // The fingerprint (a SHA-256 of name, version and command) is worked out again only when
        // the engine names itself otherwise: every answer of a process mostly names the same.
        if !identityIsKnown || identity.name != response.engineName || identity.version != response.engineVersion {
            identity = process.identity(of: response)
            identityIsKnown = true
        }
        return response
    }

    /// The protocol request for one session (its hello and encoding are the process's, `ExternalEngine`).
    private func request(scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch]) throws -> EngineRequest {
        let specText: String
        do {
            specText = try specTexts.text(of: scenario)
        } catch {
            throw ExternalEngineError(kind: .ioError, message: "cannot encode the request: \(error.reason)")
        }
        var request = EngineRequest(
            scenarioName: scenario.name, scenarioSpecJSON: specText, device: device, refreshHz: refreshHz, touches: touches)
        request.specIsCompact = true
        return request
    }
}

extension ExternalTransitionEngine: AheadEngine {
    /// Sends the session to the engine process now (`ExternalEngine.sendAhead`); a session the
    /// engine would not be sent (out of the gesture limits, an engine given up on) is not, and its
    /// `run` reports why at its turn.
    package func sendAhead(scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch]) {
        sendAhead([AheadSession(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches)])
    }

    /// Sends the sessions in one write to the engine process (`ExternalEngine.sendAhead(_:)`),
    /// each as `sendAhead(scenario:device:refreshHz:touches:)` would, in order.
    package func sendAhead(_ sessions: [AheadSession]) {
        guard startupFailure == nil else { return }
        let requests = sessions.compactMap { session -> EngineRequest? in
            guard GestureLimits.violation(touches: session.touches, device: session.device, refreshHz: session.refreshHz) == nil
            else { return nil }
            return try? request(scenario: session.scenario, device: session.device, refreshHz: session.refreshHz, touches: session.touches)
        }
        if !requests.isEmpty { process.sendAhead(requests) }
    }

    package var sessionsAhead: Int { process.sessionsAhead }

    package func dropAhead() { process.dropAhead() }
}

extension ExternalTransitionEngine: ExplainingEngine {}
