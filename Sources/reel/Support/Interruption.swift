import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal (SIGINT or SIGTERM) that asked a long command to stop, 0 while none has.
private let pendingSignal = Atomic<Int32>(0)

/// SIGINT and SIGTERM for `reel record` and `reel replay`: the first one is noted, and the command
/// stops after the transaction it is writing (`check()` between transactions throws); a second
/// one ends the process at once (the handler is reset after the first).
struct Interrupted: Error {
    let signal: Int32

    /// 130 for SIGINT, 143 for SIGTERM (128 + the signal's number, as shells report it).
    var exitStatus: Int32 { 128 + signal }

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

    /// Throws `Interrupted` once a signal has arrived.
    static func check() throws {
        let signal = pendingSignal.load(ordering: .relaxed)
        if signal != 0 { throw Interrupted(signal: signal) }
    }
}
