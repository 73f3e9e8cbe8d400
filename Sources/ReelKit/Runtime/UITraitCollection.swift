import ReelTrace

/// UIUserInterfaceSizeClass with UIKit's raw values.
public nonisolated enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2
}

/// UIUserInterfaceStyle with UIKit's raw values.
public nonisolated enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}

/// UITraitEnvironmentLayoutDirection with UIKit's raw values.
public nonisolated enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// The session's traits, from its device: size classes by Apple's Human Interface Guidelines
/// ("Layout", device size classes): a phone in portrait is compact width, regular height; a phone
/// in landscape is compact height, and regular width on the large phones (portrait width 414 pt and
/// up: the Plus and Max models, XR and 11), compact on the others; an iPad full screen is regular in
/// both. `displayScale` is the device's scale; sessions run in light mode, left to right (the
/// session has no appearance or locale setting). Traits never change during a session (no
/// rotation, no multitasking), so `traitCollectionDidChange` is never called.
///
/// ```swift
/// if traitCollection.horizontalSizeClass == .compact { card.frame.size.width = view.bounds.width - 32 }
/// ```
@MainActor public final class UITraitCollection: NSObject {
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let displayScale: CGFloat
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    public let userInterfaceIdiom: UIUserInterfaceIdiom

    init(device: Device) {
        let short = min(device.width, device.height)
        let pad = short >= 744
        let landscape = device.width > device.height
        horizontalSizeClass = pad || (landscape && short >= 414) ? .regular : .compact
        verticalSizeClass = pad || !landscape ? .regular : .compact
        displayScale = CGFloat(device.scale)
        userInterfaceStyle = .light
        layoutDirection = .leftToRight
        userInterfaceIdiom = pad ? .pad : .phone
    }

    /// The traits of the session's device (outside a session, the protocol's default 390 x 844 @3x phone).
    public static var current: UITraitCollection {
        UITraitCollection(device: KitRuntime.current?.device ?? Device(width: 390, height: 844, scale: 3))
    }
}

extension UIView {
    /// The session's traits (every view of the one window shares them).
    public var traitCollection: UITraitCollection { .current }
}

extension UIViewController {
    /// The session's traits.
    public var traitCollection: UITraitCollection { .current }
}
