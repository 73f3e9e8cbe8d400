#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that threads share, reached only while holding a pthread mutex: the same contract as
/// `Synchronization.Mutex` (a value goes in and comes out `sending`).
///
/// Reel uses this instead of the standard library's `Synchronization.Mutex` because of the
/// sanitizers: on Linux `Mutex` hands a contended lock over with `futex` calls inside the standard
/// library, which ThreadSanitizer does not see, so two threads taking the lock in turn look to it
/// like a data race ("Swift access race") on the protected value. ThreadSanitizer intercepts
/// `pthread_mutex_lock` and `pthread_mutex_unlock`, so with this type it checks the accesses
/// instead of reporting them. The ReelStore module holds it because the store and the replayer
/// (which depends on the store) both need it.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    // A pthread mutex must not move once initialised: it lives in its own allocation.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    // Read and written only inside `withLock`, in its own allocation too rather than a stored
    // `var`: Swift instruments `&property` of a class as an access ThreadSanitizer checks, and for
    // a value of size zero (`Locked<Void>`, a lock that guards an action) it reported that access
    // at the object's own address, where every call reads the object's type without the lock: a
    // "Swift access race" with no shared data (tools/sanitize, 1 run in 3 of ExternalEngineTests).
    // Through the pointer, ThreadSanitizer checks the value's memory itself.
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: consuming sending Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held and returns what it returns.
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
