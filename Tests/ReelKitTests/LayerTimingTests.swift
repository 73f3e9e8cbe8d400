import ReelTrace
import Testing

@testable import ReelKit

/// Core Animation's media timing on the session's clock, the values computed here from Apple's
/// CAMediaTiming rules: active time = (t - beginTime) x speed + timeOffset, cycles of the duration
/// (twice with autoreverses), repeatCount cycles, fill modes before and after, removal on
/// completion, the delegate's start and stop. The tap is recognized at its lift, t0 = 0.1 s.
@Suite @MainActor struct LayerTimingTests {
    static let t0 = 0.1

    /// A delayed linear animation filling backwards: 0 before it begins, 40 x active / 0.4 while
    /// active, the model value (10) once it is removed.
    @Test func aDelayedAnimationFillsBackwardsAndIsRemovedAtItsEnd() throws {
        let (scene, samples) = LayerSampling.tapScene("timing.delay") { box in
            let grow = CABasicAnimation(keyPath: "cornerRadius")
            grow.fromValue = 0
            grow.toValue = 40
            grow.duration = 0.4
            grow.beginTime = CACurrentMediaTime() + 0.1
            grow.fillMode = .backwards
            box.layer.cornerRadius = 10
            box.layer.add(grow, forKey: "grow")
        }
        _ = try LayerSampling.run(scene, touches: LayerSampling.tap(at: Self.t0))
        #expect(samples.values.count > 20)
        for (t, values) in samples.values where t >= Self.t0 - 1e-9 {
            let active = t - (Self.t0 + 0.1)
            let expected: Double
            if active < 0 {
                expected = 0
            } else if active < 0.4 - 1e-9 {
                expected = 40 * active / 0.4
            } else {
                expected = 10
            }
            #expect(abs(values.cornerRadius - expected) < 1e-9, "t = \(t)")
        }
        #expect(samples.values.last.map { $0.t >= Self.t0 + 0.5 - 1e-9 } == true)
    }

