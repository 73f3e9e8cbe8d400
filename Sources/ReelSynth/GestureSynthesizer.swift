import ReelTrace

/// Humanlike gesture streams for a scenario, deterministic for a seed.
///
/// Session `index` depends only on the seed and the index (not on how many sessions are made).
/// Sessions cycle through the kind's styles (`GestureStyle.styles(for:)`): slow drags, drags,
/// flicks, reversals, hesitations and cancelled touches for pans; taps and long presses for taps;
/// two-finger pinches for pinches. Strokes follow minimum-jerk trajectories
/// (x(τ) = x0 + (x1 - x0)(10τ³ - 15τ⁴ + 6τ⁵)), sampled at the refresh rate with up to a quarter
/// frame of timing jitter, a little positional noise while moving and a slight drift across the
/// axis; times are rounded to microseconds and positions to thousandths of a point. A resting
/// finger jitters within 0.1-0.4 pt of where it stopped (moved samples between stationary ones),
/// and about one pan in four has a second finger that lands and lifts during the gesture, its
/// lines sharing the first finger's event timestamps (`TouchRealism`). Release distances spread evenly over 0.1 to 0.9 of the decision extent (a
/// low-discrepancy sequence per style, so both sides of any threshold in between are covered even
/// for small counts) and release velocities range from rest (slow drags) to flicks of several
/// thousand points per second.
public struct GestureSynthesizer: Sendable {
    public var scenario: String
    public var kind: GestureKind
    public var device: Device
    public var refreshHz: Double
    public var seed: UInt64
    /// The distance (points) the scenario's decision is measured against; by default the screen
    /// dimension along the gesture (half the shorter side for pinches).
    public var decisionExtent: Double

    public init(
        scenario: String, kind: GestureKind, device: Device = GestureSession.defaultDevice,
        refreshHz: Double = GestureSession.defaultRefreshHz, seed: UInt64, decisionExtent: Double? = nil
    ) {
        self.scenario = scenario
        self.kind = kind
        self.device = device
        self.refreshHz = refreshHz
        self.seed = seed
        self.decisionExtent = decisionExtent ?? Self.defaultExtent(kind: kind, device: device)
    }

    static func defaultExtent(kind: GestureKind, device: Device) -> Double {
        switch kind {
        case .tap: return 0
        case .edgePan(.left), .edgePan(.right), .pan(.left), .pan(.right), .tapThenEdgePan: return device.width
        case .edgePan(.top), .edgePan(.bottom), .pan(.up), .pan(.down): return device.height
        case .pinch: return min(device.width, device.height) / 2
        }
    }

    /// Sessions 0 ..< count.
    public func sessions(count: Int) -> [GestureSession] {
        (0..<count).map { session(index: $0) }
    }

    /// Session number `index`.
    public func session(index: Int) -> GestureSession {
        let styles = GestureStyle.styles(for: kind)
        let style = styles[index % styles.count]
        var random = SplitMix64(seed: SplitMix64.mix(seed) ^ SplitMix64.mix(UInt64(truncatingIfNeeded: index) &+ 0x5EED))
        // Golden-ratio sequence per style: evenly spread release fractions for any count.
        let round = index / styles.count
        let offset = Double(SplitMix64.mix(seed &+ UInt64(styles.firstIndex(of: style)!)) >> 11) * 0x1p-53
        let spread = (offset + Double(round) * 0.6180339887498949).truncatingRemainder(dividingBy: 1)
        let releaseFraction = 0.1 + 0.8 * spread
        var realism = TouchRealism(seed: seed, index: index)

        let touches: [Touch]
        switch kind {
        case .tap(let x, let y):
            touches = tapTouches(x: x, y: y, style: style, random: &random)
        case .edgePan, .pan:
            touches = panTouches(
                style: style, distance: releaseFraction * decisionExtent, random: &random, realism: &realism)
        case .tapThenEdgePan(let edge):
            touches = catchTouches(
                edge: edge, style: style, distance: releaseFraction * decisionExtent, random: &random, realism: &realism)
        case .pinch(let closing):
            touches = pinchTouches(
                closing: closing, style: style, change: releaseFraction * decisionExtent, random: &random,
                realism: &realism)
        }
        return GestureSession(
            sourceFile: "synth", line: 0, scenario: scenario, device: device, refreshHz: refreshHz,
            externalID: "synth-\(scenario)-\(seed)-\(index)", tags: ["synth", style.rawValue], touches: touches)
    }

