import ReelEngine
import ReelFormats
import ReelTrace

/// `reel engine serve`: the built-in engine answering engine-protocol requests, one response line
/// per request line, until the input ends. A bad request gets an `{"error": ...}` line; the
/// server carries on with the next one.
package struct EngineServer {
    private let engine: BuiltinEngine
    private let scenarios = ScenarioResolver()
    /// The spec of the previous request: consecutive requests mostly name the same one, and
    /// comparing its text (the decoder hands the same string again) costs less than hashing it.
    private let lastSpec = LastSpec()

    package init(engine: BuiltinEngine) {
        self.engine = engine
    }

    /// Serves requests from standard input to standard output until the input ends.
    package func serve(input: Int32 = 0, output: Int32 = 1) throws(EngineServeError) {
        try EngineProtocolServer.serve(input: input, output: output, handler: answer)
    }

    /// The reply to one request.
    package func answer(_ request: EngineRequest) -> EngineReply {
        do {
            let spec = try lastSpec.spec(for: request) { request throws(ReelFailure) in
                try scenarios.resolve(name: request.scenarioName, specJSON: request.scenarioSpecJSON)
            }
            let trace = try engine.run(
                scenario: spec, device: request.device, refreshHz: request.refreshHz, touches: request.touches,
                outcomeHierarchy: true)
            return .response(EngineResponse(engineName: engine.identity.name, engineVersion: engine.identity.version, trace: trace))
        } catch let failure as ReelFailure {
            return .error(failure.message)
        } catch {
            return .error("\(error)")
        }
    }
}

/// The last scenario a server resolved, by the name and spec text that named it.
private final class LastSpec {
    private var last: (name: String, json: String?, spec: ScenarioSpec)?

    func spec(for request: EngineRequest, resolve: (EngineRequest) throws(ReelFailure) -> ScenarioSpec) throws(ReelFailure)
        -> ScenarioSpec
    {
        if let last, last.name == request.scenarioName, last.json == request.scenarioSpecJSON { return last.spec }
        let spec = try resolve(request)
        last = (request.scenarioName, request.scenarioSpecJSON, spec)
        return spec
    }
}
