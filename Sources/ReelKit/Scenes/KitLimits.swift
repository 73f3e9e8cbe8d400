import ReelTrace

/// What bounds a ReelKit session.
public nonisolated enum KitLimits {
    /// Seconds after the last touch (or the session's start) that anything may still move: a
    /// transition never completed, an animation that restarts itself forever, a gesture held. The
    /// built-in engine's `clock.max_duration` is 30 s too.
    public static let timeCap = 30.0
    // Touches, device and refresh rate keep the rules of every entry point
    // (`GestureLimits.violation`: a span of at most 600 s, time in order, a device of positive size,
    // 1-240 Hz), checked by `KitSession.run` before the scene is built.
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
