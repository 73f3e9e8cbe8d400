import ReelKitExamples
import ReelSynth
import ReelTrace
import Testing

@testable import ReelKit

/// The three layer examples, every tick's values computed here from their rules: the damped
/// harmonic oscillator, the oval's rect, Core Animation's timing formula for a paused and scrubbed
/// layer, the curves' control points.
@Suite @MainActor struct LayerExampleTests {
    static let device = LayerSampling.device

    /// The one-finger sessions among the first `count` synthesized ones: the rules below follow one
    /// finger. `GestureReplay.pan` feeds every finger to one recognizer, while a touch reaches only
    /// the recognizers of the view it landed on and that view's ancestors (UIKit's delivery, which
    /// ReelKit models), so a second finger landing off the card would be counted by the rule alone.
    static func sessions(_ spec: ScenarioSpec, count: Int, refreshHz: Double = 60) -> [[Touch]] {
        let synthesizer = GestureSynthesizer(scenario: spec, device: device, refreshHz: refreshHz, seed: 11)
        let sessions = (0..<count).map { synthesizer.session(index: $0).touches }.filter(GestureReplay.isOneFinger)
        #expect(sessions.count >= count / 2, "the seed gives mostly one-finger sessions (\(sessions.count) of \(count))")
        return sessions
    }

    /// The reading of the pan at or before `t` (nil before it began).
    static func reading(_ replay: GestureReplay, at t: Double) -> GestureReplay.Reading? {
        replay.readings.last { $0.t <= t + 1e-12 && $0.state != .possible && $0.state != .failed }
    }

    // MARK: card.corner-spring

    /// x(t) = e^(-zeta w0 t) (-cos wd t - zeta w0 / wd sin wd t): mass 1, stiffness 300, damping 15, from rest.
    static func springDisplacement(_ t: Double) -> Double {
        let w0 = 300.0.squareRoot()
        let zeta = 15 / (2 * w0)
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return exp(-zeta * w0 * t) * (-cos(wd * t) - zeta * w0 / wd * sin(wd * t))
    }

    /// The last time |x| reaches 0.001, by scanning.
    static let springSettling: Double = {
        var last = 0.0
        var t = 0.0
        while t < 3 {
            if abs(springDisplacement(t)) >= 0.001 { last = t }
            t += 1e-6
        }
        return last
    }()

    @Test(arguments: [60.0, 120.0]) func theCardsCornersSpringAndItsShadowFollowsTheDrag(refreshHz: Double) throws {
        let base = CornerSpringCardExample.scene
        let (scene, samples) = LayerSampling.scene(base.spec, key: "card") { CornerSpringCardExample.build($0) }
        var checked = 0
        for (index, touches) in Self.sessions(base.spec, count: 100, refreshHz: refreshHz).enumerated() {
            samples.values.removeAll()
            let trace = try LayerSampling.run(scene, touches: touches, refreshHz: refreshHz)
            let replay = GestureReplay.pan(touches)
            guard let began = replay.readings.first(where: { $0.state == .began }) else { continue }
            let end = replay.end
            let release = end.map {
                (
                    t: $0.t, f: min(max($0.translation.y / 444, 0), 1),
                    leaves: $0.state == .ended && min(max($0.translation.y / 444, 0), 1) > 0.5
                )
            }
            for (t, values) in samples.values where t >= began.t - 1e-12 {
                guard let reading = Self.reading(replay, at: t) else { continue }
                let f = min(max(reading.translation.y / 444, 0), 1)
                let dt = t - began.t
                var radius = 24 * (1 + Self.springDisplacement(dt))
                if dt >= Self.springSettling + 1e-9 { radius = 24 }
                var shadow = Double(Float(0.3) * Float(1 - f))
                var y = 400 + 444 * f
                if let release, t >= release.t - 1e-12 {
                    let u = LayerSampling.easeOut.progress((t - release.t) / 0.3)
                    let from = Double(Float(0.3) * Float(1 - release.f))
                    let target = release.leaves ? 0 : 0.3
                    shadow = Double(Float(t >= release.t + 0.3 - 1e-9 ? target : from + (Double(Float(target)) - from) * u))
                    y =
                        (400 + 444 * release.f) + ((release.leaves ? 844 : 400) - (400 + 444 * release.f))
                        * (t >= release.t + 0.3 - 1e-9 ? 1 : u)
                    if !release.leaves { radius = t >= release.t + 0.3 - 1e-9 ? 0 : 24 * (1 - u) }
                }
                let nearSettling = abs(dt - Self.springSettling) < 1e-6
                #expect(abs(values.cornerRadius - radius) < (nearSettling ? 0.025 : 1e-6), "session \(index) t = \(t): radius")
                #expect(abs(values.shadowOpacity - shadow) < 1e-6, "session \(index) t = \(t): shadow")
                if let frame = trace.frames.first(where: { abs($0.t - t) < 1e-9 }),
                    let card = frame.views.first(where: { $0.key == "card" })
                {
                    #expect(abs(card.y - y) < 1e-6, "session \(index) t = \(t): y \(card.y) vs \(y)")
                    // The trace carries the layer's values (corner_radius, shadow_opacity), and the
                    // example's shadow radius of 12 while the shadow shows.
                    #expect(abs(card.cornerRadius - radius) < (nearSettling ? 0.025 : 1e-6), "session \(index) t = \(t): traced radius")
                    #expect(abs(card.shadowOpacity - shadow) < 1e-6, "session \(index) t = \(t): traced shadow")
                    #expect(card.shadowRadius == (shadow == 0 ? 0 : 12), "session \(index) t = \(t): traced shadow radius")
                    #expect(card.borderWidth == 0 && card.contentOffsetX == 0 && card.contentOffsetY == 0)
                }
                checked += 1
            }
        }
        #expect(checked > 300, "ticks checked: \(checked)")
    }

