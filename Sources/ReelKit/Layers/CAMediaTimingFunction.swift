import ReelTiming

/// Core Animation's named timing curves.
public nonisolated struct CAMediaTimingFunctionName: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1), ReelTiming's (`TimingCurve`, Core
/// Animation's control points: default (0.25, 0.1, 0.25, 1), ease in (0.42, 0, 1, 1), ease out
/// (0, 0, 0.58, 1), ease in-out (0.42, 0, 0.58, 1)).
///
/// ```swift
/// animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
/// animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.2, 1)
/// ```
public final class CAMediaTimingFunction: NSObject {
    let curve: TimingCurve

    public init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: curve = .linear
        case .easeIn: curve = .easeIn
        case .easeOut: curve = .easeOut
        case .easeInEaseOut: curve = .easeInEaseOut
        default: curve = .uikitDefault
        }
    }

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        curve = .cubicBezier(x1: Double(c1x), y1: Double(c1y), x2: Double(c2x), y2: Double(c2y))
    }

    /// The progress at time fraction `x` (0...1).
    func progress(_ x: Double) -> Double { curve.value(at: x) }
}

/// What an animation shows outside its active time, with Apple's names.
public nonisolated struct CAMediaTimingFillMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing outside the active time (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The end value after the active time.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The start value before the active time (a later beginTime).
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// The session's clock, seconds (on a device: since start-up; here the scene's time, on which
/// touches and frames run).
///
/// ```swift
/// animation.beginTime = CACurrentMediaTime() + 0.1
/// ```
public func CACurrentMediaTime() -> CFTimeInterval { KitRuntime.current?.now ?? 0 }

/// Core Foundation's time interval, seconds (Foundation on Linux does not declare it).
public typealias CFTimeInterval = Double
