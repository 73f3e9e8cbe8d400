import Foundation

/// How an animation maps elapsed time to progress: a cubic bezier (UIKit's named curves) or a
/// UIView spring. Values may overshoot 1 for springs.
enum Easing: Sendable, Hashable {
    case bezier(Double, Double, Double, Double)
    case linear
    /// UIView spring: damping ratio, initial velocity (whole distance per second), natural frequency.
    case spring(damping: Double, velocity: Double, omega: Double)

    static let easeInEaseOut = Easing.bezier(0.42, 0, 0.58, 1)

    /// A named curve of the profile ("linear", "default", "easeIn", "easeOut", "easeInEaseOut",
    /// "systemSpring" = curve 7, mass 3 / stiffness 1000 / damping 500).
    static func named(_ name: String) -> Easing {
        switch name {
        case "linear": .linear
        case "default": .bezier(0.25, 0.1, 0.25, 1)
        case "easeIn": .bezier(0.42, 0, 1, 1)
        case "easeOut": .bezier(0, 0, 0.58, 1)
        case "systemSpring":
            // CASpringAnimation(mass 3, stiffness 1000, damping 500): w0 = sqrt(k/m), zeta = c / (2 sqrt(k m)).
            .spring(damping: 500 / (2 * (1000.0 * 3).squareRoot()), velocity: 0, omega: (1000.0 / 3).squareRoot())
        default: .easeInEaseOut
        }
    }

    /// UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:): the stiffness
    /// is chosen so the envelope decays to `epsilon` of the distance at `duration`.
    static func uiViewSpring(duration: Double, damping: Double, velocity: Double, epsilon: Double) -> Easing {
        let zeta = max(damping, 0.01)
        let omega = -log(epsilon) / (min(zeta, 1) * max(duration, 1e-6))
        return .spring(damping: zeta, velocity: velocity, omega: omega)
    }

    /// Progress at `fraction` (0...1) of an animation lasting `duration` seconds.
    func value(fraction: Double, duration: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        switch self {
        case .linear: return fraction
        case .bezier(let x1, let y1, let x2, let y2): return Easing.bezierValue(x1, y1, x2, y2, at: fraction)
        case .spring(let zeta, let v0, let omega): return Easing.springValue(zeta: zeta, v0: v0, omega: omega, t: fraction * duration)
        }
    }

    /// Spring progress at time t from 0 toward 1: 1 + x(t), x = displacement (x0 = -1, v0 = velocity).
    static func springValue(zeta: Double, v0: Double, omega w0: Double, t: Double) -> Double {
        let x0 = -1.0
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let x = exp(-zeta * w0 * t) * (x0 * cos(wd * t) + (v0 + zeta * w0 * x0) / wd * sin(wd * t))
            return 1 + x
        } else if zeta == 1 {
            return 1 + exp(-w0 * t) * (x0 + (v0 + w0 * x0) * t)
        } else {
            // Overdamped: x = c1 e^(r1 t) + c2 e^(r2 t), r = -w0 (zeta -+ sqrt(zeta^2 - 1)).
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            return 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// y at x for the cubic bezier (0,0) (x1,y1) (x2,y2) (1,1), x solved by Newton then bisection.
    static func bezierValue(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
        var s = x
        var solved = false
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < 1e-9 { solved = true; break }
            let slope = slopeX(s)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
        }
        if !solved || s < 0 || s > 1 {
            var low = 0.0, high = 1.0
            s = x
            for _ in 0..<60 {
                let value = sampleX(s)
                if abs(value - x) < 1e-9 { break }
                if value < x { low = s } else { high = s }
                s = (low + high) / 2
            }
        }
        return ((ay * s + by) * s + cy) * s
    }
}
