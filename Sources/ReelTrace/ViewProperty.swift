/// A compared property of a view, by the name the diff stores in `divergences.property`, with
/// the tolerance family it is judged by. The one list of view properties: the replay's frame
/// comparison checks them in this order and the report reads them back by name.
public enum ViewProperty: String, CaseIterable, Sendable {
    case x, y, w, h, alpha
    case a, b, c, d, tx, ty
    case rotationX = "rotation_x"
    case rotationY = "rotation_y"
    case m34
    case z, hidden

    /// Which tolerance judges a property.
    public enum Family: Sendable {
        /// Points: x, y and the transform's tx, ty.
        case position
        /// Points: w, h.
        case size
        case alpha
        /// The transform's a, b, c, d and m34 (unitless), rotation_x and rotation_y (radians).
        case transform
        /// Compared exactly whatever the tolerances: z order and hidden.
        case exact
    }

    public var family: Family {
        switch self {
        case .x, .y, .tx, .ty: .position
        case .w, .h: .size
        case .alpha: .alpha
        case .a, .b, .c, .d, .rotationX, .rotationY, .m34: .transform
        case .z, .hidden: .exact
        }
    }

    /// The property's unit, for an axis title ("" when it has none).
    public var unit: String {
        switch self {
        case .x, .y, .w, .h, .tx, .ty: "pt"
        case .rotationX, .rotationY: "rad"
        case .m34: "1/pt"
        case .alpha, .a, .b, .c, .d, .z, .hidden: ""
        }
    }

    /// The property's value in `view` (z as its index, hidden as 1 or 0).
    public func value(of view: ViewState) -> Double {
        switch self {
        case .x: view.x
        case .y: view.y
        case .w: view.w
        case .h: view.h
        case .alpha: view.alpha
        case .a: view.transform.a
        case .b: view.transform.b
        case .c: view.transform.c
        case .d: view.transform.d
        case .tx: view.transform.tx
        case .ty: view.transform.ty
        case .rotationX: view.rotationX
        case .rotationY: view.rotationY
        case .m34: view.m34
        case .z: Double(view.z)
        case .hidden: view.hidden ? 1 : 0
        }
    }

    /// Sets the property of `view` to `value`, as `value(of:)` gives it (z a whole number within
    /// 2^53, hidden 1 or 0: any other value than 0 is true).
    package func set(_ value: Double, in view: inout ViewState) {
        switch self {
        case .x: view.x = value
        case .y: view.y = value
        case .w: view.w = value
        case .h: view.h = value
        case .alpha: view.alpha = value
        case .a: view.transform.a = value
        case .b: view.transform.b = value
        case .c: view.transform.c = value
        case .d: view.transform.d = value
        case .tx: view.transform.tx = value
        case .ty: view.transform.ty = value
        case .rotationX: view.rotationX = value
        case .rotationY: view.rotationY = value
        case .m34: view.m34 = value
        case .z: view.z = Int(value)
        case .hidden: view.hidden = value != 0
        }
    }

    /// The property's position among a view's values (`ViewProperty.allCases` order), as
    /// `FrameColumns` and the archive's stored columns keep them.
    package var offset: Int {
        switch self {
        case .x: 0
        case .y: 1
        case .w: 2
        case .h: 3
        case .alpha: 4
        case .a: 5
        case .b: 6
        case .c: 7
        case .d: 8
        case .tx: 9
        case .ty: 10
        case .rotationX: 11
        case .rotationY: 12
        case .m34: 13
        case .z: 14
        case .hidden: 15
        }
    }
}
