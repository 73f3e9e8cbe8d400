/// The corners `CALayer.maskedCorners` rounds, with Apple's raw values.
public nonisolated struct CACornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// Core Animation's layer as values: geometry, corners, border, shadow, opacity, transform,
/// sublayers, mask, its timing and its animations. A view's layer (`UIView.layer`) shares the
/// view's geometry: its position is the view's center, its bounds the view's bounds, its opacity
/// the view's alpha, its masksToBounds the view's clipsToBounds, its affine transform the view's
/// transform. Nothing is drawn; traces read the values (`traceValues`).
///
/// ```swift
/// card.layer.cornerRadius = 12
/// card.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
/// card.layer.shadowOpacity = 0.3
/// let dot = CALayer()
/// dot.frame = CGRect(x: 10, y: 10, width: 8, height: 8)
/// card.layer.addSublayer(dot)
/// ```
@MainActor open class CALayer: NSObject {
    /// The view whose layer this is (UIKit: the layer's delegate), nil for a standalone layer.
    @exclusivity(unchecked) weak var owningView: UIView?
    /// The run-loop turn the layer was made in: Core Animation gives no implicit animation to a
    /// layer not yet committed (its changes in that turn show at once).
    @exclusivity(unchecked) var createdTurn: Int
    // A standalone layer's geometry (a view's layer reads and writes the view's).
    @exclusivity(unchecked) var storedBounds = CGRect.zero
    @exclusivity(unchecked) var storedPosition = CGPoint.zero
    @exclusivity(unchecked) var storedOpacity: Float = 1
    @exclusivity(unchecked) var storedHidden = false
    @exclusivity(unchecked) var storedMasksToBounds = false
    @exclusivity(unchecked) var storedBackgroundColor: CGColor?
    /// A standalone layer's transform; a view's layer: the full transform last set through the
    /// layer (its affine part is the view's transform), nil once the view's transform was set.
    @exclusivity(unchecked) var storedTransform: CATransform3D?
    @exclusivity(unchecked) var storedAnchorPoint = CGPoint(x: 0.5, y: 0.5)
    @exclusivity(unchecked) var storedZPosition: CGFloat = 0
    @exclusivity(unchecked) var storedCornerRadius: CGFloat = 0
    @exclusivity(unchecked) var storedBorderWidth: CGFloat = 0
    @exclusivity(unchecked) var storedBorderColor: CGColor? = .black
    @exclusivity(unchecked) var storedShadowOpacity: Float = 0
    @exclusivity(unchecked) var storedShadowRadius: CGFloat = 3
    @exclusivity(unchecked) var storedShadowOffset = CGSize(width: 0, height: -3)
    @exclusivity(unchecked) var storedShadowColor: CGColor? = .black
    @exclusivity(unchecked) var storedShadowPath: CGPath?
    @exclusivity(unchecked) var storedSublayers: [CALayer]?
    @exclusivity(unchecked) weak var storedSuperlayer: CALayer?
    /// The layer this one masks (its clock is that layer's).
    @exclusivity(unchecked) weak var maskedLayer: CALayer?
    @exclusivity(unchecked) var storedMask: CALayer?
    /// Explicit and implicit animations, in the order added (later ones apply on top).
    @exclusivity(unchecked) var animationList: [AttachedAnimation] = []
    /// Properties `UIView.animate` animates on a view's layer (cornerRadius), on the block's clock.
    @exclusivity(unchecked) var blockAnimations: [LayerBlockAnimation] = []

    /// The layer's name (its key in messages when set).
    @exclusivity(unchecked) public var name: String?
    /// Which corners `cornerRadius` rounds (all four by default).
    @exclusivity(unchecked) public var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    /// Kept, not drawn.
    @exclusivity(unchecked) public var isDoubleSided = true
    @exclusivity(unchecked) public var shouldRasterize = false
    @exclusivity(unchecked) public var rasterizationScale: CGFloat = 1
    @exclusivity(unchecked) public var contentsScale: CGFloat = 1

    // Core Animation's media timing of the layer (CAMediaTiming): local time =
    // (parent time - beginTime) x speed + timeOffset.
    @exclusivity(unchecked) public var beginTime: TimeInterval = 0
    @exclusivity(unchecked) public var timeOffset: TimeInterval = 0
    @exclusivity(unchecked) public var speed: Float = 1

    public required override init() {
        createdTurn = KitRuntime.current?.runLoopTurn ?? 0
        super.init()
    }

