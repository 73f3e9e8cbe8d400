#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the engine protocol on a channel of its own while a team's code runs.
///
/// The protocol's answers go to the process's standard output, where the app's `print` and
/// `debugPrint` also write: one line of the team's logging in the middle of an answer makes the
/// answer malformed JSON and `reel record` fails mid-run. So before any scene runs, the server
/// copies the original standard output to a private descriptor (close-on-exec, so a process the
/// scene starts does not inherit it), answers there, and points descriptor 1 at standard error.
/// Whatever the team's code prints then reaches standard error, which `reel` drains and keeps only
/// the last lines of (bounded), naming them in an engine's error.
nonisolated enum ProtocolChannel {
    /// Moves standard output aside: returns the descriptor the protocol answers on, or the reason
    /// it could not (then nothing was changed).
    static func claimStandardOutput() -> Result<Int32, ReelKitError> {
        // What the app buffered before serving started belongs to the old standard output.
        fflush(nil)
        let answers = fcntl(1, F_DUPFD_CLOEXEC, 3)
        guard answers >= 0 else { return .failure(ReelKitError("cannot keep the protocol's output apart: \(reason(errno))")) }
        guard dup2(2, 1) >= 0 else {
            let failure = errno
            close(answers)
            return .failure(ReelKitError("cannot send the app's output to standard error: \(reason(failure))"))
        }
        return .success(answers)
    }

    private static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
