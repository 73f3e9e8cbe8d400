import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ReelEngine
import ReelJSON
import ReelRunner
import ReelTrace
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// What a capture server serves and where.
package struct CaptureConfiguration: Sendable {
    /// The address to listen on: loopback (`127.0.0.1`, the default of `reel capture`) or, for phones
    /// on the same network, `0.0.0.0` or an address of this machine.
    package var host: String
    /// The port (0: any free port; `CaptureServer.run` reports the one it got).
    package var port: Int
    /// The secret every request's URL must carry.
    package var token: CaptureToken
    package var scenario: ScenarioSpec
    package var limits: CaptureLimits
    /// The `--tag`s added to every captured session.
    package var tags: [String]

    package init(host: String, port: Int, token: CaptureToken, scenario: ScenarioSpec, limits: CaptureLimits, tags: [String]) {
        self.host = host
        self.port = port
        self.token = token
        self.scenario = scenario
        self.limits = limits
        self.tags = tags
    }

    /// Whether `host` is a loopback address (reachable from this machine only).
    package var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// The server could not listen (the port taken, an address not of this machine), in the system's words.
package struct CaptureListenError: ReelError {
    package let description: String
    /// Like an output that cannot be created (73).
    package var failureKind: FailureKind { .cannotCreate }
}

/// The request context of the capture server: Hummingbird's, plus the client's address (the key of
/// the rate limit).
struct CaptureRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let client: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}

