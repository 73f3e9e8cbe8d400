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
    /// `capture.rate_burst`: submissions (and screen requests) a client may send at once.
    package var rateBurst: Int
    /// `capture.rate_per_second`: the sustained rate per client once its burst is spent (429 past it).
    /// A client is its IP address.
    package var ratePerSecond: Double
    /// `capture.idle_seconds`: a connection that sends nothing for this long is closed (a client
    /// trickling a body byte by byte cannot hold a connection open for ever).
    package var idleSeconds: Int
    /// `capture.max_connections`: connections open at once; further ones wait to be accepted.
    package var maxConnections: Int

    /// The defaults `reel capture` runs with.
    package static let standard = CaptureLimits(
        maxBodyBytes: 1 << 20, maxTouches: 10_000, maxSessionSeconds: 60, maxSessions: 10_000, rateBurst: 30,
        ratePerSecond: 2, idleSeconds: 30, maxConnections: 256)

    package init(
        maxBodyBytes: Int, maxTouches: Int, maxSessionSeconds: Double, maxSessions: Int, rateBurst: Int,
        ratePerSecond: Double, idleSeconds: Int, maxConnections: Int
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.maxTouches = maxTouches
        self.maxSessionSeconds = maxSessionSeconds
        self.maxSessions = maxSessions
        self.rateBurst = rateBurst
        self.ratePerSecond = ratePerSecond
        self.idleSeconds = idleSeconds
        self.maxConnections = maxConnections
    }
}
