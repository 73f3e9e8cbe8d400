extension UIView {
    /// What the view shows on screen now (the display tick being rendered, or the touch being
    /// handled), in its superview's coordinates as `frame` is: its frame, alpha and transform as the
    /// session's frames sample them (an animation's value, else the model's). What a presentation
    /// layer holds on a device; ReelRecorder reads it through `RecorderGeometry` until ReelKit has
    /// layers.
    package var onScreen: (frame: CGRect, alpha: CGFloat, transform: CGAffineTransform) {
        let t = KitRuntime.current?.now ?? 0
        let frame = presentation(.frame, at: t)
        let alpha = presentation(.alpha, at: t)
        let m = presentation(.transform, at: t)
        return (
            CGRect(x: frame.v0, y: frame.v1, width: frame.v2, height: frame.v3), CGFloat(alpha.v0),
            CGAffineTransform(a: CGFloat(m.v0), b: CGFloat(m.v1), c: CGFloat(m.v2), d: CGFloat(m.v3), tx: CGFloat(m.v4), ty: CGFloat(m.v5))
        )
    }
}
