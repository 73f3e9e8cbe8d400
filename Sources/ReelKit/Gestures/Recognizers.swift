import ReelGestures
import ReelTrace

/// UIPanGestureRecognizer on ReelGestures' `PanRecognizer` with the built-in profile's hysteresis
/// and velocity filter: centroid translation, hysteresis removed per axis at `.began`, UIKit's
/// smoothed velocity. Coordinates in `view` are window coordinates offset by the view's origin.
@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
    @exclusivity(unchecked) var pan: PanRecognizer
    /// setTranslation's offset: translation(in:) = the machine's translation + offset.
    @exclusivity(unchecked) private var translationOffset = GestureVector.zero
    @exclusivity(unchecked) public var minimumNumberOfTouches = 1 { didSet { rebuild() } }
    @exclusivity(unchecked) public var maximumNumberOfTouches = Int.max { didSet { rebuild() } }

    public override init() {
        pan = UIPanGestureRecognizer.makePan(minimum: 1, maximum: .max)
        super.init()
    }

    /// The pan machine: the built-in profile's hysteresis and velocity; `axis` limits the axes it
    /// may begin along (a scroll view's draggable ones), `begins: false` makes one that never begins.
    static func makePan(minimum: Int, maximum: Int, axis: PanAxis = .none, begins: Bool = true) -> PanRecognizer {
        PanRecognizer(
            parameters: .init(
                hysteresis: begins ? BuiltinParameters.number("pan.hysteresis") : .infinity, axis: axis,
                minimumNumberOfTouches: minimum, maximumNumberOfTouches: maximum, velocity: BuiltinParameters.panVelocity))
    }

    private func rebuild() { pan = UIPanGestureRecognizer.makePan(minimum: minimumNumberOfTouches, maximum: maximumNumberOfTouches) }

    override var defaultName: String { "pan" }
    override var windowLocation: GestureVector { pan.location }
    override var innerState: GestureState { pan.state }
    override func feed(_ event: TouchEvent) -> [GestureState] { pan.handle(event) }
    override func refuseInner() { if pan.state == .began { pan.refuseBegan() } }
    open override var numberOfTouches: Int { pan.numberOfTouches }

    /// The translation since the pan began (hysteresis removed), plus any `setTranslation` offset.
    public func translation(in view: UIView?) -> CGPoint {
        let value = pan.translation + translationOffset
        return CGPoint(x: value.x, y: value.y)
    }

    public func setTranslation(_ translation: CGPoint, in view: UIView?) {
        translationOffset = GestureVector(x: Double(translation.x), y: Double(translation.y)) - pan.translation
    }

    /// Points per second (UIKit's 0.2 latest / 0.8 previous smoothing).
    public func velocity(in view: UIView?) -> CGPoint { CGPoint(x: pan.velocity.x, y: pan.velocity.y) }

    override func sequenceBegan() { translationOffset = .zero }
}