    /// A copy of `layer`'s values (what `presentation()` starts from; subclasses copy theirs).
    public required init(layer: Any) {
        createdTurn = KitRuntime.current?.runLoopTurn ?? 0
        super.init()
        guard let other = layer as? CALayer else { return }
        let now = KitRuntime.current?.now ?? 0
        storedBounds = other.bounds
        storedAnchorPoint = other.storedAnchorPoint
        storedHidden = other.isHidden
        storedMasksToBounds = other.masksToBounds
        storedBackgroundColor = other.backgroundColor
        if let view = other.owningView {
            // The view's values on screen now (its UIView animations), without the layer's own.
            let frame = view.viewPresentation(.frame, at: now)
            storedBounds = CGRect(x: 0, y: 0, width: frame.v2, height: frame.v3)
            storedPosition = CGPoint(x: frame.v0 + other.storedAnchorPoint.x * frame.v2, y: frame.v1 + other.storedAnchorPoint.y * frame.v3)
            storedOpacity = Float(view.viewPresentation(.alpha, at: now).v0)
            let m = view.viewPresentation(.transform, at: now)
            storedTransform = other.transform(withAffine: CGAffineTransform(a: m.v0, b: m.v1, c: m.v2, d: m.v3, tx: m.v4, ty: m.v5))
        } else {
            storedPosition = other.storedPosition
            storedOpacity = other.storedOpacity
            storedTransform = other.storedTransform
        }
        storedZPosition = other.storedZPosition
        storedCornerRadius = other.storedCornerRadius
        storedBorderWidth = other.storedBorderWidth
        storedBorderColor = other.storedBorderColor
        storedShadowOpacity = other.storedShadowOpacity
        storedShadowRadius = other.storedShadowRadius
        storedShadowOffset = other.storedShadowOffset
        storedShadowColor = other.storedShadowColor
        storedShadowPath = other.storedShadowPath
        storedMask = other.storedMask
        storedSublayers = other.storedSublayers
        name = other.name
        maskedCorners = other.maskedCorners
        beginTime = other.beginTime
        timeOffset = other.timeOffset
        speed = other.speed
    }

    /// The layer's name in messages: its name, its view's key + ".layer", else its type.
    var messageName: String {
        if let name { return "layer '\(name)'" }
        if let owningView { return "layer of view '\(owningView.traceKey)'" }
        return "a \(type(of: self)) layer"
    }

    // MARK: Hierarchy

    /// The sublayers added to this layer (a view's subviews' layers are not listed: they follow the views).
    public var sublayers: [CALayer]? {
        get { storedSublayers }
        set {
            for layer in storedSublayers ?? [] { layer.storedSuperlayer = nil }
            storedSublayers = newValue
            for layer in newValue ?? [] { layer.storedSuperlayer = self }
        }
    }

    /// The layer this one is a sublayer of; a view's layer: its superview's layer.
    public var superlayer: CALayer? { storedSuperlayer ?? owningView?.superview?.layer }