    // MARK: Plans

    /// The motion along the axis for a drag style that releases `distance` from the start.
    private func dragPlan(style: GestureStyle, distance: Double, random: inout SplitMix64) -> MotionPlan {
        var plan = MotionPlan(origin: 0)
        plan.hold(random.uniform(0, 2 / refreshHz))  // the finger settles before moving
        switch style {
        case .slowDrag:
            plan.stroke(to: distance, duration: max(distance / random.uniform(60, 250), 0.15))
            plan.hold(random.uniform(0.05, 0.25))
            plan.releaseTime = plan.endTime
        case .drag, .cancelled:
            releaseWhileMoving(
                &plan, to: distance, cut: random.uniform(0.75, 0.92), averageSpeed: random.uniform(250, 700))
        case .flick:
            let cut = random.uniform(0.35, 0.6)
            let velocity = random.uniform(600, 3000)
            let target = distance / MotionPlan.minimumJerk(cut)
            let duration = max(target * MotionPlan.minimumJerkSlope(cut) / velocity, 4 / refreshHz)
            plan.stroke(to: target, duration: duration)
            plan.releaseTime = plan.strokes.last!.start + cut * duration
        case .reversal:
            let peak = min(distance + random.uniform(0.1, 0.35) * decisionExtent, 0.97 * decisionExtent)
            plan.stroke(to: peak, duration: max(peak / random.uniform(250, 900), 0.12))
            plan.hold(random.uniform(0, 0.08))
            releaseWhileMoving(&plan, to: distance, cut: random.uniform(0.55, 1), averageSpeed: random.uniform(150, 800))
        case .hesitation:
            let pause = distance * random.uniform(0.3, 0.7)
            plan.stroke(to: pause, duration: max(pause / random.uniform(150, 600), 0.1))
            plan.hold(random.uniform(0.12, 0.45))
            releaseWhileMoving(&plan, to: distance, cut: random.uniform(0.7, 1), averageSpeed: random.uniform(150, 600))
        case .tap, .longPress, .pinch, .fastPinch:
            preconditionFailure("\(style) is not a drag style")
        }
        return plan
    }

    /// Adds a stroke aimed past `distance` so that, lifting at fraction `cut` of it, the finger is
    /// at `distance` and still moving (at rest when `cut` is 1).
    private func releaseWhileMoving(_ plan: inout MotionPlan, to distance: Double, cut: Double, averageSpeed: Double) {
        let start = plan.end
        let target = start + (distance - start) / MotionPlan.minimumJerk(cut)
        let duration = max(abs(target - start) / averageSpeed, 0.08)
        plan.stroke(to: target, duration: duration)
        plan.releaseTime = plan.strokes.last!.start + cut * duration
    }

    // MARK: Touches

    /// The display ticks from the first sample to the release: nominal times k / refreshHz.
    private func tickCount(until release: Double) -> Int {
        max(1, Int((release * refreshHz).rounded(.up)))
    }

    /// The sample time of tick `k`: the tick plus up to a quarter frame of delivery jitter.
    private func sampleTime(_ k: Int, random: inout SplitMix64) -> Double {
        (Double(k) + random.uniform(0, 0.25)) / refreshHz
    }

