/// What a change of an animatable layer property sets off (Core Animation's actions): on a view's
/// layer, an animation only inside a `UIView.animate` block and only for the keys UIView animates
/// there (`cornerRadius`, iOS 11 and later; position, bounds, opacity and transform go through the
/// view's own properties); shadows and borders change at once, as UIKit's views give no action
/// for them (a UIKit subclass, `_UIPreviewPresentationEffectView`, adds shadowOpacity, Offset,
/// Radius and Color to UIView's list in its `_shouldAnimatePropertyWithKey:`, D26). On a
/// standalone layer, an implicit `CABasicAnimation` from the value on screen over the
/// transaction's duration (0.25 s) and timing function (nil: the default curve), unless the
/// transaction disables actions or the layer was made in this run-loop turn (not yet committed).
enum LayerActions {
    /// Keys a view's layer animates inside a UIView animation block.
    static let viewBlockKeys: Set<String> = ["cornerRadius"]

    static func willChange(_ layer: CALayer, key: String, to value: LayerValue, runtime: KitRuntime) {
        guard runtime.animationsSuppressed == 0 else { return }
        if layer.owningView != nil {
            guard viewBlockKeys.contains(key), let recorder = runtime.recorders.last, let model = layer.layerValue(at: key) else { return }
            let from = recorder.chainsModelValues ? model : layer.presentation(at: runtime.now).layerValue(at: key) ?? model
            recorder.layerChanges.append(.init(layer: layer, key: key, from: from, to: value))
            return
        }
        let transaction = CATransaction.current(runtime)
        guard !transaction.disableActions, layer.createdTurn < runtime.runLoopTurn,
            let shown = layer.presentation(at: runtime.now).layerValue(at: key)
        else { return }
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = shown
        animation.duration = transaction.duration
        animation.timingFunction = transaction.timingFunction ?? CAMediaTimingFunction(name: .default)
        layer.add(animation, forKey: key)
    }
}

/// A layer property changed inside an animation block.
struct LayerChange {
    let layer: CALayer
    let key: String
    let from: LayerValue
    let to: LayerValue
}
