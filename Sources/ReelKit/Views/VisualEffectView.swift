/// UIVisualEffect: what a UIVisualEffectView shows (nothing is drawn in ReelKit).
@MainActor open class UIVisualEffect: NSObject {
    /// The effect's name in `effect` events.
    var eventName: String { "effect" }
}

/// UIBlurEffect and its styles (the common ones; UIKit's raw values).
@MainActor open class UIBlurEffect: UIVisualEffect {
    public nonisolated enum Style: Int, Sendable {
        case extraLight = 0
        case light = 1
        case dark = 2
        case regular = 4
        case prominent = 5
        case systemUltraThinMaterial = 6
        case systemThinMaterial = 7
        case systemMaterial = 8
        case systemThickMaterial = 9
        case systemChromeMaterial = 10
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    override var eventName: String { "blur.\(style)" }
}

/// UIVisualEffectView: a view with an effect and a `contentView` for its subviews, as frames; no
/// pixels. Setting `effect` is recorded as an `effect` event of the view (detail `blur.dark`, or
/// `none`) at once, and the trace's `effect_fraction` (0 without an effect, 1 with one) animates
/// as the block's or the property animator's other values do, scrubbed with `fractionComplete`.
///
/// ```swift
/// let dimming = UIVisualEffectView(effect: nil)
/// container.addSubview(dimming)
/// UIView.animate(withDuration: 0.3) { dimming.effect = UIBlurEffect(style: .dark) }
/// ```
@MainActor open class UIVisualEffectView: UIView {
    /// The view to add subviews to; it fills the effect view and follows its size.
    public let contentView: UIView
    @exclusivity(unchecked) public var effect: UIVisualEffect? {
        didSet {
            guard effect !== oldValue else { return }
            KitRuntime.current?.emit("effect", traceKey, effect?.eventName ?? "none")
            // From no effect to one (or back) the effect's strength animates as the block's or the
            // animator's other values; from one effect to another it stays whole.
            setEffectFraction(effect == nil ? 0 : 1)
        }
    }

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        contentView = UIView(frame: .zero)
        super.init(frame: .zero)
        modelEffect = AnimatedValue(effect == nil ? 0 : 1)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
}
