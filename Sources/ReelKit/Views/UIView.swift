import ReelGestures

/// UIView as transitions use it: geometry, alpha, transform, hierarchy, gesture recognizers. Its
/// animatable properties (frame, bounds, center, alpha, transform) report to the animation block
/// being run, so `UIView.animate` animates them on Reel's timing model; frames sample their
/// on-screen (presentation) values. Auto Layout: Sources/ReelKit/AutoLayout. Its layer
/// (Sources/ReelKit/Layers) shares its geometry; nothing is drawn.
///
/// ```swift
/// let card = UIView(frame: CGRect(x: 0, y: 400, width: 390, height: 444))
/// card.accessibilityIdentifier = "card"  // its key in traces
/// view.addSubview(card)
/// ```
@MainActor open class UIView: NSObject {
    /// `objc_setAssociatedObject`'s values (AssociatedObjects.swift), made on first use.
    lazy var associations = AssociatedObjects()
    /// The untransformed frame in the superview's coordinates (x, y, width, height): the model value.
    @exclusivity(unchecked) var modelFrame: AnimatedValue
    @exclusivity(unchecked) var modelAlpha = AnimatedValue(1)
    /// How far a visual effect view shows its effect (`UIVisualEffectView.effect`): 0 for any other view.
    @exclusivity(unchecked) var modelEffect = AnimatedValue(0)
    @exclusivity(unchecked) var modelTransform = AnimatedValue(1, 0, 0, 1, 0, 0)
    /// Running animations of this view, oldest first.
    @exclusivity(unchecked) var animations: [ViewAnimation] = []
    /// Views Reel does not list in frames: the window, containers' wrappers, transition containers.
    /// Their frames still offset their subviews.
    @exclusivity(unchecked) var structuralName: String?
    /// The controller whose root view this is.
    @exclusivity(unchecked) weak var owningController: UIViewController?
    /// Auto Layout's state (constraints, guides, priorities); nil until the view uses Auto Layout.
    @exclusivity(unchecked) var autoLayout: AutoLayoutState?

    @exclusivity(unchecked) public private(set) weak var superview: UIView?
    @exclusivity(unchecked) public private(set) var subviews: [UIView] = []
    @exclusivity(unchecked) public var isHidden = false
    /// `observe(_:options:changeHandler:)`'s observations (KeyValueObserving.swift).
    @exclusivity(unchecked) var observers: [WeakObservation] = []
    @exclusivity(unchecked) public var backgroundColor: UIColor?
    @exclusivity(unchecked) public var isUserInteractionEnabled = true
    @exclusivity(unchecked) public var tag = 0
    @exclusivity(unchecked) public var clipsToBounds = false
    /// Names the view in traces (else its controller's name + ".view", else a path).
    @exclusivity(unchecked) public var accessibilityIdentifier: String?
    @exclusivity(unchecked) public private(set) var gestureRecognizers: [UIGestureRecognizer]?
    /// How the view follows its superview's resizes (Autoresizing.swift; default none).
    @exclusivity(unchecked) public var autoresizingMask: AutoresizingMask = []
    /// Layout margins and the system layout guides (SafeArea.swift), made on first use.
    lazy var margins = ViewMargins()
    /// The bounds' origin: where the view's own coordinates start, (0, 0) unless set. Its subviews'
    /// frames are in these coordinates, so a nonzero origin moves them the other way on screen; a
    /// scroll view's origin is its `contentOffset` (Sources/ReelKit/Scroll).
    @exclusivity(unchecked) var boundsOrigin = CGPoint.zero

    /// The view's layer once asked for (`layer`, UIView+Layer.swift).
    @exclusivity(unchecked) var loadedLayer: CALayer?
    /// The view set as `mask`.
    @exclusivity(unchecked) var maskView: UIView?

    /// The class of the view's layer (override to back a view with a CAShapeLayer or CAGradientLayer).
    ///
    /// ```swift
    /// final class RingView: UIView {
    ///     override class var layerClass: AnyClass { CAShapeLayer.self }
    /// }
    /// ```
    open class var layerClass: AnyClass { CALayer.self }

    public init(frame: CGRect) {
        modelFrame = AnimatedValue(Double(frame.origin.x), Double(frame.origin.y), Double(frame.size.width), Double(frame.size.height))
    }

    public override convenience init() { self.init(frame: .zero) }

    /// Never called: a session's traits do not change (UITraitCollection.swift).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Touches (UIResponder; ResponderTouches.swift)

