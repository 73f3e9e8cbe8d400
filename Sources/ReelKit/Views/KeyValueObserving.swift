/// Swift KVO's shape for ReelKit's views: `view.observe(\.frame, options: [.old, .new]) { view, change in }`
/// returns an observation that lives until it is invalidated or freed. What is observed: the
/// modelled properties a view's setters change (frame, bounds, center, alpha, transform), and
/// anything computed from them; the handler runs when a set changes the key path's value (a set to
/// the same value is not reported), at the set (an animation's model value is set at once, as in
/// UIKit). Other key paths never report. There is no Objective-C runtime on Linux: Foundation has
/// none of these types there, so ReelKit declares them with Foundation's names.
public nonisolated struct NSKeyValueObservingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// One change: the values the options asked for.
public nonisolated struct NSKeyValueObservedChange<Value> {
    /// NSKeyValueChange: ReelKit reports settings only.
    public enum Kind: UInt, Sendable {
        case setting = 1
    }

    public let kind: Kind
    public let newValue: Value?
    public let oldValue: Value?
    public let isPrior: Bool
}

/// A registration made by `observe`: invalidated by `invalidate()` or when freed.
@MainActor public final class NSKeyValueObservation: NSObject {
    fileprivate var notify: (() -> Void)?

    fileprivate init(notify: @escaping () -> Void) { self.notify = notify }

    /// Stops the observation.
    public func invalidate() { notify = nil }
}

/// What `observe` is declared on.
@MainActor public protocol ReelKitKeyValueObserving: AnyObject {}

extension UIView: ReelKitKeyValueObserving {}

extension ReelKitKeyValueObserving where Self: UIView {
    /// Observes `keyPath` of this view (see NSKeyValueObservingOptions for what is modelled).
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        var last = self[keyPath: keyPath]
        let observation = NSKeyValueObservation { [weak self] in
            guard let self else { return }
            let value = self[keyPath: keyPath]
            if let old = last as? AnyHashable, let new = value as? AnyHashable, old == new { return }
            let change = NSKeyValueObservedChange(
                kind: .setting, newValue: options.contains(.new) ? value : nil, oldValue: options.contains(.old) ? last : nil,
                isPrior: false)
            last = value
            changeHandler(self, change)
        }
        observers.append(WeakObservation(observation))
        if options.contains(.initial) {
            changeHandler(
                self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? last : nil, oldValue: nil, isPrior: false)
            )
        }
        return observation
    }
}

/// An observation a view holds weakly (the caller owns it, as in Foundation).
struct WeakObservation {
    weak var observation: NSKeyValueObservation?
    init(_ observation: NSKeyValueObservation) { self.observation = observation }
}

extension UIView {
    /// Runs the live observations after a modelled property was set; drops the freed ones.
    func notifyObservers() {
        guard !observers.isEmpty else { return }
        observers.removeAll { $0.observation == nil }
        for entry in observers { entry.observation?.notify?() }
    }
}
