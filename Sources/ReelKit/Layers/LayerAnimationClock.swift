/// The layers' animations over the session's display ticks: starts and ends reported to the
/// delegates, finished animations removed (isRemovedOnCompletion), the session kept running while
/// one still moves.
enum LayerAnimationClock {
    /// At display tick `t`, after the frame was sampled.
    static func tick(at t: Double, runtime: KitRuntime) {
        guard !runtime.animatedLayers.isEmpty else { return }
        for layer in runtime.animatedLayers {
            let local = layer.localTime(atGlobal: t)
            for attached in layer.animationList where !attached.stopped {
                let animation = attached.animation
                if !attached.started, animation.activeTime(parentTime: local) >= 0 {
                    attached.started = true
                    animation.delegate?.animationDidStart(animation)
                }
                guard animation.hasEnded(parentTime: local) else { continue }
                if animation.isRemovedOnCompletion { layer.animationList.removeAll { $0 === attached } }
                attached.stop(finished: true)
            }
        }
        runtime.animatedLayers.removeAll { $0.animationList.isEmpty }
    }

    /// The first animation that still moves: not ended, on a clock that runs (every speed from the
    /// session's clock down to the animation's non-zero).
    static func moving(in runtime: KitRuntime) -> (layer: CALayer, animation: AttachedAnimation)? {
        for layer in runtime.animatedLayers {
            let speed = layer.effectiveSpeed
            guard speed != 0 else { continue }
            if let attached = layer.animationList.first(where: { !$0.stopped && $0.animation.speed != 0 }) { return (layer, attached) }
        }
        return nil
    }

    /// Why the session still moves at the time cap, when a layer's animation keeps it moving.
    static func timeCapReason(in runtime: KitRuntime) -> String? {
        guard let (layer, attached) = moving(in: runtime) else { return nil }
        let animation = attached.animation
        let forever = animation.activeDuration.isInfinite ? " repeats forever (repeatCount \(animation.repeatCount))" : " is still running"
        return "\(layer.messageName): \(animation.messageName)\(attached.key.map { " (key '\($0)')" } ?? "")\(forever)"
    }
}

/// A layer property a `UIView.animate` block changed on a view's layer (cornerRadius): from the
/// value on screen to the block's, on the block's clock and timing.
struct LayerBlockAnimation {
    let key: String
    let from: LayerValue
    let to: LayerValue
    let offset: Double
    let shape: AnimationShape
    unowned let group: AnimationGroup

    func value(at t: Double) -> LayerValue { LayerValue.mix(from, to, group.fraction(shape: shape, offset: offset, at: t)) }
}

/// How a layer's presentation copy gets its animated values.
enum LayerAnimationEvaluation {
    /// UIView blocks' animations first, then the explicit and implicit ones in the order added,
    /// each over the value the ones before left (Core Animation's render order).
    static func apply(animationsOf layer: CALayer, to copy: CALayer, at t: Double) {
        for block in layer.blockAnimations { copy.setLayerValue(block.value(at: t), at: block.key) }
        guard !layer.animationList.isEmpty else { return }
        let local = layer.localTime(atGlobal: t)
        for attached in layer.animationList { attached.animation.apply(to: copy, parentTime: local) }
    }
}
