import Foundation
import Testing

@testable import ReelKit

/// Paths and 3-D transforms as values, from Core Graphics' and Core Animation's documented rules.
@Suite @MainActor struct LayerGeometryTests {
    static func close(_ a: CGRect, _ b: CGRect, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.width - b.width) <= tolerance
            && abs(a.height - b.height) <= tolerance
    }

    /// An ellipse's four cubic quarters keep their control points inside the rect (4/3 tan(pi/8) of
    /// each radius along the tangent), so both bounding boxes are the rect; an empty path's is null.
    @Test func anEllipseIsBoundedByItsRect() {
        let rect = CGRect(x: 10, y: 20, width: 120, height: 60)
        let path = CGPath(ellipseIn: rect, transform: nil)
        #expect(Self.close(path.boundingBox, rect))
        #expect(Self.close(path.boundingBoxOfPath, rect))
        #expect(CGMutablePath().boundingBox.isNull)
        let k = 4.0 / 3.0 * tan(Double.pi / 8)
        // The first quarter from (maxX, midY): its first control point is k x ry below it (y down).
        let first = path.elements[1].points[0]
        #expect(abs(first.x - rect.maxX) < 1e-12 && abs(first.y - (rect.midY + k * rect.height / 2)) < 1e-12)
    }

    /// boundingBox holds control points; boundingBoxOfPath only the curve (a quadratic's extreme
    /// at s = (p0 - p1) / (p0 - 2 p1 + p2), value (1-s)^2 p0 + 2 s (1-s) p1 + s^2 p2).
    @Test func theTwoBoundingBoxesOfACurve() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 80))
        #expect(Self.close(path.boundingBox, CGRect(x: 0, y: 0, width: 100, height: 80)))
        let s = (0.0 - 80) / (0 - 2 * 80 + 0)
        let top = 2 * s * (1 - s) * 80
        #expect(Self.close(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: top)))
        #expect(abs(top - 40) < 1e-12)
    }

    /// UIBezierPath's clockwise is on the y-down screen (increasing angles): from 0 to pi it passes
    /// pi / 2, the bottom; Core Graphics' `clockwise: false` is the same arc.
    @Test func arcsRunTheWayEachAPISays() {
        let c = CGPoint(x: 100, y: 100)
        let arc = UIBezierPath(arcCenter: c, radius: 50, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(Self.close(arc.cgPath.boundingBoxOfPath, CGRect(x: 50, y: 100, width: 100, height: 50)))
        let other = UIBezierPath(arcCenter: c, radius: 50, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(Self.close(other.cgPath.boundingBoxOfPath, CGRect(x: 50, y: 50, width: 100, height: 50)))
        let cg = CGMutablePath()
        cg.addArc(center: c, radius: 50, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(cg == arc.cgPath)
        // A full turn in four quarter segments returns to its start.
        let circle = UIBezierPath(arcCenter: c, radius: 50, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(circle.cgPath.elements.filter { $0.kind == .addCurveToPoint }.count == 4)
        #expect(abs(circle.currentPoint.x - 150) < 1e-9 && abs(circle.currentPoint.y - 100) < 1e-9)
    }

    /// Rounded rects: radii clamped to half the shorter side; only the named corners curve.
    @Test func roundedRectsClampAndPickCorners() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        let pill = UIBezierPath(roundedRect: rect, cornerRadius: 500)
        #expect(Self.close(pill.bounds, rect))
        // The top edge starts after the top-left radius, clamped to 20.
        #expect(pill.cgPath.elements[0].points[0] == CGPoint(x: 20, y: 0))
        let top = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 10, height: 10))
        let points = top.cgPath.elements.flatMap(\.points)
        #expect(points.contains(CGPoint(x: 100, y: 40)) && points.contains(CGPoint(x: 0, y: 40)))
        #expect(!points.contains(CGPoint(x: 0, y: 0)) && !points.contains(CGPoint(x: 100, y: 0)))
        let cgRounded = CGPath(roundedRect: rect, cornerWidth: 8, cornerHeight: 8, transform: nil)
        #expect(Self.close(cgRounded.boundingBox, rect))
    }

    /// Row vectors: a rotation about z is the affine rotation (m11 = cos, m12 = sin, m21 = -sin,
    /// m22 = cos); Translate(t, ...) is MakeTranslation x t; m34 = -1 / d projects (x, y, z) to
    /// (x, y) / (1 - z / d), here for a point rotated about y.
    @Test func transformsFollowCoreAnimationsConvention() {
        let angle = 0.7
        let rotation = CATransform3DMakeRotation(angle, 0, 0, 1)
        let affine = CGAffineTransform(rotationAngle: angle)
        let fromAffine = CATransform3DMakeAffineTransform(affine)
        for (a, b) in zip(rotation.numbers, fromAffine.numbers) { #expect(abs(a - b) < 1e-12) }
        #expect(CATransform3DIsAffine(rotation))
        let moved = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
        // (1, 0, 0) -> translate (11, 0) -> scale (22, 0).
        #expect(moved.m41 == 20 && moved.m11 == 2)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let tilted = CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 1, 0), perspective)
        #expect(!CATransform3DIsAffine(tilted))
        // The point (100, 0, 0): rotated about y by 45 degrees -> (100 cos, 0, -100 sin) (row vectors: z = x m13).
        let x = 100.0
        let w = x * tilted.m14 + tilted.m44
        let projectedX = (x * tilted.m11 + tilted.m41) / w
        let z = -x * sin(Double.pi / 4)
        #expect(abs(projectedX - x * cos(Double.pi / 4) / (1 - z / 500)) < 1e-9)
    }
}
