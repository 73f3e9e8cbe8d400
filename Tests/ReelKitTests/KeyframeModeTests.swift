import Foundation
import ReelKit
import ReelTrace
import Testing

/// UIView.animateKeyframes in its calculation modes. The expected positions are computed here from
/// the published rules: the values and key times as D26's `_UIViewDeferredAnimation
/// -calculateFrameValues:...` block builds them (the value before the block at the first start; each
/// keyframe's value at min(end, next start), again at the next start when the gap exceeds one
/// display frame by more than FLT_EPSILON), then Core Animation's modes as Apple documents them
/// (linear: straight lines between the values at their key times; discrete: each value from its key time on; paced: key times ignored, constant speed along the
/// path; cubic: a Catmull-Rom spline through the values; cubic paced: the spline at constant speed),
/// the frame's centre (`position`) as the animated point. Tests' own spline and arc-length code.
@Suite @MainActor struct KeyframeModeTests {
    typealias Point = (x: Double, y: Double)
    typealias KeyframeSpec = (start: Double, duration: Double, origin: Point)

    /// The options by name (main-actor isolated, as UIKit's): the arguments name them.
    static let options: [String: UIView.KeyframeAnimationOptions] = [
        "linear": .calculationModeLinear, "discrete": .calculationModeDiscrete, "paced": .calculationModePaced,
        "cubic": .calculationModeCubic,
        "cubicPaced": .calculationModeCubicPaced,
    ]

    /// Contiguous windows; a late start with gaps; out of call order and overlapping; a gap of 12 ms
    /// in a 1 s block (below one frame at 60 Hz, above one at 120 Hz).
    static let keyframeSets: [[KeyframeSpec]] = [
        [(0, 0.25, (200, 0)), (0.25, 0.25, (200, 300)), (0.5, 0.5, (0, 300))],
        [(0.1, 0.2, (300, 100)), (0.5, 0.3, (100, 400))],
        [(0.6, 0.4, (50, 50)), (0, 0.7, (400, 0))],
        [(0, 0.5, (250, 0)), (0.512, 0.488, (250, 350))],
    ]

    // MARK: The rules, as the tests compute them

    /// D26's values and key times for the box's centre (the origin + 50), starting at (50, 50);
    /// `frameInterval`: one display frame as a fraction of the block's duration.
    static func uikitKeyframes(_ set: [KeyframeSpec], frameInterval: Double) -> (values: [Point], times: [Double]) {
        let order = set.indices.sorted { (set[$0].start, $0) < (set[$1].start, $1) }
        var frames: [KeyframeSpec] = [(0, set[order[0]].start, (0, 0))]
        frames += order.map { set[$0] }
        var values: [Point] = []
        var times: [Double] = []
        for index in frames.indices {
            let frame = frames[index]
            let nextStart = index == frames.count - 1 ? 1 : frames[index + 1].start
            let end = min(frame.start + frame.duration, nextStart)
            let center = (frame.origin.x + 50, frame.origin.y + 50)
            values.append(center)
            times.append(end)
            if nextStart - end - frameInterval > 1.1920929e-7 {
                values.append(center)
                times.append(nextStart)
            }
        }
        return (values, times)
    }

