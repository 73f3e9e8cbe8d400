import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal (SIGINT or SIGTERM) that asked a long-running command to stop, 0 while none has.
private let pendingSignal = Atomic<Int32>(0)

/// SIGINT and SIGTERM for the commands that write for a long time (`reel record`, `reel replay`,
/// `reel-capture`): the first signal is only noted, and the command stops at its next safe point
/// (after the transaction it is writing; the capture server closes the archive cleanly); a second
/// one ends the process at once (the handler is reset after the first), which loses nothing
/// committed. One home for both executables' handlers.
///
/// ```swift
/// StopSignals.install()
/// while let batch = next() {
///     if StopSignals.received != nil { break }
///     try store(batch)
/// }
/// ```
package enum StopSignals {
    /// Installs the handlers, and unblocks the two signals (a parent may have left them blocked).
    package static func install() {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in [SIGINT, SIGTERM] {
            sigaddset(&unblocked, signal)
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = { pendingSignal.store($0, ordering: .relaxed) }
            #else
                action.__sigaction_u.__sa_handler = { pendingSignal.store($0, ordering: .relaxed) }
            #endif
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// The signal that arrived, if one has.
    package static var received: Int32? {
        let signal = pendingSignal.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }
}