    /// Fingers landed on the view; by default passed to the next responder (its controller for a
    /// controller's root view, else its superview), as UIKit's UIResponder does.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { nextTouchResponder?.touchesBegan(touches, with: event) }
    /// Fingers moved on the view.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { nextTouchResponder?.touchesMoved(touches, with: event) }
    /// Fingers lifted from the view.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { nextTouchResponder?.touchesEnded(touches, with: event) }
    /// The view's touches were taken by a recognizer (`cancelsTouchesInView`) or lost.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        nextTouchResponder?.touchesCancelled(touches, with: event)
    }

    // MARK: Geometry

    /// The untransformed frame in the superview's coordinates (UIKit's frame is undefined under a
    /// non-identity transform; ReelKit keeps the untransformed one).
    public var frame: CGRect {
        get { CGRect(x: modelFrame.v0, y: modelFrame.v1, width: modelFrame.v2, height: modelFrame.v3) }
        set {
            set(
                .frame,
                AnimatedValue(
                    Double(newValue.origin.x), Double(newValue.origin.y), Double(newValue.size.width), Double(newValue.size.height)))
        }
    }

    /// The view's own coordinates: its origin (where its subviews' frames start; (0, 0) unless set,
    /// a scroll view's `contentOffset`) and the frame's size. Setting it resizes about the center (the
    /// layer's anchor point, the middle unless the layer's was moved) and moves the origin (not
    /// animated: the origin is set at once, inside an animation block too).
    public var bounds: CGRect {
        get { CGRect(x: boundsOrigin.x, y: boundsOrigin.y, width: modelFrame.v2, height: modelFrame.v3) }
        set {
            let (ax, ay) = anchor
            let centerX = modelFrame.v0 + modelFrame.v2 * ax
            let centerY = modelFrame.v1 + modelFrame.v3 * ay
            let w = Double(newValue.size.width)
            let h = Double(newValue.size.height)
            if newValue.origin != boundsOrigin { setBoundsOrigin(newValue.origin) }
            set(.frame, AnimatedValue(centerX - w * ax, centerY - h * ay, w, h))
        }
    }

    /// Sets the bounds' origin (a NaN or infinite one stops the session with an error naming it),
    /// tells `boundsOriginChanged()` and the key-value observers.
    func setBoundsOrigin(_ origin: CGPoint) {
        if !origin.x.isFinite || !origin.y.isFinite {
            let runtime = KitRuntime.current
            let (name, value) = origin.x.isFinite ? ("y", origin.y) : ("x", origin.x)
            runtime?.fail(
                KitFailure(
                    message: "view '\(traceKey)' set bounds.origin.\(name) to \(value) at t = \(runtime?.now ?? 0) s (not a finite number)")
            )
            return
        }
        guard origin != boundsOrigin else { return }
        boundsOrigin = origin
        boundsOriginChanged()
        notifyObservers()
    }

    /// The bounds' origin changed (a scroll view tells its delegate `scrollViewDidScroll`).
    func boundsOriginChanged() {}

    /// The layer's position (UIKit's rule): the frame's middle, or the layer's anchor point in it.
    public var center: CGPoint {
        get {
            let (ax, ay) = anchor
            return CGPoint(x: modelFrame.v0 + modelFrame.v2 * ax, y: modelFrame.v1 + modelFrame.v3 * ay)
        }
        set {
            let (ax, ay) = anchor
            set(
                .frame,
                AnimatedValue(
                    Double(newValue.x) - modelFrame.v2 * ax, Double(newValue.y) - modelFrame.v3 * ay, modelFrame.v2, modelFrame.v3))
        }
    }

    /// The layer's anchor point (0.5, 0.5 until a loaded layer's is moved).
    private var anchor: (Double, Double) {
        guard let point = loadedLayer?.storedAnchorPoint else { return (0.5, 0.5) }
        return (Double(point.x), Double(point.y))
    }

    public var alpha: CGFloat {
        get { CGFloat(modelAlpha.v0) }
        set { set(.alpha, AnimatedValue(Double(newValue))) }
    }

    public var transform: CGAffineTransform {
        get {
            CGAffineTransform(
                a: modelTransform.v0, b: modelTransform.v1, c: modelTransform.v2, d: modelTransform.v3, tx: modelTransform.v4,
                ty: modelTransform.v5)
        }
        set {
            set(
                .transform,
                AnimatedValue(
                    Double(newValue.a), Double(newValue.b), Double(newValue.c), Double(newValue.d), Double(newValue.tx), Double(newValue.ty)
                ))
        }
    }

    func model(_ channel: AnimatedChannel) -> AnimatedValue {
        switch channel {
        case .frame: modelFrame
        case .alpha: modelAlpha
        case .transform: modelTransform
        case .effect: modelEffect
        }
    }

    private func setModel(_ channel: AnimatedChannel, _ value: AnimatedValue) {
        switch channel {
        case .frame: modelFrame = value
        case .alpha: modelAlpha = value
        case .transform: modelTransform = value
        case .effect: modelEffect = value
        }
    }

    /// Sets how far the view shows its visual effect (`UIVisualEffectView.effect`), animated as
    /// any channel inside an animation block or a property animator.
    func setEffectFraction(_ fraction: Double) { set(.effect, AnimatedValue(fraction)) }

    /// A setter: checks the numbers, reports the change to the animation block being run, stores the model value.
    private func set(_ channel: AnimatedChannel, _ value: AnimatedValue) {
        let runtime = KitRuntime.current
        if let bad = value.firstNonFinite {
            runtime?.fail(
                KitFailure(
                    message:
                        "view '\(traceKey)' set \(channel.componentNames[bad]) to \(value[bad]) at t = \(runtime?.now ?? 0) s (not a finite number)"
                ))
            return
        }
        if let runtime, runtime.animationsSuppressed == 0, let recorder = runtime.recorders.last {
            let from = recorder.chainsModelValues ? model(channel) : presentation(channel, at: runtime.now)
            recorder.record(.init(view: self, channel: channel, from: from, to: value))
        } else if !animations.isEmpty {
            // Set outside an animation block: the new value shows at once (UIKit removes the animation of the key path).
            animations.removeAll { $0.channel == channel }
        }
        let oldSize = CGSize(width: modelFrame.v2, height: modelFrame.v3)
        setModel(channel, value)
        if channel == .frame {
            Autoresizing.resizeSubviews(of: self, from: oldSize)
            // A view taking part in Auto Layout asks for a pass: the frames constrained to it follow.
            autoLayout?.needsLayout = true
            layoutSubviews()
        }
        notifyObservers()
    }

    /// Whether anything animates the view's frame, alpha or transform (its own animations, its
    /// layer's explicit ones).
    var isAnimating: Bool { !animations.isEmpty || loadedLayer?.animationList.isEmpty == false }

    /// The value on screen at session time `t`: the view's animations' (`viewPresentation`), with
    /// its layer's explicit animations (position, bounds, opacity, transform) on top.
    func presentation(_ channel: AnimatedChannel, at t: Double) -> AnimatedValue {
        guard let layer = loadedLayer, !layer.animationList.isEmpty else { return viewPresentation(channel, at: t) }
        let shown = layer.presentation(at: t)
        switch channel {
        case .frame:
            let b = shown.storedBounds
            let p = shown.storedPosition
            let a = shown.storedAnchorPoint
            return AnimatedValue(Double(p.x - a.x * b.width), Double(p.y - a.y * b.height), Double(b.width), Double(b.height))
        case .alpha: return AnimatedValue(Double(shown.storedOpacity))
        case .effect: return viewPresentation(.effect, at: t)
        case .transform:
            let m = CATransform3DGetAffineTransform(shown.storedTransform ?? CATransform3DIdentity)
            return AnimatedValue(Double(m.a), Double(m.b), Double(m.c), Double(m.d), Double(m.tx), Double(m.ty))
        }
    }

    /// The value the view's own animations show at session time `t`: the latest animation of the
    /// channel that has begun (the first one applies before it begins), else the model value.
    func viewPresentation(_ channel: AnimatedChannel, at t: Double) -> AnimatedValue {
        var value = model(channel)
        // Frames sample every view at every tick, most of them not animating.
        if animations.isEmpty { return value }
        var seen = false
        for index in animations.indices where animations[index].channel == channel {
            let animation = animations[index]
            if seen && !animation.group.hasBegun(animation, at: t) { continue }
            seen = true
            value = animation.value(at: t)
        }
        return value
    }

    /// Removes the animations of a completed group; a group that ended back at its start (a cancelled
    /// transition, a reversed animator) puts the model values back where they started.
    func finishAnimations(of group: AnimationGroup, atStart: Bool) {
        if atStart {
            // Latest first, so the channel's first change in the group, which holds its value from before, is set last.
            for animation in animations.reversed() where animation.group === group { setModel(animation.channel, animation.from) }
        }
        animations.removeAll { $0.group === group }
        if let layer = loadedLayer, !layer.blockAnimations.isEmpty {
            if atStart {
                for animation in layer.blockAnimations.reversed() where animation.group === group {
                    layer.setOwnLayerValue(animation.from, at: animation.key)
                }
            }
            layer.blockAnimations.removeAll { $0.group === group }
        }
    }

    // MARK: Hierarchy

    public func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    public func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
    }

    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        view.removeFromSuperview()
        let index = subviews.firstIndex { $0 === sibling } ?? subviews.count
        subviews.insert(view, at: index)
        view.superview = self
    }

    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        view.removeFromSuperview()
        let index = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
        subviews.insert(view, at: index)
        view.superview = self
    }

    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    public var window: UIWindow? {
        var current: UIView? = self
        while let candidate = current {
            if let window = candidate as? UIWindow { return window }
            current = candidate.superview
        }
        return nil
    }

    /// Lays out subviews (override point; Auto Layout's frames are set before it runs).
    open func layoutSubviews() {}
    /// Schedules a layout pass (run at `layoutIfNeeded`, or after the current touch event).
    public func setNeedsLayout() { layoutState.needsLayout = true }
    /// Runs the layout pass now: the constraints of the view's tree solved, frames set (animated
    /// inside an animation block), `layoutSubviews` called; without Auto Layout, `layoutSubviews`.
    public func layoutIfNeeded() { AutoLayoutPass.layoutIfNeeded(self) }
    /// The natural size of the content (UIView.noIntrinsicMetric along an axis without one).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Updates constraints before the layout pass solves them (override point; call super).
    open func updateConstraints() {}

    // MARK: Coordinates

    /// Where the view's coordinates' (0, 0) is in window coordinates: its frame's origin with its
    /// superviews' frames added and the bounds' origins (scroll offsets) of it and its superviews
    /// taken off; transforms not applied.
    var originInWindow: CGPoint {
        var x = modelFrame.v0 - boundsOrigin.x
        var y = modelFrame.v1 - boundsOrigin.y
        var current = superview
        while let view = current, !(view is UIWindow) {
            x += view.modelFrame.v0 - view.boundsOrigin.x
            y += view.modelFrame.v1 - view.boundsOrigin.y
            current = view.superview
        }
        return CGPoint(x: x, y: y)
    }

    /// A point of this view's coordinates in `view`'s (nil: the window's). Transforms are not applied.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let mine = originInWindow
        let theirs = view?.originInWindow ?? .zero
        return CGPoint(x: point.x + mine.x - theirs.x, y: point.y + mine.y - theirs.y)
    }

    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let mine = originInWindow
        let theirs = view?.originInWindow ?? .zero
        return CGPoint(x: point.x + theirs.x - mine.x, y: point.y + theirs.y - mine.y)
    }

    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    // MARK: Hit testing

    /// Whether `point` (in the view's coordinates) is inside its bounds.
    public func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        let x = point.x - boundsOrigin.x
        let y = point.y - boundsOrigin.y
        return x >= 0 && y >= 0 && x < modelFrame.v2 && y < modelFrame.v3
    }

    /// UIKit's hit test: hidden, non-interactive or nearly transparent views (alpha < 0.01) and
    /// their subviews are skipped; subviews are asked front to back; points in this view's coordinates.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, modelAlpha.v0 >= 0.01, self.point(inside: point, with: event) || self is UIWindow
        else { return nil }
        for subview in subviews.reversed() {
            let local = CGPoint(
                x: point.x - subview.modelFrame.v0 + subview.boundsOrigin.x, y: point.y - subview.modelFrame.v1 + subview.boundsOrigin.y)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self is UIWindow ? nil : self
    }

    // MARK: Gesture recognizers

    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers = (gestureRecognizers ?? []) + [recognizer]
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        gestureRecognizers?.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    // MARK: Snapshots

    /// A view standing for this one's current look: same frame (in this view's superview), alpha
    /// and transform, no subviews (pixels are not modelled). Name it with accessibilityIdentifier.
    public func snapshotView(afterScreenUpdates: Bool) -> UIView? {
        let snapshot = UIView(frame: frame)
        snapshot.modelAlpha = modelAlpha
        snapshot.modelTransform = modelTransform
        snapshot.accessibilityIdentifier = accessibilityIdentifier.map { $0 + ".snapshot" }
        snapshot.snapshotSource = self
        return snapshot
    }

    /// The last key made from the owning controller's name, with that name.
    @exclusivity(unchecked) private var controllerKey: (name: String, key: String)?

    /// The view a snapshot was taken of (its key names the snapshot when it has no identifier).
    @exclusivity(unchecked) weak var snapshotSource: UIView?

    // MARK: Names

    /// The view's key in traces: accessibilityIdentifier, else its controller's name + ".view", else
    /// its superview's key + "/" + its type and index (a snapshot: its source's key + ".snapshot").
    public var traceKey: String {
        if let accessibilityIdentifier { return accessibilityIdentifier }
        if let owningController {
            // Frames name views at every tick: the key is remade only when the controller's name changes.
            let name = owningController.reelName
            if let cached = controllerKey, cached.name == name { return cached.key }
            let key = name + ".view"
            controllerKey = (name, key)
            return key
        }
        if let snapshotSource { return snapshotSource.traceKey + ".snapshot" }
        if let structuralName { return structuralName }
        guard let superview else { return String(describing: type(of: self)) }
        let index = superview.subviews.firstIndex { $0 === self } ?? 0
        return superview.traceKey + "/" + String(describing: type(of: self)) + "[\(index)]"
    }
}

