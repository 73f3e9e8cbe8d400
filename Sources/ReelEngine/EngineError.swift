import ReelTrace

/// A scenario the engine cannot run (unknown names, UIKit's crash cases).
public struct EngineError: ReelError, Sendable, Hashable {
    /// A scenario or session the engine cannot run as given.
    public var failureKind: FailureKind { .dataError }
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
