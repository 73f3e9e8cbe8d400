import ReelEngine
import ReelTrace

/// `reel engine serve`: the built-in engine answering engine-protocol requests, one response line
/// per request line, until the input ends. A bad request gets an `{"error": ...}` line; the
/// server carries on with the next one.
public struct EngineServer {
    private let engine: BuiltinEngine
    private let scenarios = ScenarioResolver()

    public init(engine: BuiltinEngine) {
        self.engine = engine
    }

    /// Serves requests from `input` (a file descriptor) to `output`.
    public func serve(input: Int32, output: (_ line: [UInt8]) -> Void) throws {
        let source = LineSource(fileDescriptor: input, closeOnDeinit: false)
        while let line = try source.withNextLine({ Array($0) }) {
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) {
                continue
            }
            output(answer(line).encodedLine())
        }
    }

    /// The reply to one request line.
    public func answer(_ line: [UInt8]) -> EngineReply {
        do {
            let request = try EngineRequest.decode(line: line)
            let spec: ScenarioSpec
            if let json = request.scenarioSpecJSON {
                spec = try ScenarioSpec.decode(json: json)
            } else {
                spec = try scenarios.resolve(request.scenarioName)
            }
            let trace = try engine.run(
                scenario: spec, device: request.device, refreshHz: request.refreshHz, touches: request.touches)
            return .response(EngineResponse(engineName: engine.identity.name, engineVersion: engine.identity.version, trace: trace))
        } catch let failure as ReelFailure {
            return .error(failure.message)
        } catch {
            return .error("\(error)")
        }
    }
}
