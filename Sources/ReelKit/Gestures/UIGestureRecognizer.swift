import ReelGestures
import ReelTrace

/// UIGestureRecognizer: state, delegate, failure requirements and target-action, with the state
/// machine of one of ReelGestures' recognizers (the built-in engine's) underneath. Linux has no
/// `#selector`: targets are closures or method references.
///
/// ```swift
/// let pan = UIPanGestureRecognizer(target: self, action: CardViewController.handlePan)
/// view.addGestureRecognizer(pan)
/// // or: pan.addTarget { recognizer in ... }
/// ```
@MainActor open class UIGestureRecognizer: NSObject {
    /// `objc_setAssociatedObject`'s values (AssociatedObjects.swift), made on first use.
    lazy var associations = AssociatedObjects()
    /// UIGestureRecognizer.State with UIKit's raw values.
    public enum State: Int, Sendable {
        case possible = 0
        case began = 1
        case changed = 2
        case ended = 3
        case cancelled = 4
        case failed = 5

        public static let recognized = State.ended

        init(_ state: GestureState) { self = State(rawValue: state.rawValue) ?? .possible }

        var name: String { GestureState(rawValue: rawValue)?.name ?? "possible" }
        var isInProgress: Bool { self == .began || self == .changed }
    }

    @exclusivity(unchecked) private var targets: [(UIGestureRecognizer) -> Void] = []
    /// The state the recognizer's owner sees: the inner machine's, unless the delegate, a failure
    /// requirement or another recognizer held or failed it.
    @exclusivity(unchecked) var currentState: State = .possible
    /// The recognizer's state. A subclass sets it from its touches overrides, as UIKit's
    /// UIGestureRecognizerSubclass allows: the change goes through the delegate, failure
    /// requirements and exclusivity like the built-in machines' and runs the actions; `.failed` or
    /// `.cancelled` end the recognizer's part in this touch sequence (SubclassHooks.swift).
    public var state: State {
        get { currentState }
        set { SubclassHooks.set(newValue, on: self) }
    }
    @exclusivity(unchecked) public var isEnabled = true {
        didSet {
            if !isEnabled, state.isInProgress { TouchDispatch.cancel(self) }
        }
    }
    @exclusivity(unchecked) public weak var delegate: UIGestureRecognizerDelegate?
    @exclusivity(unchecked) public internal(set) weak var view: UIView?
    /// Names the recognizer in `gesture` events (default: pan, edgePan, pinch, tap).
    @exclusivity(unchecked) public var name: String?
    /// Whether the view's touches are cancelled when the recognizer recognizes (ResponderTouches.swift).
    @exclusivity(unchecked) public var cancelsTouchesInView = true
    /// Whether a landing finger's touches are held back from its view until the recognizer fails
    /// (then delivered) or recognizes (then discarded); default false (DelayedTouches.swift).
    @exclusivity(unchecked) public var delaysTouchesBegan = false
    /// Whether a lift is held back from the view until the recognizer fails (then `touchesEnded`)
    /// or recognizes (then `touchesCancelled`); default true (DelayedTouches.swift).
    @exclusivity(unchecked) public var delaysTouchesEnded = true
    /// Recognizers that must fail before this one may begin.
    @exclusivity(unchecked) var requiredToFail: [UIGestureRecognizer] = []
    /// Fingers delivered to this recognizer and still down.
    @exclusivity(unchecked) var fingers: Set<Int> = []
    /// The inner machine reported began but a failure requirement holds it in `.possible`.
    @exclusivity(unchecked) var heldBegan = false
    /// Failed by another recognizer's recognition (or the delegate) until its fingers lift.
    @exclusivity(unchecked) var forcedFailure = false

    public override init() {}