    func panTouches(
        style: GestureStyle, distance: Double, random: inout SplitMix64, realism: inout TouchRealism
    ) -> [Touch] {
        let (startX, startY, directionX, directionY) = panGeometry(random: &random)
        let drift = random.uniform(-0.08, 0.08)
        let plan = dragPlan(style: style, distance: distance, random: &random)
        let ticks = tickCount(until: plan.releaseTime)
        let second = realism.secondFinger(ticks: ticks)
        let lift: TouchPhase = style == .cancelled ? .cancelled : .ended
        var touches: [Touch] = []
        var previousAlong = Double.nan
        var first = RestingFinger(point: (startX, startY))
        var other = RestingFinger(point: (0, 0))
        for k in 0...ticks {
            let along = plan.position(at: min(Double(k) / refreshHz, plan.releaseTime))
            let moved = along != previousAlong
            var phase: TouchPhase = k == 0 ? .began : k == ticks ? lift : .moved
            if moved {
                let across = drift * along + (k == 0 ? 0 : random.noise(sigma: 0.2))
                let jitterAlong = k == 0 ? 0 : random.noise(sigma: 0.2)
                first.move(
                    to: clamped(
                        x: startX + directionX * (along + jitterAlong) - directionY * across,
                        y: startY + directionY * (along + jitterAlong) + directionX * across))
            } else if k < ticks {
                phase = first.rest(&realism, clampedBy: self)
            }
            let t = sampleTime(k, random: &random)
            touches.append(Self.captured(t: t, id: 0, phase: phase, x: first.point.x, y: first.point.y))
            previousAlong = along
            // A second finger's lines share the event's timestamp.
            guard let second, (second.landing...second.lifting).contains(k) else { continue }
            var otherPhase: TouchPhase = k == second.landing ? .began : k == second.lifting ? .ended : .moved
            if k == second.landing || (second.follows && moved) {
                let noise = k == second.landing ? (0.0, 0.0) : (realism.noise(), realism.noise())
                other.move(to: clamped(x: first.point.x + second.offsetX + noise.0, y: first.point.y + second.offsetY + noise.1))
            } else if k < second.lifting {
                otherPhase = other.rest(&realism, clampedBy: self)
            }
            touches.append(Self.captured(t: t, id: 1, phase: otherPhase, x: other.point.x, y: other.point.y))
        }
        return touches
    }

    /// Start point and unit direction of a pan.
    private func panGeometry(random: inout SplitMix64) -> (Double, Double, Double, Double) {
        let width = device.width
        let height = device.height
        /// A start coordinate along an axis of `length` that leaves room for 0.95 of the extent.
        func roomyStart() -> Double {
            let room = max((kind.isVertical ? height : width) - 0.95 * decisionExtent - 1, 1)
            return random.uniform(min(20, room), room)
        }
        switch kind {
        case .edgePan(.left): return (random.uniform(1, 12), random.uniform(0.2, 0.8) * height, 1, 0)
        case .edgePan(.right): return (width - random.uniform(1, 12), random.uniform(0.2, 0.8) * height, -1, 0)
        case .edgePan(.top): return (random.uniform(0.2, 0.8) * width, random.uniform(1, 12), 0, 1)
        case .edgePan(.bottom): return (random.uniform(0.2, 0.8) * width, height - random.uniform(1, 12), 0, -1)
        case .pan(.right): return (roomyStart(), random.uniform(0.2, 0.8) * height, 1, 0)
        case .pan(.left): return (width - roomyStart(), random.uniform(0.2, 0.8) * height, -1, 0)
        case .pan(.down): return (random.uniform(0.2, 0.8) * width, roomyStart(), 0, 1)
        case .pan(.up): return (random.uniform(0.2, 0.8) * width, height - roomyStart(), 0, -1)
        case .tap, .pinch, .tapThenEdgePan: preconditionFailure("not a pan")
        }
    }

    func clamped(x: Double, y: Double) -> (x: Double, y: Double) {
        (min(max(x, 0), device.width), min(max(y, 0), device.height))
    }

    func tapTouches(x: Double, y: Double, style: GestureStyle, random: inout SplitMix64) -> [Touch] {
        let hold = style == .longPress ? random.uniform(0.5, 0.9) : random.uniform(0.04, 0.15)
        let ticks = tickCount(until: hold)
        var touches: [Touch] = []
        var point = clamped(x: x + random.noise(sigma: 1.5), y: y + random.noise(sigma: 1.5))
        for k in 0...ticks {
            let phase: TouchPhase
            if k == 0 {
                phase = .began
            } else if k == ticks {
                phase = style == .cancelled ? .cancelled : .ended
            } else if style == .longPress || random.unit() < 0.5 {
                phase = .stationary
            } else {
                phase = .moved
                point = clamped(x: point.x + random.noise(sigma: 0.4), y: point.y + random.noise(sigma: 0.4))
            }
            touches.append(Self.captured(t: sampleTime(k, random: &random), id: 0, phase: phase, x: point.x, y: point.y))
        }
        return touches
    }

