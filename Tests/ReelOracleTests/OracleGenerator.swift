import Foundation

/// The oracle's own touch streams (it uses no Reel synthesizer): one stroke, or one pinch, per
/// session, drawn from a seeded generator and, for a share of the sessions, aimed at the boundary
/// of the rule the oracle reads: the stroke's length (or the pinch's end scale) is bisected until
/// the oracle's margin changes sign, then nudged by a fraction of the census tolerance.
struct OracleRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in lo..<hi.
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }

    mutating func chance(_ p: Double) -> Bool { uniform(0, 1) < p }

    mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
}

/// How a stroke ends.
enum OracleEnding: String, CaseIterable {
    /// Lifts while moving.
    case lift
    /// Rests for a few frames (moves to the same point), then lifts.
    case hold
    /// Moves back a little for three frames, then lifts.
    case reverse
    /// The touch is cancelled while moving.
    case cancel
}

/// One generated session.
struct OracleSession {
    var touches: [OracleTouch]
    var ending: OracleEnding
    /// Whether its length was bisected onto the boundary.
    var aimed: Bool
}

/// What a family's strokes look like.
struct OracleStrokeShape {
    /// Where a finger lands: x and y ranges, window points.
    var x: ClosedRange<Double>
    var y: ClosedRange<Double>
    /// Main direction of travel, radians (0: +x, pi/2: +y, down), and its spread either side.
    var angle: Double
    var angleSpread: Double
    /// Stroke length range, points (the quantity bisected).
    var length: ClosedRange<Double>
    /// Average speed range, points per second.
    var speed: ClosedRange<Double>
    /// A pinch instead of a stroke: the fingers' starting distance, and the end scale range (bisected).
    var pinchDistance: ClosedRange<Double>? = nil
    var pinchScale: ClosedRange<Double> = 0.2...1.2
    /// Share of the strokes that land in the edge region (0.5...12.5 pt from the left edge) instead.
    var edgeShare = 0.0
    /// Share of the strokes that go the opposite way (angle + pi).
    var reverseShare = 0.0
}

struct OracleGenerator {
    let family: OracleFamily
    let rate: Double
    let seed: UInt64
    let screen: OracleScreen
    /// Share of the sessions aimed at the boundary: half for the back swipes, whose margin jumps
    /// with each statistics sample (a bisection often ends on a jump wider than the census
    /// tolerance), a quarter for the others.
    var aimedShare: Double { family.scenario.hasPrefix("nav.") && family.scenario != "nav.vertical-swipe-pop" ? 0.5 : 0.25 }

    /// The stroke shapes, per scenario: from the edge inwards, down from the top, down anywhere, any
    /// direction, pinching in.
    var shape: OracleStrokeShape {
        let w = screen.width
        let h = screen.height
        switch family.scenario {
        case "nav.interactive-pop", "zoom.dismiss-edge", "nav.interrupt-push":
            // Lands in the edge region (a few just outside it), below the navigation bar.
            return OracleStrokeShape(x: 0.5...15, y: 120...(h - 60), angle: 0, angleSpread: 0.35, length: 5...(w - 20), speed: 60...2400)
        case "nav.content-swipe-pop":
            // In the content (some swiping the wrong way) and at the edge: without the content pop
            // only those start anything; with it, a slow or drifting one falls back to the content pop.
            return OracleStrokeShape(
                x: 14...260, y: 120...(h - 60), angle: 0, angleSpread: 0.45, length: 5...(w - 30), speed: 60...2400,
                edgeShare: family.profile == .classic ? 0.7 : 0.3)
        case "nav.vertical-swipe-pop":
            return OracleStrokeShape(x: 40...(w - 40), y: 10...140, angle: .pi / 2, angleSpread: 0.5, length: 5...600, speed: 60...2400)
        case "modal.swipe-dismiss", "sheet.drag-dismiss", "zoom.dismiss-drag", "zoom.dismiss-presented":
            return OracleStrokeShape(x: 40...(w - 40), y: 120...360, angle: .pi / 2, angleSpread: 0.7, length: 5...460, speed: 60...2400)
        case "sheet.scroll-handoff":
            // On the scroll view: down through its 300 pt of content onto the sheet, or up (the sheet
            // expands to large first, 331 pt), a third of them the other way.
            return OracleStrokeShape(
                x: 60...(w - 60), y: 420...(h - 80), angle: .pi / 2, angleSpread: 0.5, length: 5...800, speed: 60...2400,
                reverseShare: 0.35)
        case "sheet.detents", "sheet.detents-modal":
            // On the sheet (its top at medium is y 388), up towards large or down towards the dismissal.
            return OracleStrokeShape(
                x: 60...(w - 60), y: 420...(h - 80), angle: -.pi / 2, angleSpread: 0.5, length: 5...560, speed: 60...2400,
                reverseShare: 0.5)
        case "image.drag-dismiss":
            return OracleStrokeShape(x: 60...(w - 60), y: 200...(h - 200), angle: 0, angleSpread: .pi, length: 5...260, speed: 60...2400)
        case "modal.pinch-dismiss", "zoom.dismiss-pinch":
            return OracleStrokeShape(
                x: (w / 2 - 40)...(w / 2 + 40), y: 300...550, angle: 0, angleSpread: .pi / 2, length: 0...0, speed: 60...900,
                pinchDistance: 120...320, pinchScale: 0.2...1.1)
        default:
            preconditionFailure("no stroke shape for \(family.scenario)")
        }
    }

