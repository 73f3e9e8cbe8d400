/// An animation added to a layer: the layer's copy, its key, whether its start and end were
/// reported, the transactions waiting for it.
final class AttachedAnimation {
    let key: String?
    let animation: CAAnimation
    @exclusivity(unchecked) var started = false
    @exclusivity(unchecked) var stopped = false
    let transactions: [TransactionFrame]

    init(key: String?, animation: CAAnimation, transactions: [TransactionFrame]) {
        self.key = key
        self.animation = animation
        self.transactions = transactions
    }

    /// Reports the end once (finished: reached it; false: removed before it).
    func stop(finished: Bool) {
        stopped = true
        guard !reportedStop else { return }
        reportedStop = true
        animation.delegate?.animationDidStop(animation, finished: finished)
        for transaction in transactions { transaction.animationEnded() }
    }

    @exclusivity(unchecked) private var reportedStop = false
}

extension CALayer {
    /// Adds a copy of `anim` under `key` (replacing the animation of that key, which stops
    /// unfinished). A duration of 0 becomes the transaction's (0.25 s); a beginTime of 0 becomes
    /// the layer's time now. A key path or value ReelKit does not model, or timing numbers that
    /// are not finite, stop the session with a message naming them.
    ///
    /// ```swift
    /// let fade = CABasicAnimation(keyPath: "shadowOpacity")
    /// fade.fromValue = 0.3
    /// fade.toValue = 0
    /// fade.duration = 0.25
    /// card.layer.add(fade, forKey: "fade")
    /// ```
    public func add(_ anim: CAAnimation, forKey key: String?) {
        guard let runtime = KitRuntime.current else { return }
        let copy = anim.copyAnimation()
        copy.resolveDurations(fallback: CATransaction.current(runtime).duration)
        let timing = [copy.duration, copy.beginTime, copy.timeOffset, Double(copy.speed), copy.repeatDuration]
        let problem =
            copy.problem(on: self)
            ?? (timing.allSatisfy(\.isFinite) && !copy.repeatCount.isNaN && copy.duration >= 0 && copy.repeatCount >= 0
                ? nil
                : "\(copy.messageName) with duration \(copy.duration), beginTime \(copy.beginTime), timeOffset \(copy.timeOffset), "
                    + "speed \(copy.speed), repeatCount \(copy.repeatCount), repeatDuration \(copy.repeatDuration) (not finite timing)")
        if let problem { return runtime.fail(KitFailure(message: "\(problem), added to \(messageName) at t = \(runtime.now) s")) }
        if copy.beginTime == 0 { copy.beginTime = localTime(atGlobal: runtime.now) }
        if let key { removeAnimation(forKey: key) }
        let attached = AttachedAnimation(key: key, animation: copy, transactions: CATransaction.open(runtime))
        for transaction in attached.transactions { transaction.pending += 1 }
        animationList.append(attached)
        if !runtime.animatedLayers.contains(where: { $0 === self }) { runtime.animatedLayers.append(self) }
    }

    /// The running animation of `key` (the layer's copy).
    public func animation(forKey key: String) -> CAAnimation? { animationList.last { $0.key == key }?.animation }

    /// The keys of the attached animations, nil when none.
    public func animationKeys() -> [String]? {
        let keys = animationList.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation of `key`; its delegate hears it stopped unfinished.
    public func removeAnimation(forKey key: String) {
        let removed = animationList.filter { $0.key == key }
        animationList.removeAll { $0.key == key }
        for attached in removed { attached.stop(finished: false) }
    }
}

/// Removing all of a layer's animations.
enum LayerAnimationRegistry {
    static func removeAll(from layer: CALayer) {
        let removed = layer.animationList
        layer.animationList.removeAll()
        for attached in removed { attached.stop(finished: false) }
    }
}