    public func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(storedSublayers?.count ?? 0)) }

    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        layer.removeFromSuperlayer()
        var list = storedSublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        storedSublayers = list
        layer.storedSuperlayer = self
    }

    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = storedSublayers?.firstIndex { $0 === sibling } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = storedSublayers?.firstIndex { $0 === sibling }.map { $0 + 1 } ?? storedSublayers?.count ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = storedSublayers?.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    public func removeFromSuperlayer() {
        guard let parent = storedSuperlayer else { return }
        parent.storedSublayers?.removeAll { $0 === self }
        storedSuperlayer = nil
    }

    /// A layer whose alpha masks this one (its shape clips; a view's `mask` sets its view's layer).
    public var mask: CALayer? {
        get { storedMask }
        set {
            storedMask?.maskedLayer = nil
            newValue?.removeFromSuperlayer()
            storedMask = newValue
            newValue?.maskedLayer = self
        }
    }

    /// The layer whose clock this one's follows: the superlayer, the masked layer for a mask,
    /// a view's nearest ancestor view with a loaded layer.
    var timingParent: CALayer? {
        if let storedSuperlayer { return storedSuperlayer }
        if let maskedLayer { return maskedLayer }
        var view = owningView?.superview
        while let candidate = view {
            if let layer = candidate.loadedLayer { return layer }
            view = candidate.superview
        }
        return nil
    }

    // MARK: Time

    /// The layer's local time at session time `t` (CACurrentMediaTime's clock).
    func localTime(atGlobal t: Double) -> Double {
        let parent = timingParent?.localTime(atGlobal: t) ?? t
        return (parent - beginTime) * Double(speed) + timeOffset
    }

    /// Session time for a local time (a paused layer maps every time to its beginTime).
    func globalTime(fromLocal t: Double) -> Double {
        let parent = speed == 0 ? beginTime : (t - timeOffset) / Double(speed) + beginTime
        return timingParent?.globalTime(fromLocal: parent) ?? parent
    }

    /// The product of the speeds down to this layer (0: its clock is stopped).
    var effectiveSpeed: Double { Double(speed) * (timingParent?.effectiveSpeed ?? 1) }

    /// `t` of `layer`'s time (nil: session time) in this layer's time.
    public func convertTime(_ t: TimeInterval, from layer: CALayer?) -> TimeInterval {
        localTime(atGlobal: layer?.globalTime(fromLocal: t) ?? t)
    }

    /// `t` of this layer's time in `layer`'s (nil: session time).
    public func convertTime(_ t: TimeInterval, to layer: CALayer?) -> TimeInterval {
        let global = globalTime(fromLocal: t)
        return layer?.localTime(atGlobal: global) ?? global
    }

    // MARK: Presentation

    /// The layer as it shows now: a copy of its values with its running animations applied at the
    /// current time (a view's layer also with its view's UIView animations).
    public func presentation() -> Self? {
        let now = KitRuntime.current?.now ?? 0
        return presentation(at: now)
    }

    /// The layer itself (the model values).
    public func model() -> Self { self }

    func presentation(at t: Double) -> Self {
        let copy = type(of: self).init(layer: self)
        copy.owningView = nil
        LayerAnimationEvaluation.apply(animationsOf: self, to: copy, at: t)
        return copy
    }

    /// Whether any animation (explicit, implicit or a UIView block's) is attached.
    var hasAnimations: Bool { !animationList.isEmpty || !blockAnimations.isEmpty }

    // MARK: Key paths (CALayer+KeyPaths.swift)

    /// The value of one of the class's whole animatable key paths (a subclass adds its own, then asks super).
    func ownLayerValue(at key: String) -> LayerValue? {
        switch key {
        case "position": LayerValue(position)
        case "bounds": LayerValue(bounds)
        case "anchorPoint": LayerValue(anchorPoint)
        case "opacity": LayerValue([Double(opacity)])
        case "zPosition": LayerValue(zPosition)
        case "cornerRadius": LayerValue(cornerRadius)
        case "borderWidth": LayerValue(borderWidth)
        case "borderColor": LayerValue(borderColor)
        case "backgroundColor": LayerValue(backgroundColor)
        case "shadowOpacity": LayerValue([Double(shadowOpacity)])
        case "shadowRadius": LayerValue(shadowRadius)
        case "shadowOffset": LayerValue(shadowOffset)
        case "shadowColor": LayerValue(shadowColor)
        case "shadowPath": LayerValue(path: shadowPath)
        case "transform": LayerValue(transform)
        default: nil
        }
    }

    /// Stores a whole key path's value (no animation, no view): false when it is not one of the
    /// class's or the value has too few numbers for it.
    func setOwnLayerValue(_ v: LayerValue, at key: String) -> Bool {
        let n = v.numbers.count
        switch key {
        case "position" where n >= 2: storedPosition = v.point
        case "bounds" where n >= 4: storedBounds = v.rect
        case "anchorPoint" where n >= 2: storedAnchorPoint = v.point
        case "opacity" where n >= 1: storedOpacity = Float(v.scalar)
        case "zPosition" where n >= 1: storedZPosition = v.scalar
        case "cornerRadius" where n >= 1: storedCornerRadius = v.scalar
        case "borderWidth" where n >= 1: storedBorderWidth = v.scalar
        case "borderColor" where n >= 4: storedBorderColor = v.color
        case "backgroundColor" where n >= 4: storedBackgroundColor = v.color
        case "shadowOpacity" where n >= 1: storedShadowOpacity = Float(v.scalar)
        case "shadowRadius" where n >= 1: storedShadowRadius = v.scalar
        case "shadowOffset" where n >= 2: storedShadowOffset = v.size
        case "shadowColor" where n >= 4: storedShadowColor = v.color
        case "shadowPath" where v.path != nil || v.isNilPath: storedShadowPath = v.path
        case "transform" where n >= 16: storedTransform = v.transform
        default: return false
        }
        return true
    }

    // MARK: Kept, not drawn

    public func setNeedsDisplay() {}
    public func setNeedsLayout() {}
    public func layoutIfNeeded() {}
    public func removeAllAnimations() { LayerAnimationRegistry.removeAll(from: self) }
}
