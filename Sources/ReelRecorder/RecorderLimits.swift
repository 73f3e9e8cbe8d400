/// The bounds a `TouchRecorder` keeps, so recording costs bounded memory whatever the app does.
///
/// At most `maximumPendingSessions` finished sessions wait for `takeSessions()`, each of at most
/// `maximumTouchesPerSession` touches (about 40 bytes each): with the defaults, 32 × 4,096 touches,
/// about 5 MB in the worst case. A gesture beyond a bound is dropped whole and counted under its
/// reason (`TouchRecorder.droppedSessions`), never cut short.
///
/// ```swift
/// let recorder = TouchRecorder(scenario: "card.dismiss", limits: RecorderLimits(maximumTouchesPerSession: 1_024))
/// ```
public struct RecorderLimits: Sendable, Hashable {
    /// Touches (stream lines) one gesture may hold: 4,096 is 34 s of one finger at 120 Hz.
    public var maximumTouchesPerSession: Int
    /// Finished sessions held until `takeSessions()`.
    public var maximumPendingSessions: Int
    /// The longest gesture, in seconds from its first touch to its last: Reel's own limit
    /// (`limits.max_session_span`, 600 s), so every kept session is one `reel record` accepts.
    public var maximumSessionSpan: Double

    public init(maximumTouchesPerSession: Int = 4_096, maximumPendingSessions: Int = 32, maximumSessionSpan: Double = 600) {
        self.maximumTouchesPerSession = maximumTouchesPerSession
        self.maximumPendingSessions = maximumPendingSessions
        self.maximumSessionSpan = maximumSessionSpan
    }
}

/// Why a gesture was not kept (`TouchRecorder.droppedSessions` counts each).
public enum RecorderDropReason: String, Sendable, Hashable, CaseIterable {
    /// More touches than `RecorderLimits.maximumTouchesPerSession`.
    case tooManyTouches
    /// Longer than `RecorderLimits.maximumSessionSpan`.
    case tooLong
    /// A touch's time before the previous one's (a stream's time never decreases).
    case timeWentBackwards
    /// A time or location that is not a finite number.
    case notFinite
    /// `RecorderLimits.maximumPendingSessions` sessions were already waiting for `takeSessions()`.
    case pendingFull
}