    /// Catmull-Rom through p1 → p2 (neighbours p0, p3) at s, in the matrix form.
    static func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ s: Double) -> Double {
        0.5 * (2 * p1 + (p2 - p0) * s + (2 * p0 - 5 * p1 + 4 * p2 - p3) * s * s + (3 * p1 - p0 - 3 * p2 + p3) * s * s * s)
    }

    static func splinePoint(_ v: [Point], _ k: Int, _ s: Double) -> Point {
        let a = v[max(k - 1, 0)]
        let b = v[k]
        let c = v[k + 1]
        let d = v[min(k + 2, v.count - 1)]
        return (catmullRom(a.x, b.x, c.x, d.x, s), catmullRom(a.y, b.y, c.y, d.y, s))
    }

    /// A segment's length: chord, or the spline as a 4,000-piece polyline.
    static func segmentLength(_ v: [Point], _ k: Int, cubic: Bool) -> Double {
        guard cubic else { return hypot(v[k + 1].x - v[k].x, v[k + 1].y - v[k].y) }
        var total = 0.0
        var previous = v[k]
        for step in 1...4_000 {
            let point = splinePoint(v, k, Double(step) / 4_000)
            total += hypot(point.x - previous.x, point.y - previous.y)
            previous = point
        }
        return total
    }

    /// The centre at shaped time u in `mode`.
    static func center(at u: Double, mode: String, values: [Point], times uikitTimes: [Double]) -> Point {
        var times = uikitTimes
        if mode == "paced" || mode == "cubicPaced" {
            let lengths = (0..<(values.count - 1)).map { segmentLength(values, $0, cubic: mode == "cubicPaced") }
            let total = lengths.reduce(0, +)
            times = [0]
            for k in lengths.indices { times.append(lengths[..<(k + 1)].reduce(0, +) / total) }
        }
        if u <= times[0] { return values[0] }
        if u >= times[times.count - 1] { return values[values.count - 1] }
        guard let k = times.indices.dropLast().last(where: { times[$0] <= u && u < times[$0 + 1] }) else { return values[0] }
        if mode == "discrete" { return values[k] }
        let s = (u - times[k]) / (times[k + 1] - times[k])
        if mode == "cubic" || mode == "cubicPaced" { return splinePoint(values, k, s) }
        return (values[k].x + (values[k + 1].x - values[k].x) * s, values[k].y + (values[k + 1].y - values[k].y) * s)
    }

    // MARK: Tests

    static func trace(_ set: [KeyframeSpec], option: UIView.KeyframeAnimationOptions, duration: Double, refreshHz: Double) throws -> Trace {
        try PropertyAnimatorRuleTests.run(
            PropertyAnimatorRuleTests.scene { box, _ in
                UIView.animateKeyframes(withDuration: duration, delay: 0, options: option) {
                    for keyframe in set {
                        UIView.addKeyframe(withRelativeStartTime: keyframe.start, relativeDuration: keyframe.duration) {
                            box.frame.origin = CGPoint(x: keyframe.origin.x, y: keyframe.origin.y)
                        }
                    }
                }
            }, refreshHz: refreshHz)
    }

    /// Every tick of a 1 s block with a linear curve (`.curveLinear`'s bit), every keyframe set, at
    /// 60 and 120 Hz, against the rule.
    @Test(arguments: ["linear", "discrete", "paced", "cubic", "cubicPaced"], [60.0, 120.0])
    func framesFollowTheModeAtEveryTick(mode: String, refreshHz: Double) throws {
        let option = try #require(Self.options[mode]).union(UIView.KeyframeAnimationOptions(rawValue: 3 << 16))
        let tolerance = mode == "cubicPaced" ? 1e-3 : 1e-6
        for (index, set) in Self.keyframeSets.enumerated() {
            let rule = Self.uikitKeyframes(set, frameInterval: 1 / refreshHz)
            let trace = try Self.trace(set, option: option, duration: 1, refreshHz: refreshHz)
            var checked = 0
            for frame in trace.frames {
                let box = try #require(frame.views.first { $0.key == "box" })
                let u = min(max(frame.t - 0.1, 0), 1)
                // From the end on, the animation is gone and the model value (the last one set) shows.
                let last = try #require(set.last).origin
                let want: Point =
                    frame.t - 0.1 >= 1 - 1e-9
                    ? (last.x + 50, last.y + 50) : Self.center(at: u, mode: mode, values: rule.values, times: rule.times)
                let label = "\(mode) set \(index) \(refreshHz) Hz at \(frame.t)"
                #expect(
                    abs(box.x + 50 - want.x) <= tolerance && abs(box.y + 50 - want.y) <= tolerance,
                    "\(label): \(box.x + 50), \(box.y + 50) vs \(want)")
                checked += 1
            }
            #expect(checked >= Int(refreshHz) - 1, "\(mode) set \(index): \(checked) frames")
        }
    }

    /// The default curve (ease in-out over the whole timeline, the test's own Bézier) on a 0.8 s block.
    @Test(arguments: ["linear", "discrete", "paced", "cubic", "cubicPaced"])
    func theWholeCurveShapesTheTimeline(mode: String) throws {
        let option = try #require(Self.options[mode])
        let tolerance = mode == "cubicPaced" ? 1e-3 : 1e-6
        let set = Self.keyframeSets[0]
        // One display frame as a fraction of the 0.8 s block.
        let rule = Self.uikitKeyframes(set, frameInterval: 1.0 / 60 / 0.8)
        let trace = try Self.trace(set, option: option, duration: 0.8, refreshHz: 60)
        for frame in trace.frames {
            let box = try #require(frame.views.first { $0.key == "box" })
            let u = UIKitRules.Bezier.easeInOut.progress(min(max((frame.t - 0.1) / 0.8, 0), 1))
            let want = Self.center(at: u, mode: mode, values: rule.values, times: rule.times)
            #expect(
                abs(box.x + 50 - want.x) <= tolerance && abs(box.y + 50 - want.y) <= tolerance,
                "\(mode) at \(frame.t): \(box.x + 50), \(box.y + 50) vs \(want)")
        }
    }

    /// The 12 ms gap: at 60 Hz it is within one frame, so no hold is added and the second keyframe's
    /// ramp starts at the first one's end (0.5); at 120 Hz it holds until 0.512.
    @Test func aGapWithinOneFrameAddsNoHold() {
        let set = Self.keyframeSets[3]
        #expect(Self.uikitKeyframes(set, frameInterval: 1.0 / 60).times == [0, 0.5, 1])
        #expect(Self.uikitKeyframes(set, frameInterval: 1.0 / 120).times == [0, 0.5, 0.512, 1])
    }

    /// Discrete: each keyframe's value shows from its window's end (its key time) on, not from its start.
    @Test func discreteJumpsAtEachKeyframesEnd() throws {
        let trace = try Self.trace(
            Self.keyframeSets[1], option: UIView.KeyframeAnimationOptions.calculationModeDiscrete.union(.init(rawValue: 3 << 16)),
            duration: 1, refreshHz: 60)
        for frame in trace.frames {
            let u = frame.t - 0.1
            let box = try #require(frame.views.first { $0.key == "box" })
            let want = u < 0.3 - 1e-9 ? 0.0 : (u < 0.8 - 1e-9 ? 300 : 100)
            #expect(abs(box.x - want) <= 1e-9, "at \(frame.t): \(box.x) vs \(want)")
        }
    }

    @Test(arguments: ["paced", "cubic", "cubicPaced"])
    func aTransformInAPacedOrCubicModeIsASessionError(name: String) throws {
        let option = try #require(Self.options[name])
        let scene = PropertyAnimatorRuleTests.scene { box, _ in
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: option) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { box.transform = CGAffineTransform(scaleX: 2, y: 2) }
            }
        }
        do {
            _ = try PropertyAnimatorRuleTests.run(scene)
            Issue.record("\(name) with a transform ran")
        } catch let error as ReelKitError {
            #expect(error.message.contains("transform") && error.message.contains(name), "\(error.message)")
        }
    }

    /// Mode bits 5, 6 and 7 name no mode: D26's `-pop` takes linear for them.
    @Test(arguments: [5, 6, 7])
    func modeBitsPastCubicPacedRunLinear(bits: UInt) throws {
        let set = Self.keyframeSets[1]
        let rule = Self.uikitKeyframes(set, frameInterval: 1.0 / 60)
        let trace = try Self.trace(set, option: UIView.KeyframeAnimationOptions(rawValue: bits << 10 | 3 << 16), duration: 1, refreshHz: 60)
        for frame in trace.frames {
            let box = try #require(frame.views.first { $0.key == "box" })
            let want = Self.center(at: min(max(frame.t - 0.1, 0), 1), mode: "linear", values: rule.values, times: rule.times)
            #expect(abs(box.x + 50 - want.x) <= 1e-6 && abs(box.y + 50 - want.y) <= 1e-6, "mode \(bits) at \(frame.t)")
        }
    }

    @Test func theModeOptionsHaveUIKitsRawValues() {
        #expect(UIView.KeyframeAnimationOptions.calculationModeLinear.rawValue == 0)
        #expect(UIView.KeyframeAnimationOptions.calculationModeDiscrete.rawValue == 1 << 10)
        #expect(UIView.KeyframeAnimationOptions.calculationModePaced.rawValue == 2 << 10)
        #expect(UIView.KeyframeAnimationOptions.calculationModeCubic.rawValue == 3 << 10)
        #expect(UIView.KeyframeAnimationOptions.calculationModeCubicPaced.rawValue == 4 << 10)
    }
}
