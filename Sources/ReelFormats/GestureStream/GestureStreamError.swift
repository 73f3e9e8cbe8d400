import ReelTrace

/// Why a line of a gesture stream was rejected.
public struct GestureStreamError: ReelError, Sendable, Hashable {
    public var failureKind: FailureKind { .dataError }
    /// The stream's file name as given ("-" for standard input).
    public var file: String
    /// 1-based number of the offending line.
    public var line: Int
    /// The line of the session line of the session this error rejects; nil for lines before any
    /// session line and for read errors.
    public var sessionLine: Int?
    /// What is wrong, e.g. `touch time goes backwards (0.300 after 0.316)`.
    public var reason: String

    public init(file: String, line: Int, sessionLine: Int?, reason: String) {
        self.file = file
        self.line = line
        self.sessionLine = sessionLine
        self.reason = reason
    }

    /// `file:line: reason`, e.g. `input.jsonl:12: touch time goes backwards (0.300 after 0.316)`.
    public var description: String { "\(file):\(line): \(reason)" }
}
