/// What a command line tells the user about a failure it caught, and how it exits: the one branch
/// of `reel`, `reel-capture` and `reel-publish` for errors. A library error (`ReelError`) gives
/// its kind, which picks the exit status (`ExitStatus(kind)`), and its words for people
/// (`userMessage`); a bug (`FailureKind.internalError`, or an error that is no `ReelError`) gives
/// its full description, which `bugNote` words as a bug to report, and exits 70.
///
/// ```swift
/// let report = FailureReport(ReelFailure(.noInput, "a.sqlite: no such file")) { "\($0) (a bug)" }
/// report.message        // "a.sqlite: no such file"
/// report.status         // .noInput (66)
/// ```
package struct FailureReport: Sendable {
    /// What to print after the program's `error:` prefix.
    package let message: String
    /// How the program exits.
    package let status: ExitStatus

    /// The report of `error`; `bugNote` turns a bug's description into its message (each program
    /// names itself and asks for a report).
    package init(_ error: any Error, bugNote: (String) -> String) {
        if let error = error as? any ReelError {
            let kind = error.failureKind
            message = kind == .internalError ? bugNote(error.description) : error.userMessage
            status = ExitStatus(kind)
        } else {
            message = bugNote("\(error)")
            status = .internalError
        }
    }
}
