extension CALayer {
    /// Checks a new value, lets the animation machinery see the change (a UIView block's animation
    /// of a view's layer, a standalone layer's implicit animation), then stores it.
    func change(_ key: String, _ value: LayerValue, _ store: () -> Void) {
        let runtime = KitRuntime.current
        if let bad = value.firstNonFinite {
            runtime?.fail(KitFailure(message: "\(messageName) set \(key) to \(bad) at t = \(runtime?.now ?? 0) s (not a finite number)"))
            return
        }
        if let runtime { LayerActions.willChange(self, key: key, to: value, runtime: runtime) }
        store()
    }

    /// The layer's bounds: a view's layer has its view's size (its origin is kept).
    public var bounds: CGRect {
        get {
            guard let view = owningView else { return storedBounds }
            return CGRect(origin: storedBounds.origin, size: CGSize(width: view.modelFrame.v2, height: view.modelFrame.v3))
        }
        set {
            guard let view = owningView else { return change("bounds", LayerValue(newValue)) { storedBounds = newValue } }
            storedBounds.origin = newValue.origin
            view.bounds = newValue
        }
    }

    /// Where the anchor point sits in the superlayer: a view's layer's position is its view's center.
    public var position: CGPoint {
        get {
            guard let view = owningView else { return storedPosition }
            let f = view.modelFrame
            return CGPoint(x: f.v0 + storedAnchorPoint.x * f.v2, y: f.v1 + storedAnchorPoint.y * f.v3)
        }
        set {
            guard let view = owningView else { return change("position", LayerValue(newValue)) { storedPosition = newValue } }
            view.center = newValue
        }
    }

    /// The point of the bounds (0...1 in each axis) that sits at `position` and that transforms
    /// apply about; changing it keeps the position, so the frame moves (Apple's rule).
    public var anchorPoint: CGPoint {
        get { storedAnchorPoint }
        set {
            guard let view = owningView else { return change("anchorPoint", LayerValue(newValue)) { storedAnchorPoint = newValue } }
            let kept = position
            storedAnchorPoint = newValue
            view.center = kept
        }
    }

    /// The frame in the superlayer: from position, anchorPoint and bounds (the bounding box of the
    /// transformed bounds when the affine transform is not the identity); a view's layer: the view's
    /// frame. Setting it sets the position and the bounds' size.
    public var frame: CGRect {
        get {
            if let view = owningView { return view.frame }
            let b = storedBounds
            let origin = CGPoint(x: storedPosition.x - storedAnchorPoint.x * b.width, y: storedPosition.y - storedAnchorPoint.y * b.height)
            let affine = CATransform3DGetAffineTransform(transform)
            guard !affine.isIdentity else { return CGRect(origin: origin, size: b.size) }
            let anchor = CGPoint(x: storedPosition.x, y: storedPosition.y)
            let corners = [CGPoint(x: 0, y: 0), CGPoint(x: b.width, y: 0), CGPoint(x: 0, y: b.height), CGPoint(x: b.width, y: b.height)].map
            {
                CGPoint(x: $0.x - storedAnchorPoint.x * b.width, y: $0.y - storedAnchorPoint.y * b.height).applying(affine)
            }
            return PathBounds.rect(of: corners.map { CGPoint(x: $0.x + anchor.x, y: $0.y + anchor.y) })
        }
        set {
            if let view = owningView {
                view.frame = newValue
                return
            }
            bounds = CGRect(origin: storedBounds.origin, size: newValue.size)
            position = CGPoint(
                x: newValue.minX + storedAnchorPoint.x * newValue.width, y: newValue.minY + storedAnchorPoint.y * newValue.height)
        }
    }

    /// Opacity 0...1; a view's layer: the view's alpha.
    public var opacity: Float {
        get { owningView.map { Float($0.alpha) } ?? storedOpacity }
        set {
            guard let view = owningView else { return change("opacity", LayerValue([Double(newValue)])) { storedOpacity = newValue } }
            view.alpha = CGFloat(newValue)
        }
    }

    public var isHidden: Bool {
        get { owningView?.isHidden ?? storedHidden }
        set {
            guard let view = owningView else {
                storedHidden = newValue
                return
            }
            view.isHidden = newValue
        }
    }

    /// Whether sublayers are clipped to the bounds (its rounded corners); a view's layer: clipsToBounds.
    public var masksToBounds: Bool {
        get { owningView?.clipsToBounds ?? storedMasksToBounds }
        set {
            guard let view = owningView else {
                storedMasksToBounds = newValue
                return
            }
            view.clipsToBounds = newValue
        }
    }

    public var backgroundColor: CGColor? {
        get { owningView.map { $0.backgroundColor } ?? storedBackgroundColor }
        set {
            guard let view = owningView else { return change("backgroundColor", LayerValue(newValue)) { storedBackgroundColor = newValue } }
            view.backgroundColor = newValue
        }
    }

    /// The 3-D transform (m34 perspective included); a view's layer: its affine part is the view's
    /// transform (UIKit's `UIView.transform` is the layer's affine transform), the rest is kept.
    public var transform: CATransform3D {
        get {
            guard let view = owningView else { return storedTransform ?? CATransform3DIdentity }
            return transform(withAffine: view.transform)
        }
        set {
            guard let view = owningView else { return change("transform", LayerValue(newValue)) { storedTransform = newValue } }
            storedTransform = newValue
            view.transform = CATransform3DGetAffineTransform(newValue)
        }
    }

    /// A view's layer's transform for the view's affine `transform`: the full one last set through
    /// the layer while its affine part is still the view's, else the affine one.
    func transform(withAffine affine: CGAffineTransform) -> CATransform3D {
        if let full = storedTransform, CATransform3DGetAffineTransform(full) == affine { return full }
        return CATransform3DMakeAffineTransform(affine)
    }

    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// Kept (ordering among siblings is not modelled in traces).
    public var zPosition: CGFloat {
        get { storedZPosition }
        set { change("zPosition", LayerValue(newValue)) { storedZPosition = newValue } }
    }
}
