import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal (SIGINT or SIGTERM) that asked the server to stop, 0 while none has.
private let pendingSignal = Atomic<Int32>(0)

/// SIGINT and SIGTERM for the capture server: the first one is noted and the server stops (the
/// archive closed cleanly); a second one ends the process at once (the handler is reset after the
/// first), which loses nothing committed.
enum StopSignals {
    /// Installs the handlers, and unblocks the two signals (a parent may have left them blocked).
    static func install() {
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
    static var received: Int32? {
        let signal = pendingSignal.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }
}
