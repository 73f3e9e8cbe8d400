/// Core Graphics' path element kinds, with Apple's raw values.
public nonisolated enum CGPathElementType: Int32, Sendable {
    case moveToPoint = 0
    case addLineToPoint = 1
    case addQuadCurveToPoint = 2
    case addCurveToPoint = 3
    case closeSubpath = 4
}

/// One element of a path: its kind and its points (the control points, then the end point).
nonisolated struct PathElement: Sendable, Hashable {
    var kind: CGPathElementType
    var points: [CGPoint]
}

/// An immutable Core Graphics path, kept as its elements (lines, quadratic and cubic Béziers):
/// a value to animate (`CAShapeLayer.path`, a mask's shape), never drawn.
///
/// ```swift
/// let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
/// circle.boundingBox  // (0, 0, 100, 100)
/// ```
open nonisolated class CGPath: @unchecked Sendable, Hashable {
    /// The elements, in order; a mutable path appends to them.
    var elements: [PathElement]

    init(elements: [PathElement]) { self.elements = elements }

    /// A rectangle: a move to its origin, three lines, a close (as Core Graphics builds it).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// An ellipse inscribed in `rect`: four cubic quarter arcs (control distance 4/3 tan(pi/8) of
    /// each radius, Core Graphics' approximation).
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A rectangle whose corners are quarter ellipses of `cornerWidth` x `cornerHeight` (clamped to
    /// half the rectangle's sides; Core Graphics raises for larger ones).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The last point of the path (.zero when empty; a close returns to its subpath's start).
    public var currentPoint: CGPoint {
        var start = CGPoint.zero
        var current = CGPoint.zero
        for element in elements {
            switch element.kind {
            case .moveToPoint:
                start = element.points[0]
                current = start
            case .closeSubpath: current = start
            default: current = element.points[element.points.count - 1]
            }
        }
        return current
    }

    /// The smallest rectangle holding every point of the path, control points included (Apple's
    /// `boundingBox`); `CGRect.null` for an empty path.
    public var boundingBox: CGRect { PathBounds.rect(of: elements.flatMap(\.points)) }

    /// The smallest rectangle holding the path itself: the end points and each curve's extremes,
    /// control points excluded (Apple's `boundingBoxOfPath`).
    public var boundingBoxOfPath: CGRect { PathBounds.tight(elements) }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// The elements' points in order, x then y (what an animation of the path interpolates).
    var pointNumbers: [Double] { elements.flatMap { $0.points.flatMap { [Double($0.x), Double($0.y)] } } }

    /// The same elements with their points replaced by `numbers` (x then y, as `pointNumbers`).
    func withPointNumbers(_ numbers: [Double]) -> CGPath {
        var index = 0
        let moved = elements.map { element in
            PathElement(
                kind: element.kind,
                points: element.points.map { _ in
                    defer { index += 2 }
                    return CGPoint(x: numbers[index], y: numbers[index + 1])
                })
        }
        return CGPath(elements: moved)
    }

    /// Whether `other` has the same elements in the same order (so the two interpolate point by point).
    func hasSameStructure(as other: CGPath) -> Bool {
        elements.count == other.elements.count && zip(elements, other.elements).allSatisfy { $0.kind == $1.kind }
    }
}

/// Bounding rectangles of points and of path elements.
nonisolated enum PathBounds {
    static func rect(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for point in points {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// End points and curve extremes (where a coordinate's derivative is zero inside the segment).
    static func tight(_ elements: [PathElement]) -> CGRect {
        var points: [CGPoint] = []
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in elements {
            switch element.kind {
            case .moveToPoint:
                current = element.points[0]
                start = current
                points.append(current)
            case .addLineToPoint:
                current = element.points[0]
                points.append(current)
            case .addQuadCurveToPoint:
                let (c, end) = (element.points[0], element.points[1])
                points.append(end)
                for s in quadExtremes(current.x, c.x, end.x) + quadExtremes(current.y, c.y, end.y) {
                    points.append(quad(current, c, end, s))
                }
                current = end
            case .addCurveToPoint:
                let (c1, c2, end) = (element.points[0], element.points[1], element.points[2])
                points.append(end)
                for s in cubicExtremes(current.x, c1.x, c2.x, end.x) + cubicExtremes(current.y, c1.y, c2.y, end.y) {
                    points.append(cubic(current, c1, c2, end, s))
                }
                current = end
            case .closeSubpath:
                current = start
            }
        }
        return rect(of: points)
    }

    static func quad(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ s: Double) -> CGPoint {
        let u = 1 - s
        return CGPoint(x: u * u * p0.x + 2 * u * s * p1.x + s * s * p2.x, y: u * u * p0.y + 2 * u * s * p1.y + s * s * p2.y)
    }

    static func cubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ s: Double) -> CGPoint {
        let u = 1 - s
        let (a, b, c, d) = (u * u * u, 3 * u * u * s, 3 * u * s * s, s * s * s)
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// s in (0, 1) where the quadratic's derivative 2 ((p1 - p0)(1 - s) + (p2 - p1) s) is zero.
    static func quadExtremes(_ p0: Double, _ p1: Double, _ p2: Double) -> [Double] {
        let denominator = p0 - 2 * p1 + p2
        guard denominator != 0 else { return [] }
        let s = (p0 - p1) / denominator
        return s > 0 && s < 1 ? [s] : []
    }

    /// s in (0, 1) where the cubic's derivative a s^2 + b s + c is zero.
    static func cubicExtremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        let a = 3 * (-p0 + 3 * p1 - 3 * p2 + p3)
        let b = 6 * (p0 - 2 * p1 + p2)
        let c = 3 * (p1 - p0)
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots = [(-b + root) / (2 * a), (-b - root) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
