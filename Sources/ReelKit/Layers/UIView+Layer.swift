extension UIView {
    /// The view's layer (made on first use, of `layerClass`): it shares the view's geometry,
    /// alpha, transform and clipsToBounds; its corners, border and shadow are its own.
    public var layer: CALayer {
        if let loadedLayer { return loadedLayer }
        let made = (type(of: self).layerClass as? CALayer.Type ?? CALayer.self).init()
        made.owningView = self
        // Made with its view: it belongs to the view's turn (no implicit animation ever applies to it).
        loadedLayer = made
        return made
    }

    /// A view whose layer masks this view's (its layer becomes `layer.mask`).
    public var mask: UIView? {
        get { maskView }
        set {
            maskView = newValue
            layer.mask = newValue?.layer
        }
    }
}
