/// The one contract of Reel's library errors: each says what kind of failure it is and what
/// went wrong. Every error type of a library module conforms (`ErrorContractTests` finds them in
/// the source); the command lines turn the kind into its exit number through one shared table
/// (`ExitStatus(kind)`, in `FailureReport`), and print `userMessage`.
///
/// The requirement is `failureKind`, not `kind`: some errors already have a `kind` of their own
/// (`ExternalEngineError.kind`: crashed, timed out, ...), which their users read.
///
/// ```swift
/// do { try Archive.open(path, mode: .readOnly) } catch let error as any ReelError {
///     print(error.failureKind, error.userMessage)   // noInput "a.sqlite: no such file"
/// }
/// ```
public protocol ReelError: Error, CustomStringConvertible {
    /// What kind of failure this is: bad input, a missing file, a bug, ...
    var failureKind: FailureKind { get }
    /// What to tell the person who ran Reel: `description` unless the type words it for people
    /// apart from its full description (a SQLite failure leaves out result codes and the statement,
    /// which a bug report keeps).
    var userMessage: String { get }
}

extension ReelError {
    public var userMessage: String { description }
}

extension ReelFailure: ReelError {
    public var failureKind: FailureKind { kind }
}
