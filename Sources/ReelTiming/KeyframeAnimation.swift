/// One keyframe of `UIView.animateKeyframes`: `addKeyframe(withRelativeStartTime:relativeDuration:)`
/// animating a scalar to `value`.
package struct Keyframe: Sendable, Hashable, Codable {
    /// Start as a fraction of the whole animation, 0...1.
    package var relativeStartTime: Double
    /// Length as a fraction of the whole animation, 0...1.
    package var relativeDuration: Double
    /// The value reached at the keyframe's end.
    package var value: Double

    package init(relativeStartTime: Double, relativeDuration: Double, value: Double) {
        self.relativeStartTime = relativeStartTime
        self.relativeDuration = relativeDuration
        self.value = value
    }
}

/// A scalar track animated by keyframes with `calculationModeLinear` semantics.
///
/// Each keyframe moves the value linearly, over its own relative window, from the value the
/// track has when the keyframe starts to the keyframe's value; between windows the value
/// holds. Keyframes are applied in order of start time (ties keep the order given); when
/// windows overlap, the later-starting keyframe takes over from the value at its start.
/// `timing` shapes the whole animation's time before keyframes are evaluated (UIKit applies
/// the options' curve to the whole keyframe timeline; the default here is linear — a
/// profile choice, UIKit's own default for keyframe animations is not documented).
package struct KeyframeAnimation: Sendable, Hashable, Codable {
    /// The value before the first keyframe starts.
    package let initialValue: Double
    /// Keyframes sorted by start time.
    package let keyframes: [Keyframe]
    /// The curve applied to the whole animation's time.
    package let timing: TimingCurve
    /// The value at each keyframe's start (same order as `keyframes`).
    private let startValues: [Double]

    package init(initialValue: Double, keyframes: [Keyframe], timing: TimingCurve = .linear) {
        let sorted = keyframes.enumerated()
            .sorted { ($0.element.relativeStartTime, $0.offset) < ($1.element.relativeStartTime, $1.offset) }
            .map(\.element)
        var starts: [Double] = []
        for (index, keyframe) in sorted.enumerated() {
            starts.append(
                KeyframeAnimation.evaluate(
                    initialValue, Array(sorted[..<index]), starts,
                    at: keyframe.relativeStartTime))
        }
        self.initialValue = initialValue
        self.keyframes = sorted
        self.timing = timing
        self.startValues = starts
    }

    /// The value at `fraction` (0...1, clamped) of the whole animation's duration.
    package func value(atFraction fraction: Double) -> Double {
        KeyframeAnimation.evaluate(initialValue, keyframes, startValues, at: timing.value(at: fraction))
    }

    /// The value `elapsed` seconds into an animation lasting `duration` seconds.
    package func value(atElapsed elapsed: Double, duration: Double) -> Double {
        value(atFraction: duration > 0 ? elapsed / duration : 1)
    }

    private static func evaluate(_ initial: Double, _ keyframes: [Keyframe], _ starts: [Double], at u: Double) -> Double {
        guard let index = keyframes.lastIndex(where: { $0.relativeStartTime <= u }) else { return initial }
        let keyframe = keyframes[index]
        let end = keyframe.relativeStartTime + keyframe.relativeDuration
        if u >= end || keyframe.relativeDuration <= 0 { return keyframe.value }
        let local = (u - keyframe.relativeStartTime) / keyframe.relativeDuration
        return starts[index] + (keyframe.value - starts[index]) * local
    }
}