/// UIKit's event object. The window's events (`UIWindow.sendEvent(_:)`) carry the event's time and
/// its touches, one `UITouch` per finger kept for the finger's life as in UIKit; the events handed
/// to recognizers' and responders' touches methods carry neither (nil `allTouches`, time 0).
///
/// ```swift
/// override func sendEvent(_ event: UIEvent) {
///     for touch in event.allTouches ?? [] { print(touch.timestamp, touch.phase, touch.location(in: nil)) }
///     super.sendEvent(event)
/// }
/// ```
@MainActor public final class UIEvent: NSObject {
    /// The event's time, seconds on the session's clock (UIKit: since system start-up).
    public let timestamp: TimeInterval
    /// The touches of the event (the fingers whose lines it holds); nil for events not from the window.
    public let allTouches: Set<UITouch>?
    /// The stream's lines the window delivers to recognizers and responders (nil when not the window's).
    let touchEvent: TouchEvent?

    /// An event with no touches, at time 0 (what NSObject's `init()` gave before the window's events).
    public override init() {
        timestamp = 0
        allTouches = nil
        touchEvent = nil
    }

    init(_ touchEvent: TouchEvent, touches: Set<UITouch>) {
        timestamp = touchEvent.t
        allTouches = touches
        self.touchEvent = touchEvent
    }
}

