import Foundation

/// Runs `operation` against a clock: when it has not finished after `seconds`, `expire` is called
/// (it must make the operation end: closing the connection fails the query that waits on it) and
/// `timedOut()` is thrown at once, whether or not the operation has ended yet. A PostgreSQL server
/// that stalls never answers, so no wait on it may be unbounded; the server's own
/// `statement_timeout` only bounds a server that keeps its word.
///
/// ```
/// let rows = try await withDeadline(
///     seconds: 60, operation: { try await query() }, expire: { try? await connection.close() },
///     timedOut: { FleetError.timedOut(...) })
/// ```
func withDeadline<Value: Sendable>(
    seconds: Double, operation: @escaping @Sendable () async throws -> Value, expire: @escaping @Sendable () async -> Void,
    timedOut: @escaping @Sendable () -> any Error
) async throws -> Value {
    let pending = PendingResult<Value>()
    return try await withCheckedThrowingContinuation { continuation in
        pending.set(continuation)
        let work = Task {
            do {
                let value = try await operation()
                pending.take()?.resume(returning: value)
            } catch {
                pending.take()?.resume(throwing: error)
            }
        }
        let clock = Task {
            try? await Task.sleep(for: .seconds(seconds))
            guard !Task.isCancelled, let waiting = pending.take() else { return }
            work.cancel()
            await expire()
            waiting.resume(throwing: timedOut())
        }
        pending.onTake { clock.cancel() }
    }
}

/// The one continuation of `withDeadline`, resumed by the operation or the clock, whichever comes first.
private final class PendingResult<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var taken = false
    private var whenTaken: (@Sendable () -> Void)?

    func set(_ continuation: CheckedContinuation<Value, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Runs `action` when the continuation is taken (at once when it already was).
    func onTake(_ action: @escaping @Sendable () -> Void) {
        let now = lock.withLock {
            guard !taken else { return true }
            whenTaken = action
            return false
        }
        if now { action() }
    }

    /// The continuation, for the first caller only.
    func take() -> CheckedContinuation<Value, any Error>? {
        let (result, action) = lock.withLock { () -> (CheckedContinuation<Value, any Error>?, (@Sendable () -> Void)?) in
            guard !taken else { return (nil, nil) }
            taken = true
            defer {
                continuation = nil
                whenTaken = nil
            }
            return (continuation, whenTaken)
        }
        action?()
        return result
    }
}