    /// `init(target:action:)` with a method reference: `UIPanGestureRecognizer(target: self, action: Card.handlePan)`.
    public convenience init<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        target: Target, action: @escaping (Target) -> @MainActor (Recognizer) -> Void
    ) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer whose action is a closure.
    public convenience init(handler: @escaping (UIGestureRecognizer) -> Void) {
        self.init()
        addTarget(handler)
    }

    public func addTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        _ target: Target, action: @escaping (Target) -> @MainActor (Recognizer) -> Void
    ) {
        targets.append { [weak target] recognizer in
            guard let target, let recognizer = recognizer as? Recognizer else { return }
            action(target)(recognizer)
        }
    }

    public func addTarget(_ handler: @escaping (UIGestureRecognizer) -> Void) { targets.append(handler) }

    public func removeAllTargets() { targets.removeAll() }

    /// Waits for `other` to fail before beginning.
    public func require(toFail other: UIGestureRecognizer) {
        if !requiredToFail.contains(where: { $0 === other }) { requiredToFail.append(other) }
    }

    /// The recognizer's name in events.
    var eventName: String { name ?? defaultName }
    var defaultName: String { "gesture" }

    /// Fingers counted by the recognizer.
    open var numberOfTouches: Int { fingers.count }

    /// The touches' location (centroid for pans, midpoint for pinches) in `view`'s coordinates.
    open func location(in view: UIView?) -> CGPoint {
        let point = windowLocation
        return view?.convert(CGPoint(x: point.x, y: point.y), from: nil) ?? CGPoint(x: point.x, y: point.y)
    }

    // MARK: What subclasses supply

    /// The inner machine's location, window points.
    var windowLocation: GestureVector { .zero }
    /// The inner machine's state.
    var innerState: GestureState { .possible }
    /// Feeds one touch event of this recognizer's fingers to the inner machine; returns its state changes.
    func feed(_ event: TouchEvent) -> [GestureState] { [] }
    /// The delegate refused to begin: the inner machine fails.
    func refuseInner() {}
    /// A new touch sequence starts (the first finger lands): per-sequence values reset.
    func sequenceBegan() {}
    /// Whether actions run for a state (continuous recognizers: all but possible and failed).
    func sendsAction(for state: State) -> Bool { state != .possible && state != .failed }
    /// When the recognizer's timer fires (a long press's minimum duration), while one runs.
    var timerDeadline: Double? { nil }
    /// The timer at `t`: the inner machine's state changes.
    func fireTimer(at t: Double) -> [GestureState] { [] }

    // MARK: Subclassing (UIKit's UIGestureRecognizerSubclass; SubclassHooks.swift)

    /// Whether a subclass of the team's may override the touches methods: ReelKit's own recognizers
    /// do not, so their touches skip the calls.
    var overridesTouches: Bool {
        type(of: self) != UIPanGestureRecognizer.self && type(of: self) != UIScreenEdgePanGestureRecognizer.self
            && type(of: self) != UIPinchGestureRecognizer.self && type(of: self) != UITapGestureRecognizer.self
            && type(of: self) != UILongPressGestureRecognizer.self && type(of: self) != UISwipeGestureRecognizer.self
    }
    /// The recognizer's touches methods are running (a `state =` is a change of the gesture).
    @exclusivity(unchecked) var deliveringTouches = false

    /// Fingers landing on the recognizer (after its own machine saw them).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Fingers moving (or held still) on the recognizer.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Fingers lifting.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Fingers cancelled (the session's stream ended with them down).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// The recognizer's last finger lifted: per-gesture values of a subclass go back to their start.
    open func reset() {}

    /// Where the finger at `touchIndex` (0 ..< numberOfTouches, in landing order) is, in `view`'s
    /// coordinates; an index out of range stops the session with an error (UIKit raises).
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let ids = fingers.sorted()
        guard ids.indices.contains(touchIndex), let touch = KitRuntime.current?.touchBindings?.lastPositions[ids[touchIndex]] else {
            KitRuntime.current?.fail(
                KitFailure(message: "\(eventName).location(ofTouch: \(touchIndex)): the recognizer has \(ids.count) touches (UIKit raises)")
            )
            return .zero
        }
        let point = CGPoint(x: touch.x, y: touch.y)
        return view?.convert(point, from: nil) ?? point
    }

    func performActions() {
        for target in targets { target(self) }
    }
}

/// UIGestureRecognizerDelegate; every method is optional (defaults as UIKit's).
@MainActor public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer)
        -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}

/// One finger's sample, as a delegate sees it at touch-down.
@MainActor public final class UITouch: NSObject {
    public enum Phase: Int, Sendable {
        case began = 0
        case moved = 1
        case stationary = 2
        case ended = 3
        case cancelled = 4
    }

    @exclusivity(unchecked) public private(set) var phase: Phase
    /// When the touch last changed, seconds on the session's clock.
    @exclusivity(unchecked) public private(set) var timestamp: TimeInterval
    /// The view the touch hit.
    @exclusivity(unchecked) public private(set) weak var view: UIView?
    @exclusivity(unchecked) private(set) var windowPoint: CGPoint

    init(_ touch: Touch, view: UIView?) {
        phase = Self.phase(of: touch)
        timestamp = touch.t
        self.view = view
        windowPoint = CGPoint(x: touch.x, y: touch.y)
    }

    /// The window's touch of a finger takes the finger's next line (UIKit mutates one UITouch per finger).
    func update(_ touch: Touch, view: UIView?) {
        phase = Self.phase(of: touch)
        timestamp = touch.t
        windowPoint = CGPoint(x: touch.x, y: touch.y)
        if let view { self.view = view }
    }

    private static func phase(of touch: Touch) -> Phase {
        Phase(rawValue: ["began", "moved", "stationary", "ended", "cancelled"].firstIndex(of: touch.phase.rawValue) ?? 0) ?? .began
    }

    public func location(in view: UIView?) -> CGPoint { view?.convert(windowPoint, from: nil) ?? windowPoint }
}

extension UIGestureRecognizer: AssociatedObjectOwner {}
