import Foundation

/// Runs work that may need the main thread's run loop (a ReelKit session runs on the main actor)
/// without blocking that loop: off the main thread the work runs in place; on it, the work runs
/// on a thread of its own while the main run loop turns until it is done.
enum MainThreadRelief {
    static func run<Value>(_ work: @escaping () throws -> Value) throws -> Value {
        guard Thread.isMainThread else { return try work() }
        let job = Job(work)
        let thread = Thread { job.perform() }
        thread.stackSize = 8 << 20
        thread.start()
        while job.result == nil {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
        }
        return try job.result!.get()
    }

    /// The work and its result: the worker thread performs it, the main thread reads the result
    /// once it is set (under the lock).
    private final class Job<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private let work: () throws -> Value
        private var stored: Result<Value, any Error>?

        init(_ work: @escaping () throws -> Value) { self.work = work }

        var result: Result<Value, any Error>? {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }

        func perform() {
            let outcome = Result { try work() }
            lock.lock()
            stored = outcome
            lock.unlock()
        }
    }
}
