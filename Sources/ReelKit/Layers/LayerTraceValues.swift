import ReelTrace

/// The layer values of a view at one time: the trace's corner_radius, border_width, shadow_opacity,
/// shadow_radius and the mask's kind and bounds (`ViewState.setLayerValues`).
nonisolated struct LayerTraceValues: Sendable, Hashable {
    var cornerRadius: Double
    var borderWidth: Double
    var shadowOpacity: Double
    var shadowRadius: Double
    /// "shape" (a shape layer's path), "layer" (another layer's frame), nil without a mask.
    var maskKind: String?
    /// The mask's shape in the layer's coordinates: the path's bounding box, or the mask's frame.
    var maskBounds: CGRect?

    /// A layer with no corners, border, shadow or mask.
    static let none = LayerTraceValues(cornerRadius: 0, borderWidth: 0, shadowOpacity: 0, shadowRadius: 3, maskKind: nil, maskBounds: nil)
}

extension CALayer {
    /// The values a trace records at session time `t`: the presentation's (animations applied).
    /// The one function the sampler calls for a view with a loaded layer (`view.loadedLayer`).
    func traceValues(at t: Double) -> LayerTraceValues {
        let shown = hasAnimations ? presentation(at: t) : self
        var values = LayerTraceValues(
            cornerRadius: Double(shown.cornerRadius), borderWidth: Double(shown.borderWidth), shadowOpacity: Double(shown.shadowOpacity),
            shadowRadius: Double(shown.shadowRadius), maskKind: nil, maskBounds: nil)
        if let mask = storedMask {
            let maskShown = mask.hasAnimations ? mask.presentation(at: t) : mask
            if let shape = maskShown as? CAShapeLayer {
                values.maskKind = "shape"
                let box = shape.path?.boundingBox ?? .zero
                // The path is in the mask layer's coordinates: offset by the mask's frame origin.
                values.maskBounds =
                    box.isNull ? .zero : box.offsetBy(dx: shape.frame.minX - shape.bounds.minX, dy: shape.frame.minY - shape.bounds.minY)
            } else {
                values.maskKind = "layer"
                values.maskBounds = maskShown.frame
            }
        }
        return values
    }
}

extension ViewState {
    /// Takes the layer's corner radius, border width, shadow and mask. The shadow's radius is recorded
    /// only while the shadow shows (its opacity is not 0): CALayer's default radius is 3, so every
    /// layer would otherwise carry one, and a radius without opacity draws nothing.
    mutating func setLayerValues(_ values: LayerTraceValues) {
        cornerRadius = values.cornerRadius
        borderWidth = values.borderWidth
        shadowOpacity = values.shadowOpacity
        shadowRadius = values.shadowOpacity == 0 ? 0 : values.shadowRadius
        maskKind = values.maskKind == "shape" ? 1 : values.maskKind == "layer" ? 2 : 0
        let mask = values.maskBounds ?? .zero
        (maskX, maskY, maskW, maskH) = (Double(mask.minX), Double(mask.minY), Double(mask.width), Double(mask.height))
    }
}