    // MARK: reveal.circle

    @Test(arguments: [60.0, 120.0]) func theRevealsMaskGrowsFromTheButtonsCircleToTheScreens(refreshHz: Double) throws {
        let base = CircularRevealExample.scene
        let (scene, samples) = LayerSampling.scene(base.spec, key: "detail.view") { CircularRevealExample.build($0) }
        let small = CGRect(x: 195 - 22, y: 760 - 22, width: 44, height: 44)
        let radius = (195.0 * 195 + 760.0 * 760).squareRoot()
        let large = CGRect(x: 195 - radius, y: 760 - radius, width: 2 * radius, height: 2 * radius)
        var revealed = 0
        var tracedMasks = 0
        for (index, touches) in Self.sessions(base.spec, count: 20, refreshHz: refreshHz).enumerated() {
            samples.values.removeAll()
            let trace = try LayerSampling.run(scene, touches: touches, refreshHz: refreshHz)
            guard trace.outcome.completed else { continue }
            revealed += 1
            let t0 = touches.last { $0.phase == .ended }?.t ?? 0
            let end = t0 + 0.5
            #expect(abs(trace.outcome.t - ((end * refreshHz - 1e-9).rounded(.up) / refreshHz)) < 1e-9, "session \(index)")
            let masked = samples.values.filter { $0.values.maskKind != nil }
            #expect(!masked.isEmpty)
            for (t, values) in masked {
                let f = UIKitRules.Bezier.easeInOut.progress((t - t0) / 0.5)
                let expected = CGRect(
                    x: small.minX + (large.minX - small.minX) * f, y: small.minY + (large.minY - small.minY) * f,
                    width: small.width + (large.width - small.width) * f, height: small.height + (large.height - small.height) * f)
                #expect(values.maskKind == "shape")
                let shown = values.maskBounds ?? .zero
                #expect(LayerGeometryTests.close(shown, expected, 1e-6), "session \(index) t = \(t): \(shown) vs \(expected)")
                // The trace carries the mask: kind 1 (a shape layer's path) and its bounds.
                if let frame = trace.frames.first(where: { abs($0.t - t) < 1e-9 }),
                    let detail = frame.views.first(where: { $0.key == "detail.view" })
                {
                    let traced = CGRect(x: detail.maskX, y: detail.maskY, width: detail.maskW, height: detail.maskH)
                    #expect(detail.maskKind == 1, "session \(index) t = \(t): traced mask kind")
                    #expect(LayerGeometryTests.close(traced, expected, 1e-6), "session \(index) t = \(t): traced \(traced)")
                    tracedMasks += 1
                }
            }
        }
        #expect(revealed > 5)
        #expect(tracedMasks > 20, "frames whose traced mask was checked: \(tracedMasks)")
    }

    // MARK: drawer.scrub

    @Test(arguments: [60.0, 120.0]) func theDrawerFollowsItsScrubbedLayerClock(refreshHz: Double) throws {
        let base = ScrubbedDrawerExample.scene
        var finished = 0
        var cancelled = 0
        for (index, touches) in Self.sessions(base.spec, count: 40, refreshHz: refreshHz).enumerated() {
            let trace = try LayerSampling.run(base, touches: touches, refreshHz: refreshHz)
            let replay = GestureReplay.pan(touches)
            guard replay.readings.contains(where: { $0.state == .began }), let end = replay.end else { continue }
            let fr = min(max(-end.translation.y / 500, 0), 1)
            let finishing = end.state == .ended && fr > 0.5
            let paused = 0.4 * fr
            #expect(trace.outcome.completed == finishing, "session \(index)")
            if finishing { finished += 1 } else { cancelled += 1 }
            for frame in trace.frames {
                guard let drawer = frame.views.first(where: { $0.key == "drawer" }), let reading = Self.reading(replay, at: frame.t) else {
                    continue
                }
                let t = frame.t
                var y: Double
                var dim: Double
                if t < end.t - 1e-12 {
                    let f = min(max(-reading.translation.y / 500, 0), 1)
                    y = 844 - 500 * f
                    dim = 0.5 * f
                } else if finishing {
                    let progress = min((t - end.t + paused) / 0.4, 1)
                    y = 844 - 500 * progress
                    dim = 0.5 * progress
                    if t - end.t + paused >= 0.4 - 1e-9 {
                        y = 344
                        dim = 0.5
                    }
                } else {
                    let u = paused > 0 ? min((t - end.t) / paused, 1) : 1
                    y = (844 - 500 * fr) + 500 * fr * u
                    dim = 0.5 * fr * (1 - u)
                }
                #expect(abs(drawer.y - y) < 1e-6, "session \(index) t = \(t): drawer y \(drawer.y) vs \(y)")
                if let dimming = frame.views.first(where: { $0.key == "dimming" }) {
                    #expect(abs(dimming.alpha - Double(Float(dim))) < 1e-6, "session \(index) t = \(t): dimming")
                }
            }
        }
        #expect(finished > 3 && cancelled > 3, "finished \(finished), cancelled \(cancelled)")
    }
}
