import ReelTrace

/// UIEdgeInsets: distances in from a rectangle's edges.
public nonisolated struct UIEdgeInsets: Sendable, Hashable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
    /// The rectangle with `insets` taken off its edges (UIKit's `inset(by:)`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: minX + insets.left, y: minY + insets.top, width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom)
    }
}

/// The safe area and layout margins of a session's device (docs/KIT.md, "Safe areas and margins").
enum SafeArea {
    /// The window's safe area insets: `Device.safeAreaInsets` (top and bottom by screen size), and
    /// for a phone without a home button in landscape the sensor housing's side, left and right,
    /// as deep as its portrait top inset (X and XS: 44, 14 Pro: 59).
    static func window(_ device: Device) -> UIEdgeInsets {
        let insets = device.safeAreaInsets
        let landscapePhone = device.width > device.height && min(device.width, device.height) < 500
        var side = 0.0
        if landscapePhone, insets.bottom > 0 {
            side = Device(width: device.height, height: device.width, scale: device.scale).safeAreaInsets.top
        }
        return UIEdgeInsets(top: CGFloat(insets.top), left: CGFloat(side), bottom: CGFloat(insets.bottom), right: CGFloat(side))
    }

    /// A view's safe area insets: how far the window's unsafe edges reach into the view's bounds
    /// (Apple's `safeAreaInsets`: "For other views in the view hierarchy, the insets reflect only
    /// the portion of the view that is covered"), each at least 0 and at most the view's size.
    static func insets(of view: UIView) -> UIEdgeInsets {
        guard let window = view.window, let device = KitRuntime.current?.device else { return .zero }
        let safe = window.bounds.inset(by: Self.window(device))
        let rect = view.convert(view.bounds, to: nil)
        func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat { min(max(value, 0), max(limit, 0)) }
        return UIEdgeInsets(
            top: clamp(safe.minY - rect.minY, rect.height), left: clamp(safe.minX - rect.minX, rect.width),
            bottom: clamp(rect.maxY - safe.maxY, rect.height), right: clamp(rect.maxX - safe.maxX, rect.width))
    }

    /// The system minimum margins of a controller's root view: 16 pt at the sides in a compact
    /// width, 20 pt in a regular one, none at the top and bottom (not from a source; Apple's
    /// `systemMinimumLayoutMargins` says only that they depend on the environment).
    static func systemMinimumMargins() -> UIEdgeInsets {
        let side: CGFloat = UITraitCollection.current.horizontalSizeClass == .regular ? 20 : 16
        return UIEdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }
}

/// A layout guide the system keeps at its view's bounds minus insets (the safe area and layout
/// margins guides): its frame is read from the view at any time, and a layout pass holds it there
/// with required constraints.
final class SystemLayoutGuide: UILayoutGuide {
    let insets: @MainActor (UIView) -> UIEdgeInsets

    init(owner: UIView, identifier: String, insets: @escaping @MainActor (UIView) -> UIEdgeInsets) {
        self.insets = insets
        super.init()
        self.identifier = identifier
        owningView = owner
    }

    /// The owning view's bounds minus the insets (zero without a view).
    override var layoutFrame: CGRect {
        get { owningView.map { $0.bounds.inset(by: insets($0)) } ?? .zero }
        set {}
    }

    /// The insets now, for the layout pass.
    var currentInsets: UIEdgeInsets { owningView.map { insets($0) } ?? .zero }
}

/// A view's margins and system guides, made when first asked for.
final class ViewMargins {
    @exclusivity(unchecked) var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    @exclusivity(unchecked) var insetsLayoutMarginsFromSafeArea = true
    @exclusivity(unchecked) var safeAreaGuide: SystemLayoutGuide?
    @exclusivity(unchecked) var marginsGuide: SystemLayoutGuide?
}

extension UIView {
    /// How far the window's unsafe edges (status bar or sensor housing, home indicator) reach into
    /// the view; zero outside a window. ReelKit draws no bars, so only the device's edges count.
    public var safeAreaInsets: UIEdgeInsets { SafeArea.insets(of: self) }

    /// The view's bounds minus its safe area insets, as a layout guide for constraints.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = margins.safeAreaGuide { return guide }
        let guide = SystemLayoutGuide(owner: self, identifier: traceKey + ".safeArea") { SafeArea.insets(of: $0) }
        margins.safeAreaGuide = guide
        return guide
    }

    /// The margins (default 8 pt each side; a controller's root view at least the system minimum,
    /// 16 pt at the sides on a phone, see `SafeArea.systemMinimumMargins`).
    public var layoutMargins: UIEdgeInsets {
        get {
            let own = margins.layoutMargins
            guard owningController != nil else { return own }
            let minimum = SafeArea.systemMinimumMargins()
            return UIEdgeInsets(
                top: max(own.top, minimum.top), left: max(own.left, minimum.left), bottom: max(own.bottom, minimum.bottom),
                right: max(own.right, minimum.right))
        }
        set {
            margins.layoutMargins = newValue
            autoLayout?.needsLayout = true
        }
    }

    /// Whether the margins are measured from the safe area's edges (default true), Apple's
    /// `insetsLayoutMarginsFromSafeArea`.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { margins.insetsLayoutMarginsFromSafeArea }
        set { margins.insetsLayoutMarginsFromSafeArea = newValue }
    }

    /// The bounds minus the margins (plus the safe area insets when `insetsLayoutMarginsFromSafeArea`).
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = margins.marginsGuide { return guide }
        let guide = SystemLayoutGuide(owner: self, identifier: traceKey + ".layoutMargins") { view in
            let margins = view.layoutMargins
            guard view.insetsLayoutMarginsFromSafeArea else { return margins }
            let safe = view.safeAreaInsets
            return UIEdgeInsets(
                top: margins.top + safe.top, left: margins.left + safe.left, bottom: margins.bottom + safe.bottom,
                right: margins.right + safe.right)
        }
        margins.marginsGuide = guide
        return guide
    }
}
