import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// The capture server's open connections (`ConnectionTable`) with their channels: the guards of
/// the connections report to it, and `sweep` closes what the table's rule picks. Shared by every
/// connection of one server.
final class ConnectionRegistry: Sendable {
    private struct State {
        var table: ConnectionTable
        var channels: [ConnectionTable.ID: any Channel] = [:]
        var nextID: ConnectionTable.ID = 0
    }

    let token: CaptureToken
    private let state: Mutex<State>
    /// Seconds on a monotonic clock; a parameter so tests can drive time.
    private let now: @Sendable () -> Double

    init(limits: CaptureLimits, token: CaptureToken, now: @escaping @Sendable () -> Double = RateLimiter.monotonicSeconds) {
        self.token = token
        state = Mutex(State(table: ConnectionTable(limits: limits)))
        self.now = now
    }

    /// Connections open now (not counting those being closed).
    var count: Int { state.withLock { $0.table.count } }

    func opened(_ channel: any Channel) -> ConnectionTable.ID {
        let client = channel.remoteAddress?.ipAddress ?? "unknown"
        let t = now()
        return state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.table.opened(id, client: client, at: t)
            state.channels[id] = channel
            return id
        }
    }

    func headReceived(_ id: ConnectionTable.ID, path: String?) {
        let verified = token.matches(URI(path ?? "/").queryParameters["token"].map(String.init))
        let t = now()
        state.withLock { $0.table.headReceived(id, verified: verified, at: t) }
    }

    func requestEnded(_ id: ConnectionTable.ID) {
        let t = now()
        state.withLock { $0.table.requestEnded(id, at: t) }
    }

    func answered(_ id: ConnectionTable.ID) {
        let t = now()
        state.withLock { $0.table.answered(id, at: t) }
    }

    func closed(_ id: ConnectionTable.ID) {
        state.withLock { state in
            state.table.closed(id)
            state.channels[id] = nil
        }
    }

    /// Closes the connections past a deadline or over a cap now.
    func sweep() {
        let t = now()
        let doomed = state.withLock { state in state.table.expired(at: t).compactMap { state.channels[$0] } }
        for channel in doomed { channel.close(promise: nil) }
    }

    /// Closes every connection but those whose request is being answered (the server is stopping).
    func closeAllButAnswering() {
        let doomed = state.withLock { state in state.table.idleOrReceiving().compactMap { state.channels[$0] } }
        for channel in doomed { channel.close(promise: nil) }
    }

    /// Sweeps every `interval` until the task is cancelled.
    func sweepUntilCancelled(every interval: Duration = .milliseconds(100)) async {
        while !Task.isCancelled {
            sweep()
            try? await Task.sleep(for: interval)
        }
    }
}

/// One connection's reporter to the `ConnectionRegistry`, placed in the pipeline after HTTP
/// decoding: when the connection opens and closes, when a request head (with or without the token)
/// and a request's end arrive, and when an answer has been written whole.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let registry: ConnectionRegistry
    private var id: ConnectionTable.ID?

    init(registry: ConnectionRegistry) {
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { register(context.channel) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        unregister()
    }

    func channelActive(context: ChannelHandlerContext) {
        register(context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        unregister()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if let id {
            switch unwrapInboundIn(data) {
            case .head(let request): registry.headReceived(id, path: request.path)
            case .body: break
            case .end: registry.requestEnded(id)
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if let id, case .end = unwrapOutboundIn(data) { registry.answered(id) }
        context.write(data, promise: promise)
    }

    private func register(_ channel: any Channel) {
        guard id == nil else { return }
        id = registry.opened(channel)
    }

    private func unregister() {
        guard let id else { return }
        registry.closed(id)
        self.id = nil
    }
}
