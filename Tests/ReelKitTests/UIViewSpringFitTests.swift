import ReelKit
import ReelTiming
import ReelTrace
import Testing

/// UIKit's UIView spring (D26 `UIViewSpringAnimationState -generateSpringPropertiesForDuration:
/// damping:velocity:`): mass 1, epsilon 0.001, damping clamped to FLT_EPSILON...1, ω where the decay
/// envelope meets 0.001 at the duration, the initial velocity kept. Expected values come from
/// `UIKitRules` (the tests' own root finder and closed forms).
@Suite @MainActor struct UIViewSpringFitTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let tap = [Touch(t: 0, id: 0, phase: .began, x: 195, y: 422), Touch(t: 0.1, id: 0, phase: .ended, x: 195, y: 422)]
    static let durations = [0.3, 0.5, 0.8, 1.2]
    static let ratios = [0.3, 0.6, 0.9, 1.0, 1.5]
    static let velocities = [0.0, 3.0, -2.0]

    @Test func theFitIsUIKitsForEveryDurationDampingAndVelocity() {
        for duration in Self.durations {
            for ratio in Self.ratios {
                for velocity in Self.velocities {
                    let spring = Spring(uiViewDuration: duration, dampingRatio: ratio, initialVelocity: velocity)
                    let omega = UIKitRules.springOmega(duration: duration, zeta: ratio, velocity: velocity)
                    let label = "T \(duration) zeta \(ratio) v \(velocity)"
                    #expect(spring.mass == 1, "\(label)")
                    if omega.isNaN {
                        #expect(
                            spring.naturalFrequency.isNaN, "\(label): \(spring.naturalFrequency), UIKit's steps leave the finite numbers")
                    } else {
                        #expect(abs(spring.naturalFrequency - omega) <= 1e-9 * omega, "\(label): \(spring.naturalFrequency) vs \(omega)")
                    }
                    if !omega.isNaN { #expect(abs(spring.dampingRatio - UIKitRules.clampedZeta(ratio)) <= 1e-12, "\(label)") }
                    #expect(spring.initialVelocity == velocity, "\(label)")
                }
            }
        }
    }

    /// With an initial velocity toward the target the envelope equation has up to three roots;
    /// D26's twelve Newton steps from 5 / T land on one that is not always the largest or the one
    /// nearest the start: ReelKit's ω must be that root and far from the others.
    @Test(arguments: [(0.5, 0.3, 3.0), (0.8, 0.6, 3.0), (0.3, 0.6, 10.0), (0.5, 0.6, 3.0)])
    func theNewtonStepsFromFiveOverTPickTheRootUIKitPicks(duration: Double, zeta: Double, velocity: Double) throws {
        let roots = UIKitRules.envelopeRoots(duration: duration, zeta: zeta, velocity: velocity)
        #expect(roots.count == 3, "T \(duration) zeta \(zeta) v \(velocity): roots \(roots)")
        let newton = UIKitRules.springOmega(duration: duration, zeta: zeta, velocity: velocity)
        let reached = try #require(roots.min { abs($0 - newton) < abs($1 - newton) })
        #expect(abs(reached - newton) <= 1e-6 * newton, "the steps end on a root: \(newton) vs \(roots)")
        let omega = Spring(uiViewDuration: duration, dampingRatio: zeta, initialVelocity: velocity).naturalFrequency
        #expect(abs(omega - newton) <= 1e-9 * newton, "ReelKit \(omega), UIKit's steps \(newton)")
        for other in roots where other != reached {
            #expect(abs(omega - other) > 0.01, "ReelKit \(omega) took the root \(other), UIKit's steps reach \(reached)")
        }
    }

    /// The two cases where the root taken is not the largest one: the middle (0.5 s, ζ 0.3, v 3)
    /// and the smallest (0.8 s, ζ 0.6, v 3).
    @Test func theRootTakenIsNotAlwaysTheLargest() {
        let middle = UIKitRules.envelopeRoots(duration: 0.5, zeta: 0.3, velocity: 3)
        let smallest = UIKitRules.envelopeRoots(duration: 0.8, zeta: 0.6, velocity: 3)
        #expect(middle.count == 3 && smallest.count == 3)
        let a = Spring(uiViewDuration: 0.5, dampingRatio: 0.3, initialVelocity: 3).naturalFrequency
        let b = Spring(uiViewDuration: 0.8, dampingRatio: 0.6, initialVelocity: 3).naturalFrequency
        #expect(middle.count == 3 && abs(a - middle[1]) < 1e-6 * a, "\(a) vs \(middle)")
        #expect(smallest.count == 3 && abs(b - smallest[0]) < 1e-6 * b, "\(b) vs \(smallest)")
    }

    /// Damping above 1 is clamped to 1 (critically damped, not overdamped), and a ratio at or below
    /// zero to FLT_EPSILON, for which the Newton steps leave the finite numbers (the first one jumps
    /// to about -1.4e11 rad/s): what Core Animation shows then is not known, and ReelKit stops the
    /// session saying so.
    @Test func dampingIsClampedToFloatEpsilonThroughOne() throws {
        #expect(Spring(uiViewDuration: 0.5, dampingRatio: 1.5).regime == .criticallyDamped)
        #expect(Spring(uiViewDuration: 0.5, dampingRatio: 2).regime == .criticallyDamped)
        #expect(UIViewSpringFit.clampedDampingRatio(0) == Double(Float.ulpOfOne))
        #expect(UIViewSpringFit.clampedDampingRatio(-1) == Double(Float.ulpOfOne))
        // fmax(NaN, FLT_EPSILON) is FLT_EPSILON: a NaN ratio is the least damped spring.
        #expect(UIViewSpringFit.clampedDampingRatio(.nan) == Double(Float.ulpOfOne))
        #expect(UIKitRules.springOmega(duration: 0.5, zeta: 0, velocity: 0).isNaN)
        #expect(!UIViewSpringFit.fits(duration: 0.5, dampingRatio: 0, velocity: 0))
        do {
            _ = try Self.run(
                Self.scene { box in
                    UIView.animate(
                        withDuration: 0.5, delay: 0, usingSpringWithDamping: 0, initialSpringVelocity: 0, options: [],
                        animations: { box.frame.origin.x = 1_000 })
                }, refreshHz: 60)
            Issue.record("a spring UIKit's fit cannot solve ran")
        } catch let error as ReelKitError {
            #expect(error.message.contains("no finite frequency") && error.message.contains("damping 0"), "\(error.message)")
        }
    }

    /// The issue's numbers: 0.5 s, damping 0.6, 1,000 pt: the envelope fit is 43-60 pt ahead of the
    /// settling fit at 0.05-0.1 s; damping 1.5 gives a critically damped curve, far from the overdamped one.
    @Test func theEnvelopeFitDiffersFromTheSettlingFitAsTheAuditMeasured() {
        let uikit = Spring(uiViewDuration: 0.5, dampingRatio: 0.6)
        let settling = Spring(duration: 0.5, dampingRatio: 0.6)
        for t in [0.05, 0.075, 0.1] {
            let gap = 1_000 * (uikit.position(at: t) - settling.position(at: t))
            #expect(gap > 40 && gap < 62, "at \(t): \(gap)")
            #expect(abs(uikit.position(at: t) - UIKitRules.springProgress(at: t, duration: 0.5, zeta: 0.6, velocity: 0)) < 1e-9)
        }
        let critical = Spring(uiViewDuration: 0.5, dampingRatio: 1.5)
        let gap = 1_000 * (critical.position(at: 0.05) - Spring(duration: 0.5, dampingRatio: 1.5).position(at: 0.05))
        #expect(abs(gap) > 180 && abs(gap) < 200, "\(gap)")
    }

    static func scene(_ action: @escaping @MainActor @Sendable (UIView) -> Void) -> ReelKitScene {
        BoxScene.make(name: "spring", withTimer: false) { views in action(views.box) }
    }

    static func run(_ scene: ReelKitScene, refreshHz: Double) throws -> Trace {
        try ReelKitEngine(scenes: [scene], name: "spring", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: refreshHz, touches: tap, outcomeHierarchy: false)
    }

    /// Every tick's box position against UIKit's spring moved 1,000 pt from the tap (t = 0.1 s).
    static func expectFramesFollowUIKitsSpring(
        _ trace: Trace, duration: Double, zeta: Double, velocity: Double, label: String
    ) throws {
        #expect(trace.frames.count > 3, "\(label)")
        for frame in trace.frames {
            let box = try #require(frame.views.first { $0.key == "box" })
            let elapsed = frame.t - 0.1
            let expected =
                1_000
                * (elapsed >= duration - 1e-9
                    ? 1 : UIKitRules.springProgress(at: elapsed, duration: duration, zeta: zeta, velocity: velocity))
            #expect(abs(box.x - expected) <= 1e-6, "\(label) at \(frame.t): \(box.x) vs \(expected)")
        }
    }

    @Test(arguments: [60.0, 120.0])
    func uiViewAnimateWithASpringMovesAsUIKitAtEveryTick(refreshHz: Double) throws {
        for (duration, zeta, velocity) in [(0.5, 0.6, 0.0), (0.8, 0.3, 3.0), (0.35, 1.5, 0.0), (1.2, 0.9, -2.0)] {
            let trace = try Self.run(
                Self.scene { box in
                    UIView.animate(
                        withDuration: duration, delay: 0, usingSpringWithDamping: CGFloat(zeta),
                        initialSpringVelocity: CGFloat(velocity), options: [], animations: { box.frame.origin.x = 1_000 })
                }, refreshHz: refreshHz)
            try Self.expectFramesFollowUIKitsSpring(
                trace, duration: duration, zeta: zeta, velocity: velocity,
                label: "UIView.animate \(duration) \(zeta) \(velocity) \(refreshHz) Hz")
        }
    }

    @Test(arguments: [60.0, 120.0])
    func springTimingParametersWithADurationMoveAsUIKitAtEveryTick(refreshHz: Double) throws {
        for (duration, zeta, velocity) in [(0.5, 0.6, 0.0), (0.8, 0.3, 3.0), (0.35, 1.5, 0.0), (1.2, 0.9, -2.0)] {
            let trace = try Self.run(
                Self.scene { box in
                    let parameters = UISpringTimingParameters(
                        dampingRatio: CGFloat(zeta), initialVelocity: CGVector(dx: CGFloat(velocity), dy: 0))
                    let animator = UIViewPropertyAnimator(duration: duration, timingParameters: parameters)
                    animator.addAnimations { box.frame.origin.x = 1_000 }
                    animator.startAnimation()
                }, refreshHz: refreshHz)
            try Self.expectFramesFollowUIKitsSpring(
                trace, duration: duration, zeta: zeta, velocity: velocity,
                label: "UISpringTimingParameters \(duration) \(zeta) \(velocity) \(refreshHz) Hz")
        }
    }
}
