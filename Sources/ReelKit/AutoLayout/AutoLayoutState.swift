/// A view's Auto Layout state (UIView's one stored `autoLayout` property; nil for a view that
/// never used Auto Layout, so such views cost nothing).
final class AutoLayoutState {
    /// Active constraints whose first item is this view or one of its guides, in activation order.
    @exclusivity(unchecked) var constraints: [NSLayoutConstraint] = []
    @exclusivity(unchecked) var guides: [UILayoutGuide] = []
    @exclusivity(unchecked) var translatesAutoresizingMaskIntoConstraints = true
    @exclusivity(unchecked) var needsLayout = false
    @exclusivity(unchecked) var needsUpdateConstraints = false
    /// Content hugging and compression resistance, horizontal then vertical (UIKit's defaults for a view made in code).
    @exclusivity(unchecked) var hugging: [UILayoutPriority] = [.defaultLow, .defaultLow]
    @exclusivity(unchecked) var compressionResistance: [UILayoutPriority] = [.defaultHigh, .defaultHigh]
    @exclusivity(unchecked) var semanticContentAttribute = UISemanticContentAttribute.unspecified
}

/// How a view's content flips for right-to-left layout (UIKit's raw values).
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0
    case playback, spatial, forceLeftToRight, forceRightToLeft
}

/// The direction leading and trailing follow.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}

extension UIView {
    var layoutState: AutoLayoutState {
        if let autoLayout { return autoLayout }
        let made = AutoLayoutState()
        autoLayout = made
        return made
    }

    /// True (the default for views made in code): the view's frame is held by required constraints
    /// on its position and size; false: its constraints decide its frame.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayout?.translatesAutoresizingMaskIntoConstraints ?? true }
        set {
            layoutState.translatesAutoresizingMaskIntoConstraints = newValue
            layoutState.needsLayout = true
        }
    }

    /// The active constraints held by this view (those whose first item is it or its guides).
    public var constraints: [NSLayoutConstraint] { autoLayout?.constraints ?? [] }

    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    public func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.deactivate(constraints) }

    public var layoutGuides: [UILayoutGuide] { autoLayout?.guides ?? [] }

    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        layoutState.guides.append(guide)
    }

    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        autoLayout?.guides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        autoLayout?.hugging[axis.rawValue] ?? .defaultLow
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.hugging[axis.rawValue] = priority
        layoutState.needsLayout = true
    }

    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        autoLayout?.compressionResistance[axis.rawValue] ?? .defaultHigh
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.compressionResistance[axis.rawValue] = priority
        layoutState.needsLayout = true
    }

    /// The intrinsic size changed: the next layout pass reads it again.
    public func invalidateIntrinsicContentSize() { layoutState.needsLayout = true }

    public func setNeedsUpdateConstraints() {
        layoutState.needsUpdateConstraints = true
        layoutState.needsLayout = true
    }

    /// Runs `updateConstraints` now if it was asked for.
    public func updateConstraintsIfNeeded() {
        guard let autoLayout, autoLayout.needsUpdateConstraints else { return }
        autoLayout.needsUpdateConstraints = false
        updateConstraints()
    }

    public var semanticContentAttribute: UISemanticContentAttribute {
        get { autoLayout?.semanticContentAttribute ?? .unspecified }
        set {
            layoutState.semanticContentAttribute = newValue
            layoutState.needsLayout = true
        }
    }

    /// Right to left only when forced (ReelKit's sessions run in a left-to-right locale).
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        semanticContentAttribute == .forceRightToLeft ? .rightToLeft : .leftToRight
    }

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