/// A color, kept only as numbers (pixels are not modelled).
public nonisolated struct UIColor: Sendable, Hashable {
    public var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let systemBackground = UIColor(white: 1, alpha: 1)
}

/// The window: the root of the view hierarchy and of the view-controller hierarchy.
@MainActor open class UIWindow: UIView {
    @exclusivity(unchecked) public var rootViewController: UIViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            guard let root = rootViewController else { return }
            root.view.frame = bounds
            insertSubview(root.view, at: 0)
        }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        structuralName = "window"
    }

    /// The screen the window shows on: the session's device.
    public var screen: UIScreen { UIScreen.main }

    /// Delivers a touch event to the recognizers and views its fingers landed on (UIKit's
    /// dispatch, TouchDispatch.swift). ReelKit calls it for every event of the session; a subclass
    /// that overrides it sees every touch first and must call `super` for the app to get them.
    ///
    /// ```swift
    /// final class LoggingWindow: UIWindow {
    ///     override func sendEvent(_ event: UIEvent) {
    ///         print(event.timestamp, event.allTouches?.count ?? 0)
    ///         super.sendEvent(event)
    ///     }
    /// }
    /// ```
    open func sendEvent(_ event: UIEvent) {
        guard let touchEvent = event.touchEvent, let runtime = KitRuntime.current, runtime.window === self,
            let bindings = runtime.touchBindings
        else { return }
        TouchDispatch.deliver(touchEvent, in: runtime, bindings: bindings)
    }

    /// Shows the root controller's view: its appearance callbacks, as UIKit gives them at launch.
    public func makeKeyAndVisible() {
        guard let root = rootViewController else { return }
        root.beginAppearance(appearing: true, animated: false)
        root.endAppearance()
    }
}

extension UIView: AssociatedObjectOwner {}
