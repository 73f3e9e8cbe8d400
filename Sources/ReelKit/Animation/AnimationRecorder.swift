/// Collects the property changes an animation block makes (the setters of UIView report to the
/// innermost recorder while the block runs).
final class AnimationRecorder {
    struct Change {
        var view: UIView
        var channel: AnimatedChannel
        var from: AnimatedValue
        var to: AnimatedValue
    }

    /// Keyframe blocks: the keyframe window the changes fall in (relative start, relative duration).
    @exclusivity(unchecked) var keyframeWindow: (start: Double, duration: Double)?
    @exclusivity(unchecked) var changes: [(change: Change, window: (start: Double, duration: Double)?)] = []
    /// Layer properties of views' layers the block changed (cornerRadius), in order.
    @exclusivity(unchecked) var layerChanges: [LayerChange] = []
    /// Which `addKeyframe` call each change fell in (counted from 1; 0 outside any), as `changes`.
    @exclusivity(unchecked) var keyframeCalls: [Int] = []
    /// The `addKeyframe` call running (0 outside any).
    @exclusivity(unchecked) var keyframeCall = 0
    /// How many `addKeyframe` calls have run.
    @exclusivity(unchecked) var keyframeCallCount = 0
    /// Whether `from` is the model value before the change (keyframes chain from the previous
    /// keyframe's value) rather than the value on screen.
    let chainsModelValues: Bool

    init(chainsModelValues: Bool) {
        self.chainsModelValues = chainsModelValues
    }

    func record(_ change: Change) {
        changes.append((change, keyframeWindow))
        keyframeCalls.append(keyframeCall)
    }
}
