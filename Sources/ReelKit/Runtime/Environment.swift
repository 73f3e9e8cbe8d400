/// The screen of the session's device (the request's `device`): bounds in points and scale.
@MainActor public final class UIScreen: NSObject {
    /// The session's screen; outside a session, a 390 x 844 @3x phone (the protocol's default device).
    public static var main: UIScreen { UIScreen() }

    private var device: (width: Double, height: Double, scale: Double) {
        guard let device = KitRuntime.current?.device else { return (390, 844, 3) }
        return (device.width, device.height, device.scale)
    }

    public var bounds: CGRect { CGRect(x: 0, y: 0, width: device.width, height: device.height) }
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: device.width * device.scale, height: device.height * device.scale) }
    public var scale: CGFloat { CGFloat(device.scale) }
    public var nativeScale: CGFloat { CGFloat(device.scale) }
    /// The display's refresh rate in frames per second (the session's `refresh_hz`, rounded; 60 outside a session).
    public var maximumFramesPerSecond: Int { Int((KitRuntime.current?.frameClock.refreshHz ?? 60).rounded()) }
}

/// The app: its one window (the scene's) as `windows` and the key window.
@MainActor public final class UIApplication: NSObject {
    public static let shared = UIApplication()

    /// The session's window, once the scene made it key and visible (or set its root).
    public var windows: [UIWindow] { KitRuntime.current?.window.map { [$0] } ?? [] }
    /// Deprecated in UIKit in favour of a scene's windows; the session's window here.
    public var keyWindow: UIWindow? { windows.first }
    /// Never asked to open anything: the session records what the app does on screen only.
    public var isIdleTimerDisabled = false
}

/// The device's idiom, from the session's screen: an iPad when its shorter side is at least 744 pt
/// (the iPad mini's 744 x 1133 is the smallest iPad; the largest iPhone is 440 pt wide).
@MainActor public final class UIDevice: NSObject {
    public static var current: UIDevice { UIDevice() }

    public var userInterfaceIdiom: UIUserInterfaceIdiom {
        let bounds = UIScreen.main.bounds
        return min(bounds.width, bounds.height) >= 744 ? .pad : .phone
    }
    public var systemName: String { userInterfaceIdiom == .pad ? "iPadOS" : "iOS" }
}

/// UIKit's idioms; ReelKit's screens are phones or pads.
public nonisolated enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
}
