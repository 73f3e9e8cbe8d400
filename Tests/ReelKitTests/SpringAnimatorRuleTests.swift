import Foundation
import ReelKit
import ReelTrace
import Testing

/// UIViewPropertyAnimator on a spring paused, reversed, scrubbed and continued, as D26's
/// `UIViewPropertyAnimator` does it. Pausing (`-_pauseAnimation:`, `-_computeDisplacementFractionComplete:`)
/// stores the displacement fraction |(|to - from| - |to - shown|) / |to - from||, clamped to 0...0.99999,
/// and shows it (a basic animation from the original from to the original to at that time offset), so
/// an overshoot folds back. Continuing (`-_continueWithTimingParameters:duration:`) sets the internal
/// duration to duration x k / (1 - fractionComplete) when the factor k > 0, and starts a new additive
/// spring from the value shown to the target: UIKit's UIView fit (`computeDerivedSpringParameters`,
/// epsilon 0.001) over internal duration x (1 - fractionComplete), with the parameters' damping ratio
/// and initial velocity. Reversing while running pauses, stores 1 - fractionComplete and continues.
/// The expected positions are computed here (`UIKitRules.springProgress`, the tests' own fit).
@Suite @MainActor struct SpringAnimatorRuleTests {
    typealias Rules = PropertyAnimatorRuleTests
    static let cases: [(duration: Double, zeta: Double, velocity: Double)] = [(0.5, 0.3, 0), (0.8, 0.6, 0), (1.2, 0.9, 0), (0.6, 0.5, 2)]

    /// UIKit's spring from `from` to `to` over `length` s, `elapsed` s in.
    static func spring(from: Double, to: Double, length: Double, zeta: Double, velocity: Double, elapsed: Double) -> Double {
        let progress =
            elapsed >= length - 1e-9 ? 1 : UIKitRules.springProgress(at: elapsed, duration: length, zeta: zeta, velocity: velocity)
        return from + (to - from) * progress
    }

    /// The displacement fraction D26 stores for a shown progress s (0 at the original from, 1 at the to).
    static func displacement(_ s: Double) -> Double { min(max(abs(1 - abs(1 - s)), 0), 0.99999) }

    static func animator(_ c: (duration: Double, zeta: Double, velocity: Double), box: UIView) -> UIViewPropertyAnimator {
        let parameters = UISpringTimingParameters(dampingRatio: CGFloat(c.zeta), initialVelocity: CGVector(dx: CGFloat(c.velocity), dy: 0))
        let animator = UIViewPropertyAnimator(duration: c.duration, timingParameters: parameters)
        animator.addAnimations { box.frame.origin.x = 1_000 }
        return animator
    }

    /// Paused 0.45 x duration in, continued 0.1 s later with no timing and factor 0: the shown
    /// displacement, then a new spring over duration x (1 - it).
    @Test(arguments: [60.0, 120.0])
    func pausingStoresTheDisplacementAndContinuingRefitsTheSpring(refreshHz: Double) throws {
        var folded = 0
        for c in Self.cases {
            let seen = Observations()
            let trace = try Rules.run(
                Rules.scene { box, timer in
                    let animator = Self.animator(c, box: box)
                    animator.addCompletion { seen.notes.append("completed at end \($0 == .end)") }
                    animator.startAnimation()
                    Rules.after(0.45 * c.duration, on: timer) { animator.pauseAnimation() }
                    Rules.after(0.45 * c.duration + 0.1, on: timer) {
                        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
                    }
                }, refreshHz: refreshHz)
            let pause = Rules.tick(after: 0.45 * c.duration, from: Rules.t0, refreshHz: refreshHz)
            let resume = Rules.tick(after: 0.45 * c.duration + 0.1, from: Rules.t0, refreshHz: refreshHz)
            let shown = Self.spring(from: 0, to: 1, length: c.duration, zeta: c.zeta, velocity: c.velocity, elapsed: pause - Rules.t0)
            if shown > 1 { folded += 1 }
            let d = Self.displacement(shown)
            let length = c.duration * (1 - d)
            try Rules.expectFrames(trace, label: "\(c) \(refreshHz) Hz") { t in
                if t <= pause + 1e-9 {
                    return 1_000
                        * Self.spring(from: 0, to: 1, length: c.duration, zeta: c.zeta, velocity: c.velocity, elapsed: t - Rules.t0)
                }
                if t <= resume + 1e-9 { return 1_000 * d }
                return 1_000 * Self.spring(from: d, to: 1, length: length, zeta: c.zeta, velocity: c.velocity, elapsed: t - resume)
            }
            #expect(seen.notes == ["completed at end true"], "\(c)")
            #expect(trace.frames.last?.t == Rules.tick(after: length, from: resume, refreshHz: refreshHz), "\(c)")
        }
        #expect(folded > 0, "no case paused during an overshoot")
    }