/// UIScreenEdgePanGestureRecognizer on ReelGestures' `ScreenEdgePanRecognizer` (the back swipe's
/// edge region, hysteresis, drift and duration limits from the built-in profile).
@MainActor open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    @exclusivity(unchecked) var edgePan: ScreenEdgePanRecognizer?
    @exclusivity(unchecked) public var edges: UIRectEdge = .left
    /// The translation removed when the pan begins: a plain edge pan's is the pan's own
    /// (`pan.hysteresis`); the navigation controller's back swipe, a
    /// `_UIParallaxTransitionPanGestureRecognizer`, sets 15 pt on its edge path
    /// (`_shouldTryToBeginWithEvent:` calling `_setHysteresis:`; `backswipe.translation_hysteresis`).
    @exclusivity(unchecked) var translationHysteresisKey = "pan.hysteresis"

    override var defaultName: String { "edgePan" }

    private func machine() -> ScreenEdgePanRecognizer {
        if let edgePan { return edgePan }
        let size = KitRuntime.current?.device
        let edge: ScreenEdge = edges.contains(.right) ? .right : edges.contains(.top) ? .top : edges.contains(.bottom) ? .bottom : .left
        return ScreenEdgePanRecognizer(
            parameters: .init(
                edge: edge, edgeRegionSize: BuiltinParameters.number("backswipe.edge_region"),
                hysteresis: BuiltinParameters.number("backswipe.edge_hysteresis"),
                maximumSwipeDuration: BuiltinParameters.number("backswipe.max_swipe_duration"),
                driftBase: BuiltinParameters.number("backswipe.vertical_fail_base"),
                driftLimit: BuiltinParameters.number("backswipe.vertical_fail_cap"),
                driftRun: BuiltinParameters.number("backswipe.vertical_fail_run"),
                translationHysteresis: BuiltinParameters.number(translationHysteresisKey), velocity: BuiltinParameters.panVelocity,
                touchModel: .uikit),
            screenWidth: size?.width ?? 390, screenHeight: size?.height ?? 844)
    }

    override var windowLocation: GestureVector { edgePan?.location ?? .zero }
    override var innerState: GestureState { edgePan?.state ?? .possible }
    override func feed(_ event: TouchEvent) -> [GestureState] {
        var machine = machine()
        let changes = machine.handle(event)
        edgePan = machine
        return changes
    }
    override func refuseInner() { if edgePan?.state == .began { edgePan?.refuseBegan() } }
    open override var numberOfTouches: Int { fingers.isEmpty ? 0 : 1 }

    public override func translation(in view: UIView?) -> CGPoint {
        let value = edgePan?.translation ?? .zero
        return CGPoint(x: value.x, y: value.y)
    }

    public override func velocity(in view: UIView?) -> CGPoint {
        let value = edgePan?.velocity ?? .zero
        return CGPoint(x: value.x, y: value.y)
    }
}

/// UIRectEdge with UIKit's raw values.
public nonisolated struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// UIPinchGestureRecognizer on ReelGestures' `PinchRecognizer` (UIKit's 8 pt distance hysteresis,
/// 0.25 / 0.75 velocity smoothing).
@MainActor open class UIPinchGestureRecognizer: UIGestureRecognizer {
    @exclusivity(unchecked) var pinch = PinchRecognizer(
        parameters: .init(
            scaleHysteresis: BuiltinParameters.number("pinch.hysteresis"),
            distanceHysteresis: BuiltinParameters.number("pinch.begin_distance"),
            velocity: BuiltinParameters.pinchVelocity, touchModel: .uikit))
    @exclusivity(unchecked) private var scaleFactor = 1.0

    override var defaultName: String { "pinch" }
    override var windowLocation: GestureVector { pinch.location }
    override var innerState: GestureState { pinch.state }
    override func feed(_ event: TouchEvent) -> [GestureState] { pinch.handle(event) }
    override func refuseInner() { if pinch.state == .began { pinch.refuseBegan() } }
    open override var numberOfTouches: Int { pinch.numberOfTouches }

    /// Distance / initial distance (times the factor `scale` was set to).
    public var scale: CGFloat {
        get { CGFloat(pinch.scale * scaleFactor) }
        set { scaleFactor = pinch.scale != 0 ? Double(newValue) / pinch.scale : 1 }
    }

    /// Scale per second.
    public var velocity: CGFloat { CGFloat(pinch.velocity) }

    override func sequenceBegan() { scaleFactor = 1 }
}

/// UITapGestureRecognizer (one tap, one finger) on ReelGestures' `TapRecognizer` with the built-in
/// profile's movement and duration limits.
@MainActor open class UITapGestureRecognizer: UIGestureRecognizer {
    @exclusivity(unchecked) var tap = TapRecognizer(
        parameters: .init(
            maximumMovement: BuiltinParameters.number("tap.max_movement"), maximumDuration: BuiltinParameters.number("tap.max_duration")))
    @exclusivity(unchecked) public var numberOfTapsRequired = 1
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1 {
        didSet {
            tap = TapRecognizer(
                parameters: .init(
                    maximumMovement: BuiltinParameters.number("tap.max_movement"),
                    maximumDuration: BuiltinParameters.number("tap.max_duration"),
                    numberOfTouchesRequired: numberOfTouchesRequired))
        }
    }

    override var defaultName: String { "tap" }
    override var windowLocation: GestureVector { tap.location }
    override var innerState: GestureState { tap.state }
    override func feed(_ event: TouchEvent) -> [GestureState] { event.touches.flatMap { tap.handle($0) } }
    override func sendsAction(for state: State) -> Bool { state == .ended }
}
