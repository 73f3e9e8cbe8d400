/// Corners of a rectangle, with UIKit's raw values.
public nonisolated struct UIRectCorner: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners = UIRectCorner(rawValue: 0xF)
}

/// UIKit's path object over a `CGPath` (its `cgPath`), in UIKit's y-down space: `clockwise: true`
/// runs with increasing angles. A value for shape layers, masks and shadow paths, never drawn.
///
/// ```swift
/// let reveal = UIBezierPath(ovalIn: CGRect(x: 170, y: 397, width: 50, height: 50))
/// mask.path = reveal.cgPath
/// ```
open class UIBezierPath: NSObject {
    /// The elements, built in place.
    private var path = CGMutablePath()
    /// Kept, not drawn (a stroke's width for drawing code).
    public var lineWidth: CGFloat = 1

    public override init() {}

    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// Quarter-circle corners of `cornerRadius`, clamped to half the shorter side. Differs: UIKit
    /// draws continuous ("squircle") corners, whose exact curve is not published.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// Rounds only `corners`, each a quarter circle of `cornerRadii.width` clamped to half the
    /// shorter side (Apple: larger values are "clamped appropriately to half the width or height";
    /// UIKit's corners are circular, so `cornerRadii.height` is not used).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let side = min(max(cornerRadii.width, 0), min(r.width, r.height) / 2)
        let radius = CGSize(width: side, height: side)
        let order: [UIRectCorner] = [.topLeft, .topRight, .bottomRight, .bottomLeft]
        RoundedRectPath.append(to: path, rect: r, radii: order.map { corners.contains($0) ? radius : .zero }, transform: .identity)
    }

    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        path = CGMutablePath(elements: cgPath.elements)
    }

    /// The path's elements as an immutable Core Graphics path (settable).
    public var cgPath: CGPath {
        get { CGPath(elements: path.elements) }
        set { path = CGMutablePath(elements: newValue.elements) }
    }

    /// The box of every point, control points included (Apple's `bounds`).
    public var bounds: CGRect { path.boundingBox }
    public var currentPoint: CGPoint { path.currentPoint }
    public var isEmpty: Bool { path.isEmpty }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: endPoint, control: controlPoint) }

    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// An arc; `clockwise` on the y-down screen (increasing angles).
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        ArcPath.append(
            to: path, center: center, radius: radius, start: startAngle, end: endAngle, increasing: clockwise, transform: .identity)
    }

    public func close() { path.closeSubpath() }
    public func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.cgPath) }
    public func removeAllPoints() { path = CGMutablePath() }
    /// Applies `transform` to every point.
    public func apply(_ transform: CGAffineTransform) {
        path = CGMutablePath(elements: path.elements.map { PathElement(kind: $0.kind, points: $0.points.map { $0.applying(transform) }) })
    }
}
