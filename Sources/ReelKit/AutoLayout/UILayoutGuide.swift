/// A rectangle that takes part in layout without a view (Apple's UILayoutGuide): added to an
/// owning view, constrained by its anchors, its `layoutFrame` (in the owning view's coordinates)
/// solved with the view's constraints.
open class UILayoutGuide {
    @exclusivity(unchecked) public internal(set) weak var owningView: UIView?
    /// Names the guide in messages (else its owning view's key + ".guide").
    @exclusivity(unchecked) public var identifier = ""
    /// The solved frame in the owning view's coordinates (zero before the first layout pass).
    @exclusivity(unchecked) public internal(set) var layoutFrame = CGRect.zero

    public init() {}

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }
}

/// A constraint's item as the layout pass sees it: a view or a layout guide.
struct LayoutItemRef {
    enum Kind {
        case view(UIView)
        case guide(UILayoutGuide)
    }
    let kind: Kind

    init?(_ item: AnyObject?) {
        if let view = item as? UIView {
            kind = .view(view)
        } else if let guide = item as? UILayoutGuide {
            kind = .guide(guide)
        } else {
            return nil
        }
    }

    /// The view it lives in (a guide's owning view).
    var view: UIView? {
        switch kind {
        case .view(let view): view
        case .guide(let guide): guide.owningView
        }
    }

    var object: AnyObject {
        switch kind {
        case .view(let view): view
        case .guide(let guide): guide
        }
    }

    var name: String {
        switch kind {
        case .view(let view): view.traceKey
        case .guide(let guide):
            guide.identifier.isEmpty ? (guide.owningView?.traceKey ?? "unowned") + ".guide" : guide.identifier
        }
    }
}
