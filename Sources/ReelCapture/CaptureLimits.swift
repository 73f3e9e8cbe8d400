/// The bounds `reel capture` keeps whatever its clients send, each with the name docs/RELIABILITY.md
/// ("Capture server") and `reel capture --help` use. A person's swipe is a few hundred touches over a
/// second or two; every limit leaves a wide margin above that and bounds what a hostile client can
/// make the server hold, compute or write.
package struct CaptureLimits: Sendable, Hashable {
    /// `capture.max_body_bytes`: the largest request body read (larger ones get 413 before they are
    /// read whole). A touch line is about 80 bytes, so 1 MiB holds some 13,000 touches: over a minute
    /// of one finger at 120 Hz plus every coalesced sample.
    package var maxBodyBytes: Int
    /// `capture.max_touches`: the most touches one submitted session may hold.
    package var maxTouches: Int
    /// `capture.max_session_seconds`: the longest span from a submitted session's first touch to its
    /// last. Tighter than `limits.max_session_span` of gesture streams (600 s): a capture is one
    /// gesture, and the engine renders a frame per display tick while a finger is down.
    package var maxSessionSeconds: Double
    /// `capture.max_sessions`: sessions one server run records; further submissions are refused
    /// (503), so a server left running cannot fill the disk.
    package var maxSessions: Int
    /// `capture.max_bytes`: bytes one server run may add to the archive (`--max-bytes`); once the
    /// archive has grown by this much, further submissions are refused (503). The session that
    /// crosses it is kept, so a run ends at most one session's size above it.
    package var maxBytes: Int64
    /// `capture.rate_burst`: submissions (and screen requests) a client may send at once.
    package var rateBurst: Int
    /// `capture.rate_per_second`: the sustained rate per client once its burst is spent (429 past it).
    /// A client is its IP address.
    package var ratePerSecond: Double
    /// `capture.idle_seconds`: a connection that has shown the token and waits this long for its
    /// next request is closed.
    package var idleSeconds: Int
    /// `capture.max_connections`: connections open at once; further ones wait to be accepted.
    package var maxConnections: Int
    /// `capture.max_connections_per_client`: connections one client address keeps open; past it
    /// its idle ones are closed, those without the token first.
    package var maxConnectionsPerClient: Int
    /// `capture.max_unverified_connections`: connections that have not shown the token yet, all
    /// clients together; past it the oldest are closed (from the address holding the most), so
    /// capacity stays with clients that have shown it.
    package var maxUnverifiedConnections: Int
    /// `capture.max_unverified_per_client`: the same per client address.
    package var maxUnverifiedPerClient: Int
    /// `capture.unverified_grace_seconds`: a new connection is never closed for the two caps above
    /// this soon: time for a real client to send its request.
    package var unverifiedGraceSeconds: Double
    /// `capture.header_seconds`: a connection without the token must send a whole request head
    /// within this time (of opening, or of its last answer); idle and trickled heads are closed.
    package var headerSeconds: Double
    /// `capture.request_seconds`: a request must arrive whole, head to end, within this time (a
    /// body trickled byte by byte cannot hold a connection).
    package var requestSeconds: Double

    /// The defaults `reel capture` runs with.
    package static let standard = CaptureLimits()

    package init(
        maxBodyBytes: Int = 1 << 20, maxTouches: Int = 10_000, maxSessionSeconds: Double = 60, maxSessions: Int = 10_000,
        maxBytes: Int64 = 1 << 30, rateBurst: Int = 30, ratePerSecond: Double = 2, idleSeconds: Int = 30,
        maxConnections: Int = 256, maxConnectionsPerClient: Int = 32, maxUnverifiedConnections: Int = 64,
        maxUnverifiedPerClient: Int = 8, unverifiedGraceSeconds: Double = 0.5, headerSeconds: Double = 5,
        requestSeconds: Double = 30
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.maxTouches = maxTouches
        self.maxSessionSeconds = maxSessionSeconds
        self.maxSessions = maxSessions
        self.maxBytes = maxBytes
        self.rateBurst = rateBurst
        self.ratePerSecond = ratePerSecond
        self.idleSeconds = idleSeconds
        self.maxConnections = maxConnections
        self.maxConnectionsPerClient = maxConnectionsPerClient
        self.maxUnverifiedConnections = maxUnverifiedConnections
        self.maxUnverifiedPerClient = maxUnverifiedPerClient
        self.unverifiedGraceSeconds = unverifiedGraceSeconds
        self.headerSeconds = headerSeconds
        self.requestSeconds = requestSeconds
    }
}
