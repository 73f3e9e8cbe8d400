import ReelGestures
import ReelTrace

/// UILongPressGestureRecognizer on `LongPressRecognizer` (D26's rule and defaults:
/// 0.5 s, 10 pt, one finger). The press timer fires between touch events, at its time.
///
/// ```swift
/// let press = UILongPressGestureRecognizer(target: self, action: Card.handlePress)
/// press.minimumPressDuration = 0.3
/// view.addGestureRecognizer(press)
/// ```
@MainActor open class UILongPressGestureRecognizer: UIGestureRecognizer {
    @exclusivity(unchecked) var press = LongPressRecognizer()
    /// Seconds the fingers must stay down before the press begins (default 0.5).
    @exclusivity(unchecked) public var minimumPressDuration: TimeInterval = 0.5 { didSet { rebuild() } }
    /// Points the fingers may move before the press begins (default 10).
    @exclusivity(unchecked) public var allowableMovement: CGFloat = 10 { didSet { rebuild() } }
    /// Fingers the press needs (default 1).
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1 { didSet { rebuild() } }
    /// Taps before the press (default 0); other values are not modelled (a session error at the first touch).
    @exclusivity(unchecked) public var numberOfTapsRequired = 0

    private func rebuild() {
        press = LongPressRecognizer(
            parameters: .init(
                minimumPressDuration: minimumPressDuration, allowableMovement: Double(allowableMovement),
                numberOfTouchesRequired: numberOfTouchesRequired))
    }

    override var defaultName: String { "longPress" }
    override var windowLocation: GestureVector { press.location }
    override var innerState: GestureState { press.state }
    override func feed(_ event: TouchEvent) -> [GestureState] {
        if numberOfTapsRequired != 0 {
            KitRuntime.current?.fail(KitFailure(message: "\(eventName).numberOfTapsRequired = \(numberOfTapsRequired): only 0 is modelled"))
            return []
        }
        return press.handle(event)
    }
    override func refuseInner() { press.refuseBegan() }
    override var timerDeadline: Double? { press.deadline }
    override func fireTimer(at t: Double) -> [GestureState] { press.fire(at: t) }
    open override var numberOfTouches: Int { press.numberOfTouches }
}

/// UISwipeGestureRecognizer on `SwipeRecognizer`: D26's check (limits decaying over
/// the first half second, every required finger in the same event); the limits' values are
/// BackBoardServices' for the same algorithm (UIKit's own are not in the decompile), see
/// `SwipeRecognizer.Parameters`. A discrete recognizer: its action runs once, when recognized.
///
/// ```swift
/// let swipe = UISwipeGestureRecognizer(target: self, action: Menu.handleSwipe)
/// swipe.direction = .left
/// view.addGestureRecognizer(swipe)
/// ```
@MainActor open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// UISwipeGestureRecognizer.Direction with UIKit's raw values.
    public nonisolated struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    @exclusivity(unchecked) var swipe = SwipeRecognizer()
    /// The directions that count (default `.right`).
    @exclusivity(unchecked) public var direction: Direction = .right { didSet { rebuild() } }
    /// Fingers that must swipe (default 1).
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1 { didSet { rebuild() } }

    private func rebuild() {
        swipe = SwipeRecognizer(
            parameters: .init(direction: .init(rawValue: direction.rawValue), numberOfTouchesRequired: numberOfTouchesRequired))
    }

    override var defaultName: String { "swipe" }
    override var windowLocation: GestureVector { swipe.location }
    override var innerState: GestureState { swipe.state }
    override func feed(_ event: TouchEvent) -> [GestureState] { swipe.handle(event) }
    override func sendsAction(for state: State) -> Bool { state == .ended }
    open override var numberOfTouches: Int { swipe.numberOfTouches }

    /// Where the finger at `touchIndex` landed, as UIKit's swipe reports it; out of range, a session error.
    open override func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard let start = swipe.startLocation(ofTouch: touchIndex) else { return super.location(ofTouch: touchIndex, in: view) }
        let point = CGPoint(x: start.x, y: start.y)
        return view?.convert(point, from: nil) ?? point
    }
}
