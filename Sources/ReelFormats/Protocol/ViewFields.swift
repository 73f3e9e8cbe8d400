import ReelTrace

/// One view's members as an answer's decoder reads them, shared by the tree path
/// (`EngineReply.decodeView`) and the fast path (`FrameFastPath`): both fill it member by member
/// and take the view from it, so the required members, their order in "missing field" errors and
/// the defaults of the optional ones (`rotation_x`, `rotation_y`, `m34`: 0) live in one place.
///
/// ```swift
/// var fields = ViewFields()
/// fields.key = "A.view"
/// // ... x, y, w, h, alpha, transform, z, hidden
/// if let missing = fields.firstMissing { print("missing \(missing)") } else { let view = fields.view! }
/// ```
struct ViewFields {
    var key: String?
    var x: Double?
    var y: Double?
    var w: Double?
    var h: Double?
    var alpha: Double?
    var transform: AffineTransform?
    var z: Int?
    var hidden: Bool?
    var rotationX: Double?
    var rotationY: Double?
    var m34: Double?

    /// The first required member not given, in the protocol's order; nil when all are.
    var firstMissing: String? {
        if key == nil { return "key" }
        if x == nil { return "x" }
        if y == nil { return "y" }
        if w == nil { return "w" }
        if h == nil { return "h" }
        if alpha == nil { return "alpha" }
        if transform == nil { return "transform" }
        if z == nil { return "z" }
        if hidden == nil { return "hidden" }
        return nil
    }

    /// The view the members describe; nil while a required one is missing.
    var view: ViewState? {
        guard let key, let x, let y, let w, let h, let alpha, let transform, let z, let hidden else { return nil }
        return ViewState(
            key: key, x: x, y: y, w: w, h: h, alpha: alpha, transform: transform, rotationX: rotationX ?? 0,
            rotationY: rotationY ?? 0, m34: m34 ?? 0, z: z, hidden: hidden)
    }
}
