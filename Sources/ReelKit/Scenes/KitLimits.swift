import ReelTrace

/// What bounds a ReelKit session.
public nonisolated enum KitLimits {
    /// Seconds after the last touch (or the session's start) that anything may still move: a
    /// transition never completed, an animation that restarts itself forever, a gesture held. The
    /// built-in engine's `clock.max_duration` is 30 s too.
    public static let timeCap = 30.0
    /// The largest touch time accepted, seconds (the built-in engine's).
    public static let maximumTouchTime = 86_400.0
    /// The highest refresh rate accepted, Hz (the built-in engine's).
    public static let maximumRefreshHz = 1_000.0
}

/// A session a scene could not run: the scene's code failed (a NaN, a misuse UIKit raises for), it
/// never ended (the time cap), or the request was bad. The message names the scene.
public nonisolated struct ReelKitError: ReelError, Sendable, Hashable {
    /// A scene or session the team's transition code cannot run.
    public var failureKind: FailureKind { .engineFailed }
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
