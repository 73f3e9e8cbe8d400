import Foundation
import Testing

@testable import ReelTiming

/// Closed forms written independently of the module: amplitude/phase for the underdamped
/// case, cosh/sinh for the overdamped one, displacement x0 = -1, velocity v0.
private func referenceDisplacement(m: Double, k: Double, c: Double, v0: Double, t: Double) -> Double {
    let x0 = -1.0
    let w0 = sqrt(k / m)
    let zeta = c / (2 * sqrt(k * m))
    let alpha = zeta * w0
    if zeta < 1 - 1e-9 {
        let wd = w0 * sqrt(1 - zeta * zeta)
        let amplitude = hypot(x0, (v0 + alpha * x0) / wd)
        let phase = atan2((v0 + alpha * x0) / wd, x0)
        return amplitude * exp(-alpha * t) * cos(wd * t - phase)
    } else if zeta > 1 + 1e-9 {
        let beta = w0 * sqrt(zeta * zeta - 1)
        return exp(-alpha * t) * (x0 * cosh(beta * t) + (v0 + alpha * x0) / beta * sinh(beta * t))
    } else {
        return exp(-w0 * t) * (x0 + (v0 + w0 * x0) * t)
    }
}

/// m x'' + c x' + k x = 0 by classical RK4 with step h.
private func integrate(m: Double, k: Double, c: Double, v0: Double, until t: Double, h: Double = 1e-4) -> (Double, Double) {
    var x = -1.0
    var v = v0
    func accel(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
    let steps = Int((t / h).rounded())
    for _ in 0..<steps {
        let k1x = v
        let k1v = accel(x, v)
        let k2x = v + h / 2 * k1v
        let k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v
        let k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v
        let k4v = accel(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

@Suite struct SpringTests {
    // (mass, stiffness, damping): under (zeta 0.5), critical (zeta 1), over (zeta 2.5),
    // and the system back-swipe spring (mass 3, stiffness 1000, damping 500; zeta ≈ 4.56).
    static let cases: [(Double, Double, Double, Spring.Regime)] = [
        (1, 100, 10, .underdamped), (1, 100, 20, .criticallyDamped), (1, 100, 50, .overdamped),
        (3, 1000, 500, .overdamped), (2, 300, 8, .underdamped),
    ]
    static let times = [0.0, 0.01, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.3]

    @Test(arguments: [0.0, 3.0, -2.0])
    func positionsMatchIndependentClosedFormAndRK4(v0: Double) {
        for (m, k, c, regime) in Self.cases {
            let spring = Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0)
            #expect(spring.regime == regime)
            for t in Self.times {
                let reference = referenceDisplacement(m: m, k: k, c: c, v0: v0, t: t)
                #expect(abs(spring.displacement(at: t) - reference) < 1e-9, "\(m) \(k) \(c) v0 \(v0) t \(t)")
                #expect(abs(spring.position(at: t) - (1 + reference)) < 1e-9)
                let (x, v) = integrate(m: m, k: k, c: c, v0: v0, until: t)
                #expect(abs(spring.displacement(at: t) - x) < 1e-7, "RK4 \(m) \(k) \(c) t \(t)")
                #expect(abs(spring.velocity(at: t) - v) < 1e-5, "RK4 velocity \(m) \(k) \(c) t \(t)")
            }
        }
    }

    @Test func startsAtZeroWithItsInitialVelocity() {
        for (m, k, c, _) in Self.cases {
            let spring = Spring(mass: m, stiffness: k, damping: c, initialVelocity: 1 / 0.55)
            #expect(abs(spring.position(at: 0)) < 1e-12)
            #expect(abs(spring.velocity(at: 0) - 1 / 0.55) < 1e-9)
        }
    }

    @Test func responseAndDampingFraction() {
        let spring = Spring(response: 0.4, dampingFraction: 0.8)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - pow(2 * Double.pi / 0.4, 2)) < 1e-9)
        #expect(abs(spring.damping - 4 * Double.pi * 0.8 / 0.4) < 1e-12)
        #expect(abs(spring.dampingRatio - 0.8) < 1e-12)
        #expect(abs(spring.naturalFrequency - 2 * Double.pi / 0.4) < 1e-9)
    }

    /// The last time |x| = epsilon: checked on a dense grid after it and just before it.
    private func expectSettles(_ spring: Spring, at settling: Double, epsilon: Double) {
        #expect(abs(abs(spring.displacement(at: settling)) - epsilon) < 1e-9)
        var t = settling + 1e-4
        while t < settling + 5 {
            #expect(abs(spring.displacement(at: t)) < epsilon, "exceeds at \(t)")
            t += 1e-3
        }
        #expect(abs(spring.displacement(at: settling - 1e-6)) >= epsilon)
    }

    @Test func settlingDurationOfCASpringAnimationDefaults() {
        let spring = Spring()  // mass 1, stiffness 100, damping 10
        let settling = spring.settlingDuration(epsilon: 0.001)
        expectSettles(spring, at: settling, epsilon: 0.001)
        // Envelope bounds from the closed form: e^(-zeta w0 t) sqrt(x0^2 + B^2) bounds |x|, and
        // one half-period before the envelope's own crossing |x| still reaches epsilon.
        let decay = 5.0
        let wd = 10 * sqrt(0.75)
        let amplitude = hypot(1, decay / wd)
        #expect(settling <= log(amplitude / 0.001) / decay)
        #expect(settling >= log(1 / 0.001) / decay - Double.pi / wd)
    }

    @Test func settlingDurationOfApplesDamping5Example() {
        // Apple: "about 2.85 s" at damping 5 (mass 1, stiffness 100). Epsilon 0.001 gives
        // ≈ 2.69 s (the last peak above 0.001); the next peak is half a period (π / wd ≈ 0.32 s) later.
        let spring = Spring(damping: 5)
        let settling = spring.settlingDuration(epsilon: 0.001)
        expectSettles(spring, at: settling, epsilon: 0.001)
        #expect(abs(settling - 2.85) < 0.2)
        let wd = 10 * sqrt(1 - 0.25 * 0.25)
        #expect(spring.settlingDuration(epsilon: 0.0006) - settling > Double.pi / wd * 0.5)
    }

    @Test func settlingDurationCriticalAndOverdamped() {
        for spring in [
            Spring(damping: 20), Spring(damping: 50), Spring(mass: 3, stiffness: 1000, damping: 500),
            Spring(damping: 20, initialVelocity: 30), Spring(damping: 50, initialVelocity: -10),
        ] {
            let settling = spring.settlingDuration(epsilon: 0.001)
            expectSettles(spring, at: settling, epsilon: 0.001)
        }
        #expect(Spring(stiffness: 100, damping: 0).settlingDuration() == .infinity)
    }

    @Test func uiViewSpringSettlesAtItsDuration() {
        for (duration, ratio) in [(0.8, 0.6), (0.5, 0.55), (0.35, 1.0), (1.0, 2.0)] {
            let spring = Spring(duration: duration, dampingRatio: ratio)
            #expect(abs(spring.dampingRatio - ratio) < 1e-9)
            #expect(spring.mass == 1)
            #expect(abs(spring.settlingDuration(epsilon: 0.001) - duration) < 1e-6)
        }
        let withVelocity = Spring(duration: 0.5, dampingRatio: 0.55, initialVelocity: 1 / 0.55)
        #expect(withVelocity.initialVelocity == 1 / 0.55)
        #expect(withVelocity.naturalFrequency == Spring(duration: 0.5, dampingRatio: 0.55).naturalFrequency)
    }
}
