/// The bounds a `TouchRecorder` keeps, so recording costs bounded memory whatever the app does.
///
/// At most `maximumPendingSessions` finished sessions, holding at most `maximumHeldBytes` (8 MiB by
/// default), wait for `takeSessions()`; the gesture in progress holds at most
/// `maximumTouchesPerSession` touches (about 40 bytes each) and, with the outcome,
/// `maximumFramesPerSession` frames of `maximumFrameViewsPerSession` named views in all (about
/// 200 bytes each). A gesture beyond a bound is dropped whole and counted under its reason
/// (`TouchRecorder.droppedSessions`), never cut short.
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

    /// Display ticks one gesture's outcome may hold: 3,600 is 30 s at 120 Hz.
    public var maximumFramesPerSession: Int
    /// Named views over all of one gesture's frames: 16,384 is 4 views for 34 s at 120 Hz.
    public var maximumFrameViewsPerSession: Int
    /// Coordinator events one gesture may hold (a transition makes two or three).
    public var maximumEventsPerSession: Int
    /// Heap bytes the finished sessions waiting for `takeSessions()` (or delivery) may hold, from
    /// their counts (`TouchRecorder.heldBytes`); a session that would pass it is dropped (`pendingFull`).
    public var maximumHeldBytes: Int
    /// Finished sessions handed to `TouchRecorder.delivery` at once.
    public var deliveryBatch: Int

    public init(
        maximumTouchesPerSession: Int = 4_096, maximumPendingSessions: Int = 32, maximumSessionSpan: Double = 600,
        maximumFramesPerSession: Int = 3_600, maximumFrameViewsPerSession: Int = 16_384, maximumEventsPerSession: Int = 256,
        maximumHeldBytes: Int = 8 << 20, deliveryBatch: Int = 8
    ) {
        self.maximumTouchesPerSession = maximumTouchesPerSession
        self.maximumPendingSessions = maximumPendingSessions
        self.maximumSessionSpan = maximumSessionSpan
        self.maximumFramesPerSession = maximumFramesPerSession
        self.maximumFrameViewsPerSession = maximumFrameViewsPerSession
        self.maximumEventsPerSession = maximumEventsPerSession
        self.maximumHeldBytes = maximumHeldBytes
        self.deliveryBatch = max(1, deliveryBatch)
    }
}

/// Why a gesture was not kept (`TouchRecorder.droppedSessions` counts each).
public enum RecorderDropReason: String, Sendable, Hashable, CaseIterable {
    /// More touches than `RecorderLimits.maximumTouchesPerSession`.
    case tooManyTouches
    /// More frames, frame views or coordinator events than `RecorderLimits` lets one gesture's outcome hold.
    case tooManyFrames
    /// Longer than `RecorderLimits.maximumSessionSpan`.
    case tooLong
    /// A touch's time before the previous one's (a stream's time never decreases).
    case timeWentBackwards
    /// A time or location that is not a finite number.
    case notFinite
    /// `RecorderLimits.maximumPendingSessions` sessions, or `maximumHeldBytes`, were already waiting for `takeSessions()`.
    case pendingFull
}
