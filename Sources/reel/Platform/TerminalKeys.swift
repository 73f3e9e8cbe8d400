#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// Standard input read one keystroke at a time, without Enter, while it is a terminal: the
/// terminal's line editing and echo are off (VMIN 1) until `restore()`, the end of the object, or
/// a SIGINT, SIGTERM, SIGHUP or SIGQUIT, whose handler puts the saved settings back before the
/// signal ends the process as it would have. Signals still arrive (ISIG stays on: Ctrl-C is
/// SIGINT). A SIGKILL cannot be caught: `stty sane` then restores the terminal.
///
/// ```swift
/// if let keys = TerminalKeys() {
///     while let key = keys.next() { if key == "q" { break } }
///     keys.restore()
/// }
/// ```
final class TerminalKeys {
    /// The settings before raw mode, for the signal handlers (which can capture nothing).
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var isRaw = false
    private static let restoringSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Raw mode on standard input, or nil when it is not a terminal (then read it line by line).
    init?() {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &Self.saved) == 0 else { return nil }
        var raw = Self.saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in Self.restoringSignals {
            sigaddset(&unblocked, number)
            signal(number) { received in
                TerminalKeys.putBack()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
        // A parent may have left them blocked: they would then neither end reel nor restore the terminal.
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
            restoreHandlers()
            return nil
        }
        Self.isRaw = true
    }

    deinit { restore() }

    /// The next key typed: one byte (a letter), or nil at the end of input or on a read error.
    func next() -> Character? {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return Character(Unicode.Scalar(byte)) }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// The terminal as it was, and the signals' default handlers; nothing the second time.
    func restore() {
        guard Self.isRaw else { return }
        Self.putBack()
        restoreHandlers()
    }

    private func restoreHandlers() {
        for number in Self.restoringSignals { signal(number, SIG_DFL) }
    }

    /// tcsetattr is async-signal-safe: the handlers call this.
    private static func putBack() {
        guard isRaw else { return }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        isRaw = false
    }
}