    /// Two fingers symmetric about a center; their separation changes by `change` points at release.
    private func pinchTouches(
        closing: Bool, style: GestureStyle, change: Double, random: inout SplitMix64, realism: inout TouchRealism
    ) -> [Touch] {
        let shorter = min(device.width, device.height)
        let closest = random.uniform(30, 60)
        let initial = closing ? closest + change : closest
        var plan = MotionPlan(origin: initial)
        plan.hold(random.uniform(0, 2 / refreshHz))
        let signed = closing ? -change : change
        switch style {
        case .fastPinch:
            let cut = random.uniform(0.4, 0.65)
            let duration = max(
                abs(signed / MotionPlan.minimumJerk(cut)) * MotionPlan.minimumJerkSlope(cut) / random.uniform(500, 2000), 4 / refreshHz)
            plan.stroke(to: initial + signed / MotionPlan.minimumJerk(cut), duration: duration)
            plan.releaseTime = plan.strokes.last!.start + cut * duration
        default:
            plan.stroke(to: initial + signed, duration: max(change / random.uniform(80, 400), 0.15))
            plan.hold(random.uniform(0.03, 0.15))
            plan.releaseTime = plan.endTime
        }
        let angle = random.uniform(0, Double.pi)
        let (cosine, sine) = (Self.cosine(angle), Self.sine(angle))
        let centerX = device.width / 2 + random.uniform(-0.1, 0.1) * shorter
        let centerY = device.height / 2 + random.uniform(-0.1, 0.1) * shorter
        let ticks = tickCount(until: plan.releaseTime)
        // The second finger lands one or two frames after the first.
        let secondLanding = 1 + Int(random.unit() * 2)
        var touches: [Touch] = []
        var previous = Double.nan
        var fingers = [RestingFinger(point: (0, 0)), RestingFinger(point: (0, 0))]
        let last = max(ticks, secondLanding + 1)
        for k in 0...last {
            let separation = plan.position(at: min(Double(k) / refreshHz, plan.releaseTime))
            let moved = separation != previous
            previous = separation
            let t = sampleTime(k, random: &random)
            for finger in 0...1 {
                if finger == 1, k < secondLanding { continue }
                let landing = (finger == 0 && k == 0) || (finger == 1 && k == secondLanding)
                var phase: TouchPhase = landing ? .began : k == last ? (style == .cancelled ? .cancelled : .ended) : .moved
                if moved || landing {
                    let side: Double = finger == 0 ? -1 : 1
                    let half = separation / 2 + (k == 0 ? 0 : random.noise(sigma: 0.2))
                    fingers[finger].move(to: clamped(x: centerX + side * half * cosine, y: centerY + side * half * sine))
                } else if k < last {
                    phase = fingers[finger].rest(&realism, clampedBy: self)
                }
                let point = fingers[finger].point
                touches.append(Self.captured(t: t, id: finger, phase: phase, x: point.x, y: point.y))
            }
        }
        return touches
    }

    /// A sample as a device log would hold it: times to the microsecond, positions to a
    /// thousandth of a point (short decimals, which also keeps streams compact and fast to parse).
    static func captured(t: Double, id: Int, phase: TouchPhase, x: Double, y: Double) -> Touch {
        Touch(t: (t * 1e6).rounded() / 1e6, id: id, phase: phase, x: (x * 1000).rounded() / 1000, y: (y * 1000).rounded() / 1000)
    }

    /// cos and sin by Taylor series on a reduced range, so streams do not depend on the C
    /// library's last-bit rounding.
    static func cosine(_ angle: Double) -> Double { sine(angle + Double.pi / 2) }

    static func sine(_ angle: Double) -> Double {
        var x = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if x > Double.pi { x -= 2 * Double.pi }
        if x < -Double.pi { x += 2 * Double.pi }
        var term = x
        var sum = x
        for n in 1...12 {
            term *= -x * x / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }
}

extension GestureKind {
    /// Whether the gesture moves along the vertical axis.
    var isVertical: Bool {
        switch self {
        case .edgePan(.top), .edgePan(.bottom), .pan(.up), .pan(.down): return true
        default: return false
        }
    }
}
