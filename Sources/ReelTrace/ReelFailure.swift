/// What went wrong, in the words of the library: the command lines alone turn a kind into an exit
/// code, through their one shared table (`ExitStatus(kind)`, `FailureReport`).
public enum FailureKind: Sendable, Hashable, CaseIterable {
    /// Bad command line: an option's value, an output that already exists, an unknown name.
    case usage
    /// Bad input data: a malformed gesture stream, profile, archive or response.
    case dataError
    /// A file named on the command line does not exist.
    case noInput
    /// The engine under test failed (it never answered, say): the replay's own result, not Reel's.
    case engineFailed
    /// A bug in reel: the message asks for a report.
    case internalError
    /// An output file could not be created (permissions, a read-only file system).
    case cannotCreate
    /// Writing failed (disk full, `> /dev/full`, an I/O error).
    case ioError
    /// A service Reel needs is not there: a server that cannot be reached or refuses (`reel
    /// publish`'s PostgreSQL server), a separately built part that is not installed.
    case unavailable
}

/// An error that knows what kind of failure it is and what to tell the user.
public struct ReelFailure: Error, CustomStringConvertible, Sendable {
    public let kind: FailureKind
    public let message: String

    public init(_ kind: FailureKind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
