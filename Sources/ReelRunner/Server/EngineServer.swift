import ReelEngine
import ReelFormats
import ReelTrace

/// `reel engine serve`: the built-in engine answering engine-protocol requests, one response line
/// per request line, until the input ends. A bad request gets an `{"error": ...}` line; the
/// server carries on with the next one.
package struct EngineServer {
    private let engine: BuiltinEngine
    private let scenarios = ScenarioResolver()

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
            let spec = try scenarios.resolve(name: request.scenarioName, specJSON: request.scenarioSpecJSON)
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
