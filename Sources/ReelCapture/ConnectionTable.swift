/// What the capture server knows of each open connection, and the rule that picks the ones to close
/// (`CaptureLimits`, docs/RELIABILITY.md "Capture server"). A pure value: times are passed in, so a
/// test can play any schedule.
///
/// A connection is *verified* once a request head on it carried the server's token. Until then it
/// may be anyone's, so it is held to the tight rules:
/// - its request head must arrive whole within `headerSeconds` of the connection opening (or of
///   the previous answer on it): idle and trickled heads are closed first;
/// - a client address keeps at most `maxUnverifiedPerClient` of them, and all clients together at
///   most `maxUnverifiedConnections`: past a cap the oldest are closed (from the address holding
///   the most), but never one younger than `unverifiedGraceSeconds`, the time a real client needs to
///   send its head. Verified connections are never closed for these caps, so capacity stays with
///   clients that have shown the token.
///
/// Every connection: a request must arrive whole (head to end) within `requestSeconds`; a client
/// address keeps at most `maxConnectionsPerClient` connections (the excess idle ones are closed,
/// unverified first); a verified connection idle for `idleSeconds` between requests is closed.
///
/// ```swift
/// var table = ConnectionTable(limits: .standard)
/// table.opened(1, client: "10.0.0.7", at: 0)
/// table.expired(at: 6)  // [1]: no request head within capture.header_seconds (5 s)
/// ```
package struct ConnectionTable {
    package typealias ID = UInt64

    private enum Phase {
        /// Waiting for a request head since the connection opened or its last answer was sent.
        case awaitingHead(since: Double)
        /// A head was read at `since`; its body has not ended yet.
        case receiving(since: Double)
        /// Every request was read whole; the server is answering one.
        case answering
    }

    private struct Connection {
        let client: String
        let opened: Double
        /// When the head of the request being received arrived; nil when none is.
        var receivingSince: Double?
        /// Requests whose answer has not been written whole yet (more than one when pipelined).
        var unanswered = 0
        /// Since when the connection has had nothing to do: opened, or its last answer sent.
        var idleSince: Double
        var verified = false
        /// Chosen for closing; no longer counted.
        var closing = false

        init(client: String, opened: Double) {
            self.client = client
            self.opened = opened
            idleSince = opened
        }

        var phase: Phase {
            if let receivingSince { return .receiving(since: receivingSince) }
            return unanswered > 0 ? .answering : .awaitingHead(since: idleSince)
        }
    }

    private let limits: CaptureLimits
    private var connections: [ID: Connection] = [:]

    package init(limits: CaptureLimits) {
        self.limits = limits
    }

    /// Connections open and not chosen for closing.
    package var count: Int { connections.values.count(where: { !$0.closing }) }

    /// Open connections not yet verified (and not chosen for closing).
    package var unverifiedCount: Int { connections.values.count(where: { !$0.closing && !$0.verified }) }

    package mutating func opened(_ id: ID, client: String, at t: Double) {
        connections[id] = Connection(client: client, opened: t)
    }

    /// A request head arrived; `verified` when it carried the token (a verified connection stays so).
    package mutating func headReceived(_ id: ID, verified: Bool, at t: Double) {
        guard var connection = connections[id] else { return }
        connection.receivingSince = t
        connection.unanswered += 1
        if verified { connection.verified = true }
        connections[id] = connection
    }

    /// The request's end arrived: the server answers now, on its own time (or, when it answered
    /// before reading the whole request, a 413 or 403, the connection waits for its next one).
    package mutating func requestEnded(_ id: ID, at t: Double) {
        guard var connection = connections[id] else { return }
        connection.receivingSince = nil
        if connection.unanswered == 0 { connection.idleSince = t }
        connections[id] = connection
    }

    /// An answer was sent whole; with none left to send and none being received, the connection
    /// waits for its next request.
    package mutating func answered(_ id: ID, at t: Double) {
        guard var connection = connections[id] else { return }
        connection.unanswered = max(0, connection.unanswered - 1)
        if connection.unanswered == 0 && connection.receivingSince == nil { connection.idleSince = t }
        connections[id] = connection
    }

    package mutating func closed(_ id: ID) {
        connections[id] = nil
    }

    /// The connections to close at `t`, each at most once: the deadlines first, then the caps.
    package mutating func expired(at t: Double) -> [ID] {
        var chosen: [ID] = []
        for (id, connection) in connections where !connection.closing && isPastDeadline(connection, at: t) {
            chosen.append(id)
        }
        for id in chosen { connections[id]?.closing = true }
        chosen += closeOverCaps(at: t)
        return chosen
    }

    /// The connections waiting for a request or receiving one (not those being answered), each
    /// chosen for closing: what a stopping server closes at once.
    package mutating func idleOrReceiving() -> [ID] {
        let chosen = connections.compactMap { id, connection -> ID? in
            if connection.closing { return nil }
            if case .answering = connection.phase { return nil }
            return id
        }
        for id in chosen { connections[id]?.closing = true }
        return chosen
    }

    private func isPastDeadline(_ connection: Connection, at t: Double) -> Bool {
        switch connection.phase {
        case .awaitingHead(let since):
            return t - since >= (connection.verified ? Double(limits.idleSeconds) : limits.headerSeconds)
        case .receiving(let since):
            return t - since >= limits.requestSeconds
        case .answering:
            return false
        }
    }

    /// Closes the oldest unverified connections past the grace time while a client or all clients
    /// hold more than their cap, then the oldest idle ones of a client over its total cap.
    private mutating func closeOverCaps(at t: Double) -> [ID] {
        var chosen: [ID] = []
        func close(_ id: ID) {
            connections[id]?.closing = true
            chosen.append(id)
        }
        let live = connections.filter { !$0.value.closing }
        let byClient = Dictionary(grouping: live, by: { $0.value.client })
        // Per client: unverified ones over the client's cap, oldest first.
        for (_, entries) in byClient {
            let unverified = entries.filter { !$0.value.verified }
            let excess = unverified.count - limits.maxUnverifiedPerClient
            guard excess > 0 else { continue }
            oldestFirst(unverified.filter { t - $0.value.opened >= limits.unverifiedGraceSeconds }).prefix(excess).forEach(close)
        }
        // All clients: while over the cap, the oldest closable one of the client holding the most.
        var unverifiedByClient = Dictionary(
            grouping: connections.filter { !$0.value.closing && !$0.value.verified }, by: { $0.value.client })
        var total = unverifiedByClient.values.reduce(0) { $0 + $1.count }
        while total > limits.maxUnverifiedConnections {
            let holders = unverifiedByClient.sorted { a, b in
                a.value.count != b.value.count ? a.value.count > b.value.count : a.key < b.key
            }
            var victim: (client: String, id: ID)?
            for (client, entries) in holders {
                if let oldest = oldestFirst(entries.filter { t - $0.value.opened >= limits.unverifiedGraceSeconds }).first {
                    victim = (client, oldest)
                    break
                }
            }
            guard let victim else { break }
            close(victim.id)
            unverifiedByClient[victim.client]?.removeAll { $0.key == victim.id }
            total -= 1
        }
        // Per client, all connections: idle ones over the cap, unverified first, then the oldest.
        for (_, entries) in Dictionary(grouping: connections.filter { !$0.value.closing }, by: { $0.value.client }) {
            let excess = entries.count - limits.maxConnectionsPerClient
            guard excess > 0 else { continue }
            let idle = entries.filter { entry in
                guard case .awaitingHead = entry.value.phase else { return false }
                return t - entry.value.opened >= limits.unverifiedGraceSeconds
            }
            let order = idle.sorted { a, b in
                a.value.verified != b.value.verified ? !a.value.verified : (a.value.opened, a.key) < (b.value.opened, b.key)
            }
            order.prefix(excess).map(\.key).forEach(close)
        }
        return chosen
    }

    private func oldestFirst(_ entries: [(key: ID, value: Connection)]) -> [ID] {
        entries.sorted { ($0.value.opened, $0.key) < ($1.value.opened, $1.key) }.map(\.key)
    }
}
