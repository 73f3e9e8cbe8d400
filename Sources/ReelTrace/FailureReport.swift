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
    /// names itself and asks for a report). `file` is the one file the command was working on: an
    /// error raised where the file's name was not at hand (`NeedsFileName`) is reported with it in
    /// front, `a.sqlite: invalid value 40 in trace_frame_packs.frame_count`.
    package init(_ error: any Error, file: String? = nil, bugNote: (String) -> String) {
        if let error = error as? any ReelError {
            let kind = error.failureKind
            let words = kind == .internalError ? bugNote(error.description) : error.userMessage
            let needsFile = (error as? any NeedsFileName)?.needsFileName ?? false
            message = needsFile ? (file.map { $0 + ": " } ?? "") + words : words
            status = ExitStatus(kind)
        } else {
            message = bugNote("\(error)")
            status = .internalError
        }
    }
}

/// An error that can be raised deep in a read, where the file's name is not at hand (a stored value
/// the store cannot turn back into a trace value): a command line that knows the file passes it to
/// `FailureReport`, which puts it in front of the message.
package protocol NeedsFileName {
    /// Whether this error's message lacks the file's name.
    var needsFileName: Bool { get }
}