/// `reel capture`'s web server (Hummingbird 2 on SwiftNIO). It serves three things and nothing
/// else, each only with the token in the URL (403 without it):
/// - `GET /?token=…`: the capture page (`CapturePage`);
/// - `GET /screen?token=…&width=W&height=H&scale=S&hz=R`: the first frame of the scenario on that
///   device (`ScreenPreview`), for the page to draw;
/// - `POST /sessions?token=…`: one gesture session, as a gesture stream (the format `reel record`
///   reads), recorded into the archive; the answer holds the engine's decision and the player of
///   its trace.
/// Requests to /screen and /sessions are rate-limited per client (429) and served in turns per
/// client (`FairQueue`); bodies above `CaptureLimits.maxBodyBytes` get 413. Every other path is 404.
/// Connections are bounded per client and in total, and those that have not shown the token are
/// closed first when idle, slow or too many (`ConnectionTable`).
package final class CaptureServer: Sendable {
    package let configuration: CaptureConfiguration
    private let recorder: CaptureRecorder
    private let limiter: RateLimiter

    /// Opens (creating or migrating) the archive at `archivePath`; sessions are run through `engine`.
    package init(configuration: CaptureConfiguration, archivePath: String, engine: TransitionEngine) throws {
        self.configuration = configuration
        recorder = try CaptureRecorder(
            archivePath: archivePath, engine: engine, scenario: configuration.scenario, limits: configuration.limits,
            tags: configuration.tags)
        limiter = RateLimiter(burst: configuration.limits.rateBurst, perSecond: configuration.limits.ratePerSecond)
    }

    /// Sessions recorded since the server started (not counting resubmitted duplicates).
    package var sessionsRecorded: Int { recorder.recordedCount }

    /// Bytes the run added to the archive so far.
    package var bytesAdded: Int64 { recorder.bytesAdded }

    /// Serves until the task is cancelled. `listening` is called once with the port bound. However
    /// it ends (cancelled, or the address cannot be had), the archive is closed cleanly: its
    /// write-ahead log folded into the file (`close()`).
    package func run(listening: @escaping @Sendable (Int) async -> Void) async throws {
        defer { close() }
        let limits = configuration.limits
        let connections = ConnectionRegistry(limits: limits, token: configuration.token)
        let app = Application(
            router: router(),
            // The connection guard keeps the deadlines and caps (`ConnectionTable`), idle time included.
            server: .http1(configuration: .init(additionalChannelHandlers: [ConnectionGuard(registry: connections)])),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections)),
            onServerRunning: { channel in await listening(channel.localAddress?.port ?? 0) },
            logger: Self.quietLogger())
        // Run apart from this task, so that cancelling it shuts the server down gracefully (stops
        // accepting, serves the connections already accepted) instead of cancelling it:
        // connections accepted but not yet served would otherwise be dropped, which SwiftNIO traps on
        // (apple/swift-nio#2637).
        let services = ServiceGroup(configuration: .init(services: [app], logger: Self.quietLogger()))
        let sweeping = Task { await connections.sweepUntilCancelled() }
        defer { sweeping.cancel() }
        let serving = Task { try await services.run() }
        do {
            try await withTaskCancellationHandler {
                try await serving.value
            } onCancel: {
                // Connections waiting for a request or still sending one are closed now; requests
                // being answered are finished first.
                connections.closeAllButAnswering()
                Task { await services.triggerGracefulShutdown() }
            }
        } catch let error as IOError {
            throw CaptureListenError(
                description: "cannot listen on \(configuration.host):\(configuration.port): \(String(cString: strerror(error.errnoCode)))")
        }
    }

    /// Stops recording and closes the archive cleanly: the session being recorded is finished,
    /// submissions still waiting get 503, and the write-ahead log is folded into the archive file, so
    /// the file alone holds every session. `run` does this when it ends; safe to call again.
    package func close() {
        recorder.close()
    }

    private static func quietLogger() -> Logger {
        var logger = Logger(label: "reel.capture")
        logger.logLevel = .critical
        return logger
    }

    private func router() -> Router<CaptureRequestContext> {
        let router = Router(context: CaptureRequestContext.self)
        // Before the routes: a middleware wraps only the routes added after it.
        router.middlewares.add(RejectionMiddleware())
        router.get("/") { request, _ in
            try self.authorize(request)
            return Self.response(.ok, contentType: "text/html; charset=utf-8", CapturePage.html(self.configuration))
        }
        router.get("/screen") { request, context in
            try self.authorize(request)
            try self.limit(context)
            let device = try Self.device(request.uri.queryParameters)
            let json = try await self.recorder.screen(device: device.device, refreshHz: device.hz, client: context.client)
            return Self.response(.ok, contentType: "application/json", json)
        }
        router.post("/sessions") { request, context in
            try self.authorize(request)
            try self.limit(context)
            let maxBytes = self.configuration.limits.maxBodyBytes
            if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBytes {
                throw Self.tooLarge(maxBytes)
            }
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: maxBytes)
            } catch is NIOTooManyBytesError {
                throw Self.tooLarge(maxBytes)
            }
            let result = try await self.recorder.submit(Array(buffer: body), userAgent: request.headers[.userAgent], client: context.client)
            return Self.response(.ok, contentType: "application/json", CaptureReply.json(result))
        }
        return router
    }

    private func authorize(_ request: Request) throws(CaptureRejection) {
        guard configuration.token.matches(request.uri.queryParameters["token"].map(String.init)) else {
            throw CaptureRejection(status: 403, message: "this capture server needs its token: open the URL `reel capture` printed")
        }
    }

    private func limit(_ context: CaptureRequestContext) throws(CaptureRejection) {
        guard limiter.allow(context.client) else {
            let limits = configuration.limits
            throw CaptureRejection(
                status: 429,
                message: "too many requests from \(context.client): capture.rate_burst is \(limits.rateBurst), "
                    + "capture.rate_per_second \(JSONWriter.format(limits.ratePerSecond)); wait a moment")
        }
    }

    private static func tooLarge(_ maxBytes: Int) -> CaptureRejection {
        CaptureRejection(status: 413, message: "the request body is larger than capture.max_body_bytes (\(maxBytes) bytes)")
    }

    /// The device of a /screen request: `width` and `height` in points (1-10000), `scale` (0.1-10),
    /// `hz` (1-240), as the gesture stream's session line would have them.
    private static func device(_ query: Parameters) throws(CaptureRejection) -> (device: Device, hz: Double) {
        func number(_ name: String, _ range: ClosedRange<Double>) throws(CaptureRejection) -> Double {
            guard let text = query[Substring(name)], let value = Double(String(text)), range.contains(value) else {
                throw CaptureRejection(
                    status: 400,
                    message: "/screen needs \(name) within \(JSONWriter.format(range.lowerBound))-\(JSONWriter.format(range.upperBound))")
            }
            return value
        }
        let device = Device(
            width: try number("width", 1...10_000), height: try number("height", 1...10_000), scale: try number("scale", 0.1...10))
        return (device, try number("hz", 1...240))
    }

    static func response(_ status: HTTPResponse.Status, contentType: String, _ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        // The token is in the page's URL: no referrer carries it anywhere.
        headers[.init("Referrer-Policy")!] = "no-referrer"
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        headers[.init("Content-Security-Policy")!] =
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// Turns a `CaptureRejection` into its status and `{"error": message}`.
struct RejectionMiddleware: RouterMiddleware {
    typealias Context = CaptureRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let rejection as CaptureRejection {
            var writer = JSONWriter()
            writer.object { $0.member("error", rejection.message) }
            return CaptureServer.response(.init(code: rejection.status), contentType: "application/json", writer.text)
        }
    }
}
