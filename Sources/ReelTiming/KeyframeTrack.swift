/// How Core Animation computes a keyframe animation's values between its key times
/// (`CAKeyframeAnimation.calculationMode`; `UIView.KeyframeAnimationOptions` bits 10-12, D26
/// `UIViewKeyframeAnimationState -setupWithDuration:...`: `(options >> 10) & 7`).
package enum KeyframeCalculationMode: Int, Sendable, CaseIterable {
    /// Straight lines between the values at their key times.
    case linear = 0
    /// Each value shown from its key time until the next one's, no interpolation.
    case discrete = 1
    /// Straight lines, the key times replaced by the fractions of the path length (constant speed).
    case paced = 2
    /// A Catmull-Rom spline through the values at their key times.
    case cubic = 3
    /// The Catmull-Rom spline, the key times replaced by the fractions of the spline's arc length.
    case cubicPaced = 4

    /// Whether the key times are replaced by path-length fractions.
    package var isPaced: Bool { self == .paced || self == .cubicPaced }
    /// Whether values between key times follow the spline.
    package var isCubic: Bool { self == .cubic || self == .cubicPaced }
}

/// One key path of `UIView.animateKeyframes`: the values and key times UIKit hands Core Animation,
/// evaluated in a calculation mode.
///
/// The values and key times are built as D26's
/// `_UIViewDeferredAnimation -calculateFrameValues:frameTimes:withFrameInterval:valueTransformer:`
/// builds them: the keyframes sorted (stably) by relative start time, the value before the block put
/// first as a frame from 0 to the first start; then for each frame, with the next frame's start (1
/// for the last), its value at min(start + duration, next start), and, when the gap from there to
/// the next start exceeds one display frame (`frameInterval` as a fraction of the duration) by more
/// than `FLT_EPSILON`, its value again at the next start (the hold until the next keyframe).
///
/// ```swift
/// let track = KeyframeTrack(
///     mode: .discrete, initial: [0], keyframes: [(0.25, 0.25, [100])], frameInterval: 1.0 / 60)
/// track.keyTimes  // [0.25, 0.5, 1]: 0 until half way, then 100
/// track.value(atFraction: 0.6)  // [100]
/// ```
package struct KeyframeTrack: Sendable, Hashable {
    package let mode: KeyframeCalculationMode
    /// The values UIKit passes (each with the key path's components).
    package let values: [[Double]]
    /// The key times UIKit passes (ignored by the paced modes).
    package let keyTimes: [Double]
    /// The key times the mode uses: UIKit's, or the path-length fractions when paced.
    package let effectiveKeyTimes: [Double]

    /// `keyframes`: (relative start, relative duration, value after the keyframe), in call order.
    /// `frameInterval`: one display frame as a fraction of the block's duration.
    package init(
        mode: KeyframeCalculationMode, initial: [Double], keyframes: [(start: Double, duration: Double, value: [Double])],
        frameInterval: Double
    ) {
        let sorted = keyframes.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var frames: [(start: Double, duration: Double, value: [Double])] = [(0, sorted.first?.start ?? 1, initial)]
        frames += sorted
        var values: [[Double]] = []
        var times: [Double] = []
        for (index, frame) in frames.enumerated() {
            let next = index + 1 < frames.count ? frames[index + 1].start : 1
            let reached = min(frame.start + frame.duration, next)
            values.append(frame.value)
            times.append(reached)
            if next - reached - frameInterval > Double(Float.ulpOfOne) {
                values.append(frame.value)
                times.append(next)
            }
        }
        self.init(mode: mode, values: values, keyTimes: times)
    }

    /// A track from values and key times directly (as many of each).
    package init(mode: KeyframeCalculationMode, values: [[Double]], keyTimes: [Double]) {
        self.mode = mode
        self.values = values
        self.keyTimes = keyTimes
        guard mode.isPaced, values.count > 1 else {
            effectiveKeyTimes = keyTimes
            return
        }
        var lengths: [Double] = []
        for k in 0..<(values.count - 1) {
            lengths.append(
                mode.isCubic
                    ? KeyframeTrack.splineLength(values, segment: k)
                    : KeyframeTrack.distance(values[k], values[k + 1]))
        }
        let total = lengths.reduce(0, +)
        var paced = [0.0]
        var sum = 0.0
        for length in lengths {
            sum += length
            paced.append(total > 0 ? sum / total : 1)
        }
        effectiveKeyTimes = paced
    }

    /// The value at `fraction` of the animation's (curve-shaped) time.
    package func value(atFraction fraction: Double) -> [Double] {
        guard let first = values.first else { return [] }
        let times = effectiveKeyTimes
        if values.count == 1 || fraction <= times[0] { return first }
        if fraction >= times[times.count - 1] { return values[values.count - 1] }
        // The last segment k with times[k] <= fraction < times[k + 1].
        var k = 0
        for index in 0..<(times.count - 1) where times[index] <= fraction && fraction < times[index + 1] { k = index }
        if mode == .discrete { return values[k] }
        let s = (fraction - times[k]) / (times[k + 1] - times[k])
        if mode.isCubic { return KeyframeTrack.spline(values, segment: k, at: s) }
        return zip(values[k], values[k + 1]).map { $0 + ($1 - $0) * s }
    }

    /// Euclidean distance between two values.
    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
    }

    /// The Catmull-Rom spline on segment `k` (from values[k] to values[k + 1]) at parameter `s`:
    /// Hermite form with tangents (p[k+1] - p[k-1]) / 2, an end repeating its value as its outer neighbour.
    static func spline(_ p: [[Double]], segment k: Int, at s: Double) -> [Double] {
        let p0 = p[max(k - 1, 0)]
        let p1 = p[k]
        let p2 = p[k + 1]
        let p3 = p[min(k + 2, p.count - 1)]
        let s2 = s * s
        let s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1
        let h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2
        let h11 = s3 - s2
        return (0..<p1.count).map { i in
            let m1 = (p2[i] - p0[i]) / 2
            let m2 = (p3[i] - p1[i]) / 2
            return h00 * p1[i] + h10 * m1 + h01 * p2[i] + h11 * m2
        }
    }

    /// The spline's speed |dp/ds| on segment `k` at `s`.
    static func splineSpeed(_ p: [[Double]], segment k: Int, at s: Double) -> Double {
        let p0 = p[max(k - 1, 0)]
        let p1 = p[k]
        let p2 = p[k + 1]
        let p3 = p[min(k + 2, p.count - 1)]
        let s2 = s * s
        var sum = 0.0
        for i in 0..<p1.count {
            let m1 = (p2[i] - p0[i]) / 2
            let m2 = (p3[i] - p1[i]) / 2
            let d = (6 * s2 - 6 * s) * p1[i] + (3 * s2 - 4 * s + 1) * m1 + (-6 * s2 + 6 * s) * p2[i] + (3 * s2 - 2 * s) * m2
            sum += d * d
        }
        return sum.squareRoot()
    }

    /// The spline's arc length on segment `k`: 5-point Gauss-Legendre on 256 equal parts (the speed
    /// may touch zero where a segment joins two equal values, so the parts stay short).
    static func splineLength(_ p: [[Double]], segment k: Int) -> Double {
        let nodes = [0.0, -0.538_469_310_105_683_1, 0.538_469_310_105_683_1, -0.906_179_845_938_664_0, 0.906_179_845_938_664_0]
        let weights = [
            0.568_888_888_888_888_9, 0.478_628_670_499_366_5, 0.478_628_670_499_366_5, 0.236_926_885_056_189_1, 0.236_926_885_056_189_1,
        ]
        let parts = 256
        var total = 0.0
        for part in 0..<parts {
            let a = Double(part) / Double(parts)
            let half = 0.5 / Double(parts)
            for (node, weight) in zip(nodes, weights) {
                total += weight * half * splineSpeed(p, segment: k, at: a + half + half * node)
            }
        }
        return total
    }
}
