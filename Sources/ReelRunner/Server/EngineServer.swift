import ReelEngine
import ReelFormats
import ReelTrace

/// `reel engine serve`: the built-in engine answering engine-protocol requests, one response line
/// per request line, until the input ends. A bad request gets an `{"error": ...}` line; the
/// server carries on with the next one.
package struct EngineServer {
    private let engine: BuiltinEngine
    private let scenarios = ScenarioResolver()
    /// The specs of recent requests by scenario name: requests take turns among a few scenarios,
    /// and comparing a spec's text (the decoder hands the same string again) costs less than
    /// resolving it.
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

/// The scenarios a server resolved, by the name and spec text that named them: one per name,
/// a request of the same name with another text resolved again and kept in its place
/// (`BoundedMemo`, an entry counted as its name and text: a client's requests are untrusted).
private final class LastSpec {
    private var byName = BoundedMemo<String, (json: String?, spec: ScenarioSpec)>(byteBudget: 1 << 22, entryCap: 256)

    func spec(for request: EngineRequest, resolve: (EngineRequest) throws(ReelFailure) -> ScenarioSpec) throws(ReelFailure)
        -> ScenarioSpec
    {
        if let known = byName[request.scenarioName], known.json == request.scenarioSpecJSON { return known.spec }
        let spec = try resolve(request)
        let size = request.scenarioName.utf8.count + (request.scenarioSpecJSON?.utf8.count ?? 0)
        byName.remember((request.scenarioSpecJSON, spec), for: request.scenarioName, bytes: size)
        return spec
    }
}
