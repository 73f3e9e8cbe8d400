import ReelTiming

extension UIView {
    /// UIView.KeyframeAnimationOptions; the curve bits (as AnimationOptions') shape the whole timeline.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
    }

    /// Keyframes: inside `animations`, each `addKeyframe` animates its changes over its relative
    /// window of the whole timeline, which the options' curve bits shape (ease in-out by default), in
    /// the options' calculation mode: linear, discrete, paced, cubic (Catmull-Rom) or cubic paced, on
    /// the values and key times UIKit builds (ReelTiming's `KeyframeTrack`). A transform in a paced or
    /// cubic mode is a session error (Core Animation's interpolation of transforms is not modelled).
    ///
    /// ```swift
    /// UIView.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeCubic, animations: {
    ///     UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { card.frame.origin.y = 300 }
    ///     UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { card.frame.origin.y = 600 }
    /// })
    /// ```
    public static func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        // D26 `-pop` looks modes 1-4 up in a table and takes linear for any other value (0, 5, 6, 7).
        let mode = KeyframeCalculationMode(rawValue: Int((options.rawValue >> 10) & 0x7)) ?? .linear
        let curve = AnimationOptions(rawValue: options.rawValue & (0xF << 16)).curve
        runBlock(
            duration: duration, delay: delay, timing: curve.timing, keyframes: true, keyframeMode: mode, animations: animations,
            completion: completion)
    }

    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration: Double, animations: @escaping () -> Void) {
        guard let recorder = KitRuntime.current?.recorders.last else {
            animations()
            return
        }
        let outer = recorder.keyframeWindow
        let outerCall = recorder.keyframeCall
        recorder.keyframeCallCount += 1
        recorder.keyframeCall = recorder.keyframeCallCount
        recorder.keyframeWindow = (start, relativeDuration)
        animations()
        recorder.keyframeWindow = outer
        recorder.keyframeCall = outerCall
    }

    /// The keyframe block's changes: per view and channel,
    /// one track from the value before the block through the value after each `addKeyframe` call
    /// (the last change within a call); changes outside keyframes animate over the whole block.
    static func addKeyframeTracks(
        _ recorder: AnimationRecorder, mode: KeyframeCalculationMode, whole: ResolvedTiming, offset: Double, frameInterval: Double,
        group: AnimationGroup, runtime: KitRuntime
    ) {
        struct Pending {
            let view: UIView
            let channel: AnimatedChannel
            let initial: AnimatedValue
            var keyframes: [(start: Double, duration: Double, value: AnimatedValue)] = []
            var calls: [Int] = []
            var last: AnimatedValue
        }
        var pending: [Pending] = []
        for (index, entry) in recorder.changes.enumerated() {
            let change = entry.change
            guard let window = entry.window else {
                change.view.animations.append(
                    ViewAnimation(
                        channel: change.channel, from: change.from, to: change.to, begin: offset, offset: offset, shape: .timed(whole),
                        group: group))
                if !group.views.contains(where: { $0 === change.view }) { group.views.append(change.view) }
                continue
            }
            let call = recorder.keyframeCalls[index]
            var slot = pending.firstIndex { $0.view === change.view && $0.channel == change.channel }
            if slot == nil {
                pending.append(Pending(view: change.view, channel: change.channel, initial: change.from, last: change.to))
                slot = pending.count - 1
            }
            guard let slot else { continue }
            if pending[slot].calls.last == call {
                pending[slot].keyframes[pending[slot].keyframes.count - 1].value = change.to
            } else {
                pending[slot].keyframes.append((window.start, window.duration, change.to))
                pending[slot].calls.append(call)
            }
            pending[slot].last = change.to
        }
        for entry in pending {
            if entry.channel == .transform && (mode.isPaced || mode.isCubic) {
                runtime.fail(
                    KitFailure(
                        message:
                            "UIView.animateKeyframes animating a transform in \(mode) mode at t = \(runtime.now) s: ReelKit does not model Core Animation's transform interpolation"
                    ))
                return
            }
            let track = ChannelKeyframeTrack(
                channel: entry.channel, mode: mode, initial: entry.initial, keyframes: entry.keyframes, frameInterval: frameInterval)
            entry.view.animations.append(
                ViewAnimation(
                    channel: entry.channel, from: entry.initial, to: entry.last, begin: offset, offset: offset,
                    shape: .track(track, whole: whole), group: group))
            if !group.views.contains(where: { $0 === entry.view }) { group.views.append(entry.view) }
        }
    }
}
