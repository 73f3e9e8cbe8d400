import ReelTiming

/// UITimingCurveType with UIKit's raw values.
public enum UITimingCurveType: Int, Sendable {
    case builtin = 0
    case cubic = 1
    case spring = 2
    case composed = 3
}

/// What a property animator's timing can be: cubic or spring parameters.
public protocol UITimingCurveProvider {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic timing curve: one of UIKit's named curves or two control points.
public final class UICubicTimingParameters: UITimingCurveProvider {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
    let curve: TimingCurve

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        switch curve.timing {
        case .curve(let timingCurve): self.curve = timingCurve
        default: self.curve = .easeInEaseOut
        }
        if case .cubicBezier(let x1, let y1, let x2, let y2) = self.curve {
            controlPoint1 = CGPoint(x: x1, y: y1)
            controlPoint2 = CGPoint(x: x2, y: y2)
        } else {
            controlPoint1 = .zero
            controlPoint2 = CGPoint(x: 1, y: 1)
        }
    }

    public convenience init() { self.init(animationCurve: .easeInOut) }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        curve = .cubicBezier(x1: Double(point1.x), y1: Double(point1.y), x2: Double(point2.x), y2: Double(point2.y))
    }

    public var timingCurveType: UITimingCurveType { .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }
}

/// UIKit's velocity vector of a spring (relative to the distance, per second).
public struct CGVector: Sendable, Hashable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public static let zero = CGVector(dx: 0, dy: 0)
}

/// A spring: damping ratio (fitted to the animator's duration, as a UIView spring) or a physical
/// spring (mass, stiffness, damping: runs until it settles). ReelKit animates one fraction, so the
/// velocity vector's dy is used (dx when dy is 0).
public final class UISpringTimingParameters: UITimingCurveProvider {
    let function: TimingFunction
    public let initialVelocity: CGVector

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector = .zero) {
        initialVelocity = velocity
        function = .uiViewSpring(dampingRatio: Double(ratio), initialVelocity: Double(velocity.dy != 0 ? velocity.dy : velocity.dx))
    }

    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: .zero) }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        function = .spring(
            Spring(
                mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                initialVelocity: Double(velocity.dy != 0 ? velocity.dy : velocity.dx)))
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }
}

extension UITimingCurveProvider {
    /// The provider as ReelTiming's timing function.
    var timingFunction: TimingFunction {
        if let spring = springTimingParameters { return spring.function }
        if let cubic = cubicTimingParameters { return .curve(cubic.curve) }
        return .curve(.easeInEaseOut)
    }
}
