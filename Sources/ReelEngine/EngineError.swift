/// A scenario the engine cannot run (unknown names, UIKit's crash cases).
public struct EngineError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