    /// Session `index`: deterministic in (family, rate, seed, index).
    func session(_ index: Int) -> OracleSession {
        var random = OracleRandom(seed: seed &* 1_000_003 &+ UInt64(index) &* 7919 &+ UInt64(rate))
        let shape = self.shape
        let ending = random.pick(OracleEnding.allCases)
        let x = random.chance(shape.edgeShare) ? random.uniform(0.5, 12.5) : random.uniform(shape.x.lowerBound, shape.x.upperBound)
        let start = OraclePoint(x: x, y: random.uniform(shape.y.lowerBound, shape.y.upperBound))
        let angle = shape.angle + random.uniform(-shape.angleSpread, shape.angleSpread) + (random.chance(shape.reverseShare) ? .pi : 0)
        let speed = random.uniform(shape.speed.lowerBound, shape.speed.upperBound)
        let t0 = random.uniform(0.05, 0.2)
        let holdFrames = Int(random.uniform(1, 6))
        let reverseBy = random.uniform(2, 40)
        let jitter = random.uniform(0, 1.5)
        let wobble = random.uniform(-8, 8)
        let noiseSeed = random.next()
        // nav.interrupt-push: a tap (finger 0) lifting at `lift` pushes B; the stroke is finger 1,
        // landing 1 ms to 0.45 s after the lift (the push lasts 0.35 s).
        let interrupts = family.scenario == "nav.interrupt-push"
        let tapDown = random.uniform(0.05, 0.2)
        let lift = tapDown + random.uniform(0.03, 0.15)
        var landing = lift + random.uniform(0.001, 0.45)
        var aimedAtTheEnd = false
        if interrupts, family.profile == .classic, random.chance(aimedShare) {
            // Classic: the swipe starts nothing; aim at the push's end (0.01 of its progress is 3.5 ms).
            landing = lift + OracleBackSwipe.duration * (1 + random.uniform(-0.9, 0.9) * 0.01)
            aimedAtTheEnd = true
        }
        let tap = [
            OracleTouch(t: tapDown, id: OracleInterruptPush.tapFinger, phase: .began, x: 200, y: 500),
            OracleTouch(t: lift, id: OracleInterruptPush.tapFinger, phase: .ended, x: 200, y: 500),
        ]
        let strokeStart = interrupts ? landing : t0
        let make: (Double) -> [OracleTouch]
        let range: ClosedRange<Double>
        if let pinchDistance = shape.pinchDistance {
            let d0 = random.uniform(pinchDistance.lowerBound, pinchDistance.upperBound)
            make = { scale in
                self.pinch(
                    center: start, angle: angle, from: d0, scale: scale, speed: speed, t0: t0, ending: ending, holdFrames: holdFrames)
            }
            range = shape.pinchScale
        } else {
            make = { length in
                let touches = self.stroke(
                    from: start, angle: angle, length: length, speed: speed, t0: strokeStart, ending: ending, holdFrames: holdFrames,
                    reverseBy: reverseBy, jitter: jitter, wobble: wobble, noise: OracleRandom(seed: noiseSeed))
                guard interrupts else { return touches }
                return tap + touches.map { OracleTouch(t: $0.t, id: OracleInterruptPush.swipeFinger, phase: $0.phase, x: $0.x, y: $0.y) }
            }
            range = shape.length
        }
        if aimedAtTheEnd {
            return OracleSession(touches: make(random.uniform(range.lowerBound, range.upperBound)), ending: ending, aimed: true)
        }
        if random.chance(aimedShare), let aimed = aim(make, range: range, nudge: random.uniform(-0.4, 0.4)) {
            return OracleSession(touches: aimed, ending: ending, aimed: true)
        }
        return OracleSession(touches: make(random.uniform(range.lowerBound, range.upperBound)), ending: ending, aimed: false)
    }

    /// Bisects the stroke length (or end scale) for the oracle's margin to change sign, then moves
    /// it by `nudge` x the census tolerance (in the swept quantity's own units: points or 0.01 of scale).
    private func aim(_ make: (Double) -> [OracleTouch], range: ClosedRange<Double>, nudge: Double) -> [OracleTouch]? {
        func margin(_ s: Double) -> Double? { Oracle.decide(family, touches: make(s), screen: screen, refreshHz: rate).decision.margin }
        var lo = range.lowerBound
        var hi = range.upperBound
        // Find a bracket on a coarse grid (the margin need not be monotonic over the whole range).
        let steps = 12
        var bracket: (Double, Double)?
        var previous: (s: Double, m: Double)?
        for k in 0...steps {
            let s = lo + (hi - lo) * Double(k) / Double(steps)
            guard let m = margin(s) else { continue }
            if let previous, (previous.m > 0) != (m > 0) {
                bracket = (previous.s, s)
                break
            }
            previous = (s, m)
        }
        guard let (a, b) = bracket, let ma = margin(a) else { return nil }
        lo = a
        hi = b
        for _ in 0..<30 {
            let mid = (lo + hi) / 2
            guard let m = margin(mid) else { return nil }
            if (m > 0) == (ma > 0) { lo = mid } else { hi = mid }
        }
        let step = shape.pinchDistance == nil ? 1.0 : 0.01
        return make((lo + hi) / 2 + nudge * step)
    }

