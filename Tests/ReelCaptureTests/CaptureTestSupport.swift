import Foundation
import ReelCapture
import ReelEngine
import ReelFormats
import ReelRunner
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The scenario the tests capture.
let capturedScenario = ScenarioCatalog.named("nav.interactive-pop")!

/// Session `index` of the scenario's synthesized gestures (distinct content per index), as a
/// gesture stream: what a capture page posts.
func submission(_ index: Int, seed: UInt64 = 7) -> (session: GestureSession, body: Data) {
    let session = GestureSynthesizer(
        scenario: capturedScenario, device: GestureSession.defaultDevice, refreshHz: 60, seed: seed
    ).session(index: index)
    return (session, Data(GestureStreamWriter.encode(session)))
}

/// Runs `body` against `server`, then stops the server and waits until it has stopped, whether the
/// body threw or not: no server outlives its test (a `defer { Task { await server.stop() } }` would
/// leave it running, unawaited, into the next test).
func stopping(_ server: RunningServer, _ body: () async throws -> Void) async throws {
    do {
        try await body()
        await server.stop()
    } catch {
        await server.stop()
        throw error
    }
}

/// A capture server run in this process on a free port, stopped by `stop()`.
final class RunningServer: Sendable {
    let server: CaptureServer
    let archive: String
    let port: Int
    private let task: Task<Void, any Error>

    /// The base URL (`http://127.0.0.1:PORT`) requests go to.
    var base: String { "http://127.0.0.1:\(port)" }
    var token: String { server.configuration.token.text }

    init(host: String = "0.0.0.0", limits: CaptureLimits = .standard, tags: [String] = [], in folder: String) async throws {
        archive = folder + "/capture.sqlite"
        let configuration = CaptureConfiguration(
            host: host, port: 0, token: .random(), scenario: capturedScenario, limits: limits, tags: tags)
        let server = try CaptureServer(configuration: configuration, archivePath: archive, engine: BuiltinEngine())
        self.server = server
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        task = Task { try await server.run { port in continuation.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        port = await iterator.next() ?? 0
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// Sends a request; returns the status and the body as text.
    func request(_ path: String, method: String = "GET", body: Data? = nil) async throws -> (status: Int, text: String) {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    /// Posts a session body with the right token.
    func submit(_ body: Data) async throws -> (status: Int, text: String) {
        try await request("/sessions?token=\(token)", method: "POST", body: body)
    }

    /// The sessions the archive holds now (read through a connection of the test's own).
    func storedSessions() throws -> [RecordedSession] {
        let archive = try Archive.open(self.archive, mode: .readOnly)
        return try archive.loadSessions(try archive.sessionIDs())
    }
}

/// The `error` member of a JSON answer.
func errorMessage(_ text: String) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
    return object["error"] as? String
}

/// A member of a JSON answer.
func member(_ name: String, _ text: String) -> Any? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?[name]
}
