/// The exit codes of Reel's command lines, `reel`, `reel-capture` and `reel-publish` (BSD sysexits
/// where they apply; `reel --help`, "Exit status"): the one table the three share, so that
/// `reel capture` and `reel publish` end as `reel` would. `package`: the library decides no exit;
/// it states a `FailureKind`, which only the command lines turn into one of these.
///
/// ```swift
/// ExitStatus(.noInput).rawValue   // 66
/// ```
package enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Success; for `reel replay`, nothing diverged.
    case success = 0
    /// `reel replay` found divergences.
    case diverged = 1
    /// `reel replay` could not run some sessions (engine errors).
    case engineErrors = 2
    /// Bad command line.
    case usage = 64
    /// Bad input data: a malformed gesture stream, profile, archive or response.
    case dataError = 65
    /// A file named on the command line does not exist.
    case noInput = 66
    /// A part of reel that is built separately is not installed (`reel capture` without the
    /// `reel-capture` executable; the message says how to get it), or a service it needs cannot be
    /// reached or refuses (`reel publish`'s PostgreSQL server).
    case unavailable = 69
    /// A bug in reel: the message asks for a report.
    case internalError = 70
    /// An output file could not be created (permissions, a read-only file system).
    case cannotCreate = 73
    /// Writing failed (disk full, `> /dev/full`, an I/O error).
    case ioError = 74
}

extension ExitStatus {
    /// The exit code of a library failure of this kind. The switch is exhaustive: a new
    /// `FailureKind` does not compile until it has its status here.
    package init(_ kind: FailureKind) {
        switch kind {
        case .usage: self = .usage
        case .dataError: self = .dataError
        case .noInput: self = .noInput
        case .engineFailed: self = .engineErrors
        case .internalError: self = .internalError
        case .cannotCreate: self = .cannotCreate
        case .ioError: self = .ioError
        case .unavailable: self = .unavailable
        }
    }
}