    /// isReversed = true 0.3 x duration in: the displacement d is shown and a new spring runs back
    /// from it over duration x d, completing at .start.
    @Test(arguments: [60.0, 120.0])
    func reversingWhileRunningRefitsTheSpringBack(refreshHz: Double) throws {
        for c in Self.cases {
            let seen = Observations()
            let trace = try Rules.run(
                Rules.scene { box, timer in
                    let animator = Self.animator(c, box: box)
                    animator.addCompletion { seen.notes.append("completed at start \($0 == .start)") }
                    animator.startAnimation()
                    Rules.after(0.3 * c.duration, on: timer) { animator.isReversed = true }
                }, refreshHz: refreshHz)
            let turn = Rules.tick(after: 0.3 * c.duration, from: Rules.t0, refreshHz: refreshHz)
            let shown = Self.spring(from: 0, to: 1, length: c.duration, zeta: c.zeta, velocity: c.velocity, elapsed: turn - Rules.t0)
            let d = Self.displacement(shown)
            let length = c.duration * d
            try Rules.expectFrames(trace, label: "\(c) \(refreshHz) Hz") { t in
                if t <= turn + 1e-9 {
                    return 1_000
                        * Self.spring(from: 0, to: 1, length: c.duration, zeta: c.zeta, velocity: c.velocity, elapsed: t - Rules.t0)
                }
                // Back at the start the animation is gone and the model value is the start.
                if t >= turn + length - 1e-9 { return 0 }
                return 1_000 * Self.spring(from: d, to: 0, length: length, zeta: c.zeta, velocity: c.velocity, elapsed: t - turn)
            }
            #expect(seen.notes == ["completed at start true"], "\(c)")
        }
    }

    /// Paused before the start, scrubbed to 0.3, continued with factor 0.6: a spring from 0.3 over
    /// 0.6 x duration (the internal duration becomes 0.6 x duration / 0.7); paused 0.2 s later and
    /// continued with factor 0 0.1 s after: a spring from the displacement over the internal duration
    /// x (1 - it), not the creation duration.
    @Test(arguments: [60.0, 120.0])
    func aFactorSetsTheInternalDurationLaterContinuesUse(refreshHz: Double) throws {
        for c in Self.cases {
            let trace = try Rules.run(
                Rules.scene { box, timer in
                    let animator = Self.animator(c, box: box)
                    animator.pauseAnimation()
                    animator.fractionComplete = 0.3
                    animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.6)
                    Rules.after(0.2, on: timer) { animator.pauseAnimation() }
                    Rules.after(0.3, on: timer) { animator.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
                }, refreshHz: refreshHz)
            let first = 0.6 * c.duration
            let internalDuration = c.duration * 0.6 / (1 - 0.3)
            let pause = Rules.tick(after: 0.2, from: Rules.t0, refreshHz: refreshHz)
            let resume = Rules.tick(after: 0.3, from: Rules.t0, refreshHz: refreshHz)
            let shown = Self.spring(from: 0.3, to: 1, length: first, zeta: c.zeta, velocity: c.velocity, elapsed: pause - Rules.t0)
            let d = Self.displacement(shown)
            let second = internalDuration * (1 - d)
            try Rules.expectFrames(trace, label: "\(c) \(refreshHz) Hz") { t in
                if t <= pause + 1e-9 {
                    return 1_000 * Self.spring(from: 0.3, to: 1, length: first, zeta: c.zeta, velocity: c.velocity, elapsed: t - Rules.t0)
                }
                if t <= resume + 1e-9 { return 1_000 * d }
                return 1_000 * Self.spring(from: d, to: 1, length: second, zeta: c.zeta, velocity: c.velocity, elapsed: t - resume)
            }
            #expect(trace.frames.last?.t == Rules.tick(after: second, from: resume, refreshHz: refreshHz), "\(c)")
        }
    }

    /// A physical spring (mass 1, stiffness 200, damping 10: ζ = 10 / (2 √200)) runs on its own
    /// closed form until paused 0.2 s in; continued 0.1 s later it is refitted as UIKit's UIView
    /// spring with that damping ratio over the animator's duration (0.8 s) x (1 - the displacement).
    @Test(arguments: [60.0, 120.0])
    func aPhysicalSpringIsRefittedByItsDampingRatio(refreshHz: Double) throws {
        let trace = try Rules.run(
            Rules.scene { box, timer in
                let parameters = UISpringTimingParameters(mass: 1, stiffness: 200, damping: 10, initialVelocity: .zero)
                let animator = UIViewPropertyAnimator(duration: 0.8, timingParameters: parameters)
                animator.addAnimations { box.frame.origin.x = 1_000 }
                animator.startAnimation()
                Rules.after(0.2, on: timer) { animator.pauseAnimation() }
                Rules.after(0.3, on: timer) { animator.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
            }, refreshHz: refreshHz)
        let omega = 200.0.squareRoot()
        let zeta = 10 / (2 * omega)
        let damped = omega * (1 - zeta * zeta).squareRoot()
        func physical(_ t: Double) -> Double {
            1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
        }
        let pause = Rules.tick(after: 0.2, from: Rules.t0, refreshHz: refreshHz)
        let resume = Rules.tick(after: 0.3, from: Rules.t0, refreshHz: refreshHz)
        let d = Self.displacement(physical(pause - Rules.t0))
        let length = 0.8 * (1 - d)
        try Rules.expectFrames(trace, label: "\(refreshHz) Hz") { t in
            if t <= pause + 1e-9 { return 1_000 * physical(t - Rules.t0) }
            if t <= resume + 1e-9 { return 1_000 * d }
            return 1_000 * Self.spring(from: d, to: 1, length: length, zeta: zeta, velocity: 0, elapsed: t - resume)
        }
        #expect(trace.frames.last?.t == Rules.tick(after: length, from: resume, refreshHz: refreshHz))
    }
}