    /// One finger from `start` along `angle` for `length` points at about `speed`, one move per
    /// display frame (1 / rate), with a sideways wobble and jitter, then the ending.
    func stroke(
        from start: OraclePoint, angle: Double, length: Double, speed: Double, t0: Double, ending: OracleEnding, holdFrames: Int,
        reverseBy: Double, jitter: Double, wobble: Double, noise: OracleRandom
    ) -> [OracleTouch] {
        var noise = noise
        let dt = 1 / rate
        let frames = max(2, Int((length / speed * rate).rounded()))
        let direction = OraclePoint(x: cos(angle), y: sin(angle))
        let side = OraclePoint(x: -direction.y, y: direction.x)
        var touches = [OracleTouch(t: t0, id: 0, phase: .began, x: start.x, y: start.y)]
        var point = start
        var t = t0
        for k in 1...frames {
            let f = Double(k) / Double(frames)
            let along = length * f
            let across = wobble * sin(.pi * f) + noise.uniform(-jitter, jitter)
            point = OraclePoint(x: start.x + direction.x * along + side.x * across, y: start.y + direction.y * along + side.y * across)
            t = t0 + Double(k) * dt
            touches.append(OracleTouch(t: t, id: 0, phase: .moved, x: point.x, y: point.y))
        }
        switch ending {
        case .lift:
            touches.append(OracleTouch(t: t + dt / 2, id: 0, phase: .ended, x: point.x, y: point.y))
        case .cancel:
            touches.append(OracleTouch(t: t + dt / 2, id: 0, phase: .cancelled, x: point.x, y: point.y))
        case .hold:
            for _ in 0..<holdFrames {
                t += dt
                touches.append(OracleTouch(t: t, id: 0, phase: .moved, x: point.x, y: point.y))
            }
            touches.append(OracleTouch(t: t + dt / 2, id: 0, phase: .ended, x: point.x, y: point.y))
        case .reverse:
            for _ in 0..<3 {
                t += dt
                point = OraclePoint(x: point.x - direction.x * reverseBy / 3, y: point.y - direction.y * reverseBy / 3)
                touches.append(OracleTouch(t: t, id: 0, phase: .moved, x: point.x, y: point.y))
            }
            touches.append(OracleTouch(t: t + dt / 2, id: 0, phase: .ended, x: point.x, y: point.y))
        }
        return touches
    }

    /// Two fingers about `center` on a line at `angle`, `from` points apart, moving to `scale` x that
    /// distance, one move per frame; then the ending (the hold rests both, the reverse opens 5%).
    func pinch(
        center: OraclePoint, angle: Double, from d0: Double, scale: Double, speed: Double, t0: Double, ending: OracleEnding,
        holdFrames: Int
    ) -> [OracleTouch] {
        let dt = 1 / rate
        let axis = OraclePoint(x: cos(angle), y: sin(angle))
        func fingers(_ d: Double) -> (OraclePoint, OraclePoint) {
            (
                OraclePoint(x: center.x - axis.x * d / 2, y: center.y - axis.y * d / 2),
                OraclePoint(x: center.x + axis.x * d / 2, y: center.y + axis.y * d / 2)
            )
        }
        let change = abs(d0 * (1 - scale))
        let frames = max(2, Int((change / speed * rate).rounded()))
        var (a, b) = fingers(d0)
        var touches = [OracleTouch(t: t0, id: 0, phase: .began, x: a.x, y: a.y), OracleTouch(t: t0, id: 1, phase: .began, x: b.x, y: b.y)]
        var t = t0
        var d = d0
        func append(_ phase: OraclePhase) {
            touches.append(OracleTouch(t: t, id: 0, phase: phase, x: a.x, y: a.y))
            touches.append(OracleTouch(t: t, id: 1, phase: phase, x: b.x, y: b.y))
        }
        for k in 1...frames {
            t = t0 + Double(k) * dt
            d = d0 * (1 - (1 - scale) * Double(k) / Double(frames))
            (a, b) = fingers(d)
            append(.moved)
        }
        switch ending {
        case .lift:
            t += dt / 2
            append(.ended)
        case .cancel:
            t += dt / 2
            append(.cancelled)
        case .hold:
            for _ in 0..<holdFrames {
                t += dt
                append(.moved)
            }
            t += dt / 2
            append(.ended)
        case .reverse:
            for _ in 0..<3 {
                t += dt
                d *= 1.0 + 0.05 / 3
                (a, b) = fingers(d)
                append(.moved)
            }
            t += dt / 2
            append(.ended)
        }
        return touches
    }
}
