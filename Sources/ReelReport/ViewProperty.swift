import ReelTrace

/// A view property by the name the diff stores in `divergences.property`.
enum ViewProperty {
    /// The value of `property` for `view`, nil for a name the diff does not use for views.
    static func value(_ property: String, of view: ViewState) -> Double? {
        switch property {
        case "x": view.x
        case "y": view.y
        case "w": view.w
        case "h": view.h
        case "alpha": view.alpha
        case "a": view.transform.a
        case "b": view.transform.b
        case "c": view.transform.c
        case "d": view.transform.d
        case "tx": view.transform.tx
        case "ty": view.transform.ty
        case "rotation_x": view.rotationX
        case "rotation_y": view.rotationY
        case "m34": view.m34
        case "z": Double(view.z)
        case "hidden": view.hidden ? 1 : 0
        default: nil
        }
    }

    /// The property's unit, for an axis title.
    static func unit(_ property: String) -> String {
        switch property {
        case "x", "y", "w", "h", "tx", "ty": "pt"
        case "rotation_x", "rotation_y": "rad"
        case "m34": "1/pt"
        default: ""
        }
    }

    /// `property` of view `key` in each frame of `trace` that has the view, over time.
    static func series(_ property: String, view key: String, in trace: Trace) -> [PlotPoint] {
        trace.frames.compactMap { frame in
            frame.views.first { $0.key == key }.flatMap { value(property, of: $0) }.map { PlotPoint(x: frame.t, y: $0) }
        }
    }
}
