extension CALayer {
    /// The corners' radius (the corners `maskedCorners` names). Inside a `UIView.animate` block a
    /// view's layer animates it with the block (iOS 11 and later).
    public var cornerRadius: CGFloat {
        get { storedCornerRadius }
        set { change("cornerRadius", LayerValue(newValue)) { storedCornerRadius = newValue } }
    }

    public var borderWidth: CGFloat {
        get { storedBorderWidth }
        set { change("borderWidth", LayerValue(newValue)) { storedBorderWidth = newValue } }
    }

    /// Opaque black by default.
    public var borderColor: CGColor? {
        get { storedBorderColor }
        set { change("borderColor", LayerValue(newValue)) { storedBorderColor = newValue } }
    }

    /// 0 by default (no shadow).
    public var shadowOpacity: Float {
        get { storedShadowOpacity }
        set { change("shadowOpacity", LayerValue([Double(newValue)])) { storedShadowOpacity = newValue } }
    }

    /// 3 by default.
    public var shadowRadius: CGFloat {
        get { storedShadowRadius }
        set { change("shadowRadius", LayerValue(newValue)) { storedShadowRadius = newValue } }
    }

    /// (0, -3) by default.
    public var shadowOffset: CGSize {
        get { storedShadowOffset }
        set { change("shadowOffset", LayerValue(newValue)) { storedShadowOffset = newValue } }
    }

    /// Opaque black by default.
    public var shadowColor: CGColor? {
        get { storedShadowColor }
        set { change("shadowColor", LayerValue(newValue)) { storedShadowColor = newValue } }
    }

    /// The shadow's shape (nil: the layer's own).
    public var shadowPath: CGPath? {
        get { storedShadowPath }
        set { change("shadowPath", LayerValue(path: newValue)) { storedShadowPath = newValue } }
    }
}
