import ReelRunner

/// The stop `reel record` and `reel replay` throw between transactions once SIGINT or SIGTERM has
/// arrived (the handlers are ReelRunner's `StopSignals`, shared with `reel-capture`): the command
/// stops after the transaction it is writing; a second signal ends the process at once.
struct Interrupted: Error {
    let signal: Int32

    /// 130 for SIGINT, 143 for SIGTERM (128 + the signal's number, as shells report it).
    var exitStatus: Int32 { 128 + signal }

    /// Installs the handlers, and unblocks the two signals (a parent may have left them blocked).
    static func install() { StopSignals.install() }

    /// Throws `Interrupted` once a signal has arrived.
    static func check() throws {
        if let signal = StopSignals.received { throw Interrupted(signal: signal) }
    }
}