    /// speed 2, timeOffset 0.1, two autoreversing cycles of 0.2 s: the active time 2 (t - t0) + 0.1
    /// runs 0.8 s of cycles (ending at t0 + 0.35); the delegate hears the start at once and the
    /// stop (finished) at the first tick after the end.
    @Test func speedOffsetRepeatsAndAutoreverse() throws {
        @MainActor final class Listener: CAAnimationDelegate {
            var events: [(String, Double)] = []
            func animationDidStart(_ anim: CAAnimation) { events.append(("start", CACurrentMediaTime())) }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append(("stop \(flag)", CACurrentMediaTime())) }
        }
        let listener = Listener()
        let (scene, samples) = LayerSampling.tapScene("timing.repeat") { view in
            let pulse = CABasicAnimation(keyPath: "cornerRadius")
            pulse.fromValue = 0
            pulse.toValue = 40
            pulse.duration = 0.2
            pulse.speed = 2
            pulse.timeOffset = 0.1
            pulse.repeatCount = 2
            pulse.autoreverses = true
            pulse.delegate = listener
            view.layer.add(pulse, forKey: "pulse")
        }
        _ = try LayerSampling.run(scene, touches: LayerSampling.tap(at: Self.t0))
        let end = Self.t0 + (0.8 - 0.1) / 2
        for (t, values) in samples.values where t >= Self.t0 - 1e-9 {
            let active = (t - Self.t0) * 2 + 0.1
            var expected = 0.0
            if active < 0.8 - 1e-9 {
                let c = active.truncatingRemainder(dividingBy: 0.4)
                expected = 40 * (c > 0.2 ? 0.4 - c : c) / 0.2
            }
            #expect(abs(values.cornerRadius - expected) < 1e-9, "t = \(t)")
        }
        let firstTickAfterEnd = (end * 60 - 1e-9).rounded(.up) / 60
        #expect(listener.events.map(\.0) == ["start", "stop true"])
        #expect(abs((listener.events.last?.1 ?? 0) - firstTickAfterEnd) < 1e-9)
    }

    /// A view's layer: cornerRadius set outside a block and every shadow value show at once
    /// (UIKit gives them no action); cornerRadius inside a UIView.animate block animates on the
    /// block's curve (linear, 0.3 s) from the value on screen.
    @Test func aViewsLayerAnimatesOnlyCornerRadiusInsideABlock() throws {
        let (scene, samples) = LayerSampling.tapScene("actions.view") { box in
            box.layer.shadowOpacity = 0.5
            box.layer.borderWidth = 2
            box.layer.cornerRadius = 8
            UIView.animate(withDuration: 0.3, delay: 0, options: .curveLinear) {
                box.layer.cornerRadius = 20
                box.layer.shadowRadius = 9
                box.alpha = 0.5
            }
        }
        _ = try LayerSampling.run(scene, touches: LayerSampling.tap(at: Self.t0))
        #expect(!samples.values.isEmpty)
        for (t, values) in samples.values where t >= Self.t0 - 1e-9 {
            let f = min(max((t - Self.t0) / 0.3, 0), 1)
            #expect(abs(values.cornerRadius - (8 + 12 * f)) < 1e-9, "t = \(t)")
            #expect(values.shadowOpacity == 0.5 && values.shadowRadius == 9 && values.borderWidth == 2, "t = \(t)")
        }
    }

    /// A standalone layer committed earlier animates a change implicitly: 0.25 s on the default
    /// curve (0.25, 0.1, 0.25, 1) from the value on screen; one made in the same turn does not;
    /// a transaction's duration and timing function apply, disableActions stops the action, and
    /// its completion block runs at the tick its animation ends.
    @Test func implicitAnimationsAndTransactions() throws {
        let samples = LayerSamples()
        let spec = ReelKitScene(name: "actions.standalone", trigger: TriggerSpec(kind: .tap)) { _ in }.spec
        let scene = ReelKitScene(reimplementing: spec) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let committed = (0..<3).map { _ in CALayer() }
            for layer in committed { root.view.layer.addSublayer(layer) }
            samples.layers = committed
            let tap = UITapGestureRecognizer()
            tap.addTarget { _ in
                let fresh = CALayer()
                root.view.layer.addSublayer(fresh)
                fresh.opacity = 0.3
                committed[0].opacity = 0.2
                CATransaction.begin()
                CATransaction.setAnimationDuration(0.5)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
                CATransaction.setCompletionBlock { samples.times.append(CACurrentMediaTime()) }
                committed[1].cornerRadius = 30
                CATransaction.commit()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                committed[2].borderWidth = 3
                CATransaction.commit()
                samples.layers.append(fresh)
                KitRuntime.current?.frameObservers.append { t in
                    let shown = samples.layers.map { $0.presentation()! }
                    samples.values.append(
                        (
                            t,
                            LayerTraceValues(
                                cornerRadius: Double(shown[1].cornerRadius), borderWidth: Double(shown[2].borderWidth),
                                shadowOpacity: Double(shown[0].opacity), shadowRadius: Double(shown[3].opacity), maskKind: nil,
                                maskBounds: nil)
                        ))
                }
            }
            root.view.addGestureRecognizer(tap)
        }
        _ = try LayerSampling.run(scene, touches: LayerSampling.tap(at: Self.t0))
        #expect(samples.values.count >= 30)
        for (t, values) in samples.values {
            let implicit = LayerSampling.defaultCurve.progress((t - Self.t0) / 0.25)
            #expect(abs(values.shadowOpacity - Double(Float(1 + (0.2 - 1) * implicit))) < 1e-6, "opacity at t = \(t)")
            let transaction = LayerSampling.easeOut.progress((t - Self.t0) / 0.5)
            #expect(abs(values.cornerRadius - 30 * transaction) < 1e-6, "cornerRadius at t = \(t)")
            #expect(values.borderWidth == 3 && abs(values.shadowRadius - 0.3) < 1e-6, "t = \(t)")
        }
        let end = ((Self.t0 + 0.5) * 60 - 1e-9).rounded(.up) / 60
        #expect(samples.times.count == 1 && abs((samples.times.first ?? 0) - end) < 1e-9, "\(samples.times)")
    }

    /// Keyframes: values [0, 30, 10] at key times [0, 0.25, 1] over 0.4 s, the first segment on
    /// ease in, the second linear; discrete: each value from its key time on (evenly, i / 3).
    @Test(arguments: [false, true]) func keyframeAnimations(discrete: Bool) throws {
        let (scene, samples) = LayerSampling.tapScene("timing.keyframes") { box in
            let frames = CAKeyframeAnimation(keyPath: "cornerRadius")
            frames.values = [0, 30, 10]
            if discrete {
                frames.calculationMode = .discrete
            } else {
                frames.keyTimes = [0, 0.25, 1]
                frames.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
            }
            frames.duration = 0.4
            box.layer.add(frames, forKey: "frames")
        }
        _ = try LayerSampling.run(scene, touches: LayerSampling.tap(at: Self.t0))
        for (t, values) in samples.values where t >= Self.t0 - 1e-9 {
            let u = (t - Self.t0) / 0.4
            var expected = 0.0
            if u < 1 - 1e-9 {
                if discrete {
                    // At a key time itself the value changes; whether a frame's time, computed in
                    // doubles, lands on or just before it is not the rule's to say: those frames are
                    // not judged.
                    if abs(u * 3 - (u * 3).rounded()) < 1e-9 { continue }
                    expected = [0, 30, 10][min(Int((u * 3).rounded(.down)), 2)]
                } else if u < 0.25 {
                    expected = 30 * UIKitRules.Bezier.easeIn.progress(u / 0.25)
                } else {
                    expected = 30 + (10 - 30) * (u - 0.25) / 0.75
                }
            }
            #expect(abs(values.cornerRadius - expected) < 1e-6, "t = \(t)")
        }
    }

    /// A group's children run on its clock (a child's beginTime from the group's start) and end
    /// with it: borderWidth 0 -> 4 over 0.4 s is cut at the group's 0.3 s.
    @Test func aGroupClipsItsChildren() throws {
        let (scene, samples) = LayerSampling.tapScene("timing.group") { box in
            let radius = CABasicAnimation(keyPath: "cornerRadius")
            radius.fromValue = 0
            radius.toValue = 20
            radius.beginTime = 0.1
            radius.duration = 0.2
            let border = CABasicAnimation(keyPath: "borderWidth")
            border.fromValue = 0
            border.toValue = 4
            border.duration = 0.4
            let group = CAAnimationGroup()
            group.animations = [radius, border]
            group.duration = 0.3
            box.layer.add(group, forKey: "group")
        }
        _ = try LayerSampling.run(scene, touches: LayerSampling.tap(at: Self.t0))
        for (t, values) in samples.values where t >= Self.t0 - 1e-9 {
            let local = t - Self.t0
            let inGroup = local < 0.3 - 1e-9
            let radius = inGroup && local >= 0.1 && local < 0.3 - 1e-9 ? 20 * (local - 0.1) / 0.2 : 0
            #expect(abs(values.cornerRadius - radius) < 1e-9, "t = \(t)")
            #expect(abs(values.borderWidth - (inGroup ? 4 * local / 0.4 : 0)) < 1e-9, "t = \(t)")
        }
    }

    /// CASpringAnimation's settlingDuration is the last time |x| = 0.001 of the damped oscillator
    /// x = e^(-zeta w0 t) (-cos wd t - zeta w0 / wd sin wd t), found here by scanning; Apple's
    /// damping-5 example says "about 2.85 s" (a smaller, undocumented threshold; docs/KIT.md).
    @Test(arguments: [5.0, 10.0, 15.0]) func springSettlingDurationFollowsTheFormula(damping: Double) {
        let spring = CASpringAnimation(keyPath: "cornerRadius")
        spring.damping = CGFloat(damping)
        let w0 = 10.0
        let zeta = damping / (2 * 10)
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        func x(_ t: Double) -> Double { exp(-zeta * w0 * t) * (-cos(wd * t) - zeta * w0 / wd * sin(wd * t)) }
        var last = 0.0
        var t = 0.0
        while t < 10 {
            if abs(x(t)) >= 0.001 { last = t }
            t += 1e-5
        }
        #expect(abs(spring.settlingDuration - last) < 2e-5, "damping \(damping): \(spring.settlingDuration) vs \(last)")
        if damping == 5 { #expect(abs(spring.settlingDuration - 2.85) < 0.2) }
    }

    /// presentation() mid-animation; the model stays; anchorPoint keeps the position (Apple) so the
    /// frame moves, and the view's center is the layer's position; m34 is kept beside the view's transform.
    @Test func presentationModelAnchorAndPerspective() throws {
        let samples = LayerSamples()
        let (scene, _) = LayerSampling.tapScene("layers.values", samples: samples) { box in
            let grow = CABasicAnimation(keyPath: "position.x")
            grow.fromValue = 50
            grow.toValue = 150
            grow.duration = 1
            box.layer.add(grow, forKey: "x")
            KitRuntime.current?.frameObservers.append { t in
                if let shown = box.layer.presentation()?.position.x { samples.notes.append("\(t) \(shown)") }
            }
            box.layer.anchorPoint = CGPoint(x: 0, y: 0)
            samples.notes.append("frame \(box.frame.origin.x) \(box.frame.origin.y) center \(box.center.x) \(box.center.y)")
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 500
            box.layer.transform = CATransform3DRotate(perspective, 0.5, 0, 0, 1)
            samples.notes.append("m34 \(box.layer.transform.m34) b \(box.transform.b)")
        }
        _ = try LayerSampling.run(scene, touches: LayerSampling.tap(at: Self.t0))
        #expect(samples.notes[0] == "frame 50.0 50.0 center 50.0 50.0")
        #expect(samples.notes[1] == "m34 \(-1.0 / 500) b \(sin(0.5))")
        for note in samples.notes.dropFirst(2) {
            let parts = note.split(separator: " ").compactMap { Double($0) }
            guard parts.count == 2, parts[0] < Self.t0 + 1 - 1e-9 else { continue }
            #expect(abs(parts[1] - (50 + 100 * (parts[0] - Self.t0))) < 1e-9, "\(note)")
        }
    }
}
