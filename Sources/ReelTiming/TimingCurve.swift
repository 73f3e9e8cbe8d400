/// A timing curve mapping linear time to animation progress, as `CAMediaTimingFunction` does.
///
/// `.cubicBezier` follows CSS / Core Animation: the curve runs from (0, 0) to (1, 1) with
/// control points (x1, y1) and (x2, y2); x is time, y is progress. x1 and x2 must lie in
/// 0...1 (they are clamped there) so that x is monotone and the curve is a function of time.
/// y1 and y2 may leave 0...1 (overshoot).
package enum TimingCurve: Sendable, Hashable, Codable {
    /// progress = t.
    case linear
    /// A cubic Bézier with the given control points.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// UIKit's default curve for `UIView.animate` without options
    /// (`kCAMediaTimingFunctionDefault`): (0.25, 0.1, 0.25, 1.0).
    package static let uikitDefault = TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1.0)
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0, 1, 1).
    package static let easeIn = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0, 0.58, 1).
    package static let easeOut = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut` (UIKit's `.curveEaseInOut`): (0.42, 0, 0.58, 1).
    package static let easeInEaseOut = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// The progress at time fraction `t` (clamped to 0...1).
    ///
    /// For a Bézier the curve parameter s with x(s) = t is found by Newton's method, with a
    /// bisection fallback whenever Newton does not converge quickly; s is then accurate to
    /// about 1e-12, so the returned progress y(s) is accurate far below 1e-6.
    package func value(at t: Double) -> Double {
        let time = min(max(t, 0), 1)
        switch self {
        case .linear:
            return time
        case .cubicBezier(let x1, let y1, let x2, let y2):
            // The curve passes through (0, 0) and (1, 1) exactly.
            if time == 0 || time == 1 { return time }
            let curve = CubicBezierSolver(x1: x1, y1: y1, x2: x2, y2: y2)
            return curve.y(curve.parameter(forX: time))
        }
    }
}

/// Evaluates one cubic Bézier timing curve: x(s), y(s) and the inverse of x.
struct CubicBezierSolver {
    // Polynomial coefficients: f(s) = ((a s + b) s + c) s.
    let ax, bx, cx, ay, by, cy: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        let px1 = min(max(x1, 0), 1)
        let px2 = min(max(x2, 0), 1)
        cx = 3 * px1
        bx = 3 * (px2 - px1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dxds(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The parameter s in 0...1 with x(s) = x, for x in 0...1.
    func parameter(forX x: Double) -> Double {
        // Newton from s = x: accepted only when the residual is tiny and the slope is not,
        // so that the error in s (residual / slope) stays below ~1e-9.
        var s = x
        for _ in 0..<8 {
            let residual = self.x(s) - x
            let slope = dxds(s)
            if abs(residual) < 1e-12, abs(slope) > 1e-3 { return s }
            if abs(slope) < 1e-6 { break }
            s -= residual / slope
            if s < 0 || s > 1 { break }
        }
        // Bisection: x(s) is monotone on 0...1 because the control x values lie in 0...1.
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<60 {
            s = (low + high) / 2
            if self.x(s) < x { low = s } else { high = s }
        }
        return (low + high) / 2
    }
}
