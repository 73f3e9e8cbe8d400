/// A path being built: moves, lines, quadratic and cubic curves, arcs, rectangles, ellipses,
/// rounded rectangles, closes; each with an optional transform applied to its points.
///
/// ```swift
/// let path = CGMutablePath()
/// path.move(to: .zero)
/// path.addLine(to: CGPoint(x: 100, y: 0))
/// path.addQuadCurve(to: CGPoint(x: 100, y: 100), control: CGPoint(x: 150, y: 50))
/// path.closeSubpath()
/// ```
public nonisolated final class CGMutablePath: CGPath, @unchecked Sendable {
    public init() { super.init(elements: []) }

    override init(elements: [PathElement]) { super.init(elements: elements) }

    private func append(_ kind: CGPathElementType, _ points: [CGPoint], _ transform: CGAffineTransform) {
        elements.append(PathElement(kind: kind, points: points.map { $0.applying(transform) }))
    }

    /// The current point, or nil when no subpath is open (the path is empty).
    private var hasCurrentPoint: Bool { !elements.isEmpty }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) { append(.moveToPoint, [point], transform) }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) { append(.addLineToPoint, [point], transform) }

    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        for (index, point) in points.enumerated() {
            index == 0 ? move(to: point, transform: transform) : addLine(to: point, transform: transform)
        }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        append(.addQuadCurveToPoint, [control, end], transform)
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        append(.addCurveToPoint, [control1, control2, end], transform)
    }

    public func closeSubpath() { elements.append(PathElement(kind: .closeSubpath, points: [])) }

    /// A rectangle as a closed subpath: origin, then (maxX, minY), (maxX, maxY), (minX, maxY).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// An ellipse in `rect`: from (maxX, midY), four cubic quarters, closed.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        move(to: CGPoint(x: cx + rx, y: cy), transform: transform)
        for quarter in 0..<4 {
            let start = Double(quarter) * .pi / 2
            appendArcSegment(center: CGPoint(x: cx, y: cy), rx: rx, ry: ry, from: start, sweep: .pi / 2, transform: transform)
        }
        closeSubpath()
    }

    /// A rectangle with quarter-ellipse corners (radii clamped to half the sides), clockwise on
    /// screen from the top edge's left end.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let w = min(max(cornerWidth, 0), r.width / 2)
        let h = min(max(cornerHeight, 0), r.height / 2)
        RoundedRectPath.append(
            to: self, rect: r,
            radii: [CGSize(width: w, height: h), CGSize(width: w, height: h), CGSize(width: w, height: h), CGSize(width: w, height: h)],
            transform: transform)
    }

    /// An arc of the circle about `center` from `startAngle` to `endAngle` (radians): Core
    /// Graphics' `clockwise` is in its y-up space, so `clockwise: false` runs with increasing
    /// angles, which look clockwise on a y-down screen (UIBezierPath's `clockwise: true`). A line
    /// joins the current point to the arc's start; cubic segments of at most 90 degrees.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        ArcPath.append(
            to: self, center: center, radius: radius, start: startAngle, end: endAngle, increasing: !clockwise, transform: transform)
    }

    /// An arc of `delta` radians from `startAngle` (positive: increasing angles).
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity
    ) {
        ArcPath.append(
            to: self, center: center, radius: radius, start: startAngle, end: startAngle + delta, increasing: delta >= 0,
            transform: transform)
    }

    /// Appends another path's elements.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for element in path.elements { append(element.kind, element.points, transform) }
    }

    /// A cubic segment of the ellipse arc from angle `from` over `sweep` (|sweep| <= pi / 2):
    /// control points at 4/3 tan(sweep / 4) of each radius along the tangents.
    func appendArcSegment(center: CGPoint, rx: Double, ry: Double, from: Double, sweep: Double, transform: CGAffineTransform) {
        let k = 4.0 / 3.0 * tan(sweep / 4)
        let to = from + sweep
        let p0 = (cos(from), sin(from))
        let p3 = (cos(to), sin(to))
        let c1 = CGPoint(x: center.x + rx * (p0.0 - k * p0.1), y: center.y + ry * (p0.1 + k * p0.0))
        let c2 = CGPoint(x: center.x + rx * (p3.0 + k * p3.1), y: center.y + ry * (p3.1 - k * p3.0))
        addCurve(to: CGPoint(x: center.x + rx * p3.0, y: center.y + ry * p3.1), control1: c1, control2: c2, transform: transform)
    }

    /// Whether a subpath is open (an arc then joins it with a line instead of a move).
    var isOpen: Bool { hasCurrentPoint }
}

/// Circular arcs as cubic segments.
nonisolated enum ArcPath {
    static func append(
        to path: CGMutablePath, center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, increasing: Bool,
        transform: CGAffineTransform
    ) {
        let twoPi = 2 * Double.pi
        var sweep = Double(end - start)
        // The sweep runs the asked way, at most one turn (a whole turn when the angles differ by it or more).
        if increasing {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) + twoPi }
            sweep = min(sweep, twoPi)
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) - twoPi }
            sweep = max(sweep, -twoPi)
        }
        let first = CGPoint(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        path.isOpen ? path.addLine(to: first, transform: transform) : path.move(to: first, transform: transform)
        let segments = max(Int((abs(sweep) / (Double.pi / 2)).rounded(.up)), sweep == 0 ? 0 : 1)
        for index in 0..<segments {
            let piece = sweep / Double(segments)
            path.appendArcSegment(
                center: center, rx: Double(radius), ry: Double(radius), from: Double(start) + Double(index) * piece, sweep: piece,
                transform: transform)
        }
    }
}

/// Rounded rectangles with a radius per corner (top left, top right, bottom right, bottom left).
nonisolated enum RoundedRectPath {
    static func append(to path: CGMutablePath, rect r: CGRect, radii: [CGSize], transform: CGAffineTransform) {
        let (tl, tr, br, bl) = (radii[0], radii[1], radii[2], radii[3])
        path.move(to: CGPoint(x: r.minX + tl.width, y: r.minY), transform: transform)
        path.addLine(to: CGPoint(x: r.maxX - tr.width, y: r.minY), transform: transform)
        corner(path, CGPoint(x: r.maxX - tr.width, y: r.minY + tr.height), tr, from: -Double.pi / 2, transform)
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br.height), transform: transform)
        corner(path, CGPoint(x: r.maxX - br.width, y: r.maxY - br.height), br, from: 0, transform)
        path.addLine(to: CGPoint(x: r.minX + bl.width, y: r.maxY), transform: transform)
        corner(path, CGPoint(x: r.minX + bl.width, y: r.maxY - bl.height), bl, from: Double.pi / 2, transform)
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + tl.height), transform: transform)
        corner(path, CGPoint(x: r.minX + tl.width, y: r.minY + tl.height), tl, from: Double.pi, transform)
        path.closeSubpath()
    }

    /// A quarter ellipse about `center` (a square corner when a radius is zero: no curve).
    private static func corner(_ path: CGMutablePath, _ center: CGPoint, _ radius: CGSize, from: Double, _ transform: CGAffineTransform) {
        path.appendArcSegment(
            center: center, rx: Double(radius.width), ry: Double(radius.height), from: from, sweep: .pi / 2, transform: transform)
    }
}
