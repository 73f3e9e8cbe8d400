/// UIKit's `Selector`, as far as Linux can have one: a method's Objective-C name, which nothing can
/// send here (there is no Objective-C runtime). It exists so that UIKit's declarations keep their
/// shape: `UIPanGestureRecognizer(target: nil, action: nil)` with targets added later compiles as it
/// does against UIKit. `#selector(...)` itself is a compiler form of the Objective-C runtime and does
/// not compile on Linux; `reel kit port` rewrites it to a method reference (docs/KIT.md, edit list).
public nonisolated struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The Objective-C name, e.g. `handlePan:`.
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }
    public var description: String { name }
}

extension UIGestureRecognizer {
    /// UIKit's designated initializer. With a nil target and action the recognizer has no target
    /// yet (add them with `addTarget(_:action:)`); a selector cannot be sent on Linux, so a non-nil
    /// action stops the session with an error naming it rather than never calling it.
    public convenience init(target: Any?, action: Selector?) {
        self.init()
        if let action {
            KitRuntime.current?.fail(
                KitFailure(
                    message:
                        "\(type(of: self))(target:action: \"\(action.name)\"): a selector cannot be sent without the Objective-C runtime; pass a method reference (`action: Type.method`) or use addTarget"
                ))
        }
    }
}
