/// A compared property of a view, by the name the diff stores in `divergences.property`, with
/// the tolerance family it is judged by. The one list of view properties: the replay's frame
/// comparison checks them in this order, the engine protocol's two forms and the archive carry
/// them by looping over `allCases`, and the report reads them back by name.
///
/// Adding one (docs/ARCHITECTURE.md, "Adding a view property"): a case at the end, its line in
/// `family`, `unit` and `offset` (the compiler names them), `ViewState`'s accessor and init
/// parameter, and a migration adding its row to `view_properties` and its column to the
/// archive's SQL views. A property after `hidden` is an
/// extension: an answer's plain form leaves it out when +0, the binary form and the archive hold
/// it only for the views that set it, so a trace that never sets it costs no byte more.
public enum ViewProperty: String, CaseIterable, Sendable {
    case x, y, w, h, alpha
    case a, b, c, d, tx, ty
    case rotationX = "rotation_x"
    case rotationY = "rotation_y"
    case m34
    case z, hidden
    case cornerRadius = "corner_radius"
    case borderWidth = "border_width"
    case shadowOpacity = "shadow_opacity"
    case shadowRadius = "shadow_radius"
    case contentOffsetX = "content_offset_x"
    case contentOffsetY = "content_offset_y"
    case effectFraction = "effect_fraction"
    case maskKind = "mask_kind"
    case maskX = "mask_x"
    case maskY = "mask_y"
    case maskW = "mask_w"
    case maskH = "mask_h"

    /// Which tolerance judges a property.
    public enum Family: Sendable {
        /// Points: x, y, the transform's tx, ty and a scroll view's content offset.
        case position
        /// Points: w, h and the layer's corner radius, border width and shadow radius.
        case size
        /// Alpha, the layer's shadow opacity and a visual effect's fraction.
        case alpha
        /// The transform's a, b, c, d and m34 (unitless), rotation_x and rotation_y (radians).
        case transform
        /// Compared exactly whatever the tolerances: z order, hidden and the mask's kind.
        case exact
    }

    public var family: Family {
        switch self {
        case .x, .y, .tx, .ty, .contentOffsetX, .contentOffsetY, .maskX, .maskY: .position
        case .w, .h, .cornerRadius, .borderWidth, .shadowRadius, .maskW, .maskH: .size
        case .alpha, .shadowOpacity, .effectFraction: .alpha
        case .a, .b, .c, .d, .rotationX, .rotationY, .m34: .transform
        case .z, .hidden, .maskKind: .exact
        }
    }

    /// The property's unit, for an axis title ("" when it has none).
    public var unit: String {
        switch self {
        case .x, .y, .w, .h, .tx, .ty, .cornerRadius, .borderWidth, .shadowRadius, .contentOffsetX, .contentOffsetY, .maskX, .maskY,
            .maskW, .maskH:
            "pt"
        case .rotationX, .rotationY: "rad"
        case .m34: "1/pt"
        case .alpha, .a, .b, .c, .d, .z, .hidden, .shadowOpacity, .effectFraction, .maskKind: ""
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
        // The extensions, each by its offset.
        default: view.extensions[self]
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
        default: view.extensions[self] = value
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
        case .cornerRadius: 16
        case .borderWidth: 17
        case .shadowOpacity: 18
        case .shadowRadius: 19
        case .contentOffsetX: 20
        case .contentOffsetY: 21
        case .effectFraction: 22
        case .maskKind: 23
        case .maskX: 24
        case .maskY: 25
        case .maskW: 26
        case .maskH: 27
        }
    }

    /// How an answer's plain form carries the property in a view object (docs/PROTOCOL.md).
    package enum PlainMember: Sendable {
        /// A member of its own name holding a number.
        case number
        /// An entry of the `transform` member's six numbers [a, b, c, d, tx, ty], at `index`.
        case transformEntry(index: Int)
        /// A member holding a whole number (z).
        case integer
        /// A member holding true or false (hidden).
        case boolean
    }

    package var plainMember: PlainMember {
        switch self {
        case .a: .transformEntry(index: 0)
        case .b: .transformEntry(index: 1)
        case .c: .transformEntry(index: 2)
        case .d: .transformEntry(index: 3)
        case .tx: .transformEntry(index: 4)
        case .ty: .transformEntry(index: 5)
        case .z: .integer
        case .hidden: .boolean
        default: .number
        }
    }

    /// Whether an answer's plain form may leave the property out, meaning +0: rotation_x,
    /// rotation_y, m34 and every extension. A writer leaves it out exactly when it is +0.
    package var isOptional: Bool {
        switch self {
        case .rotationX, .rotationY, .m34: true
        default: isExtension
        }
    }

    /// The properties of the binary form's layout 2 and the archive's `trace_views` columns (schema
    /// v4 to v14), each held for every view: x ... hidden, the first `fixedCount` cases.
    package static let fixedCount = 16

    /// Whether the property came after those: held by the binary form (layout 3) and the archive
    /// (`trace_view_extensions`, schema v15) only for a view that sets it to something else than +0.
    package var isExtension: Bool { offset >= Self.fixedCount }

    /// The extensions, in `allCases` order.
    package static let extensions: [ViewProperty] = allCases.filter(\.isExtension)

    /// The optional members of the plain form, in `allCases` order (the order a writer writes them).
    package static let optionalMembers: [ViewProperty] = allCases.filter(\.isOptional)

    /// The property whose plain-form member is `name` (not a transform entry); nil for any other name.
    package init?(member name: String) {
        guard let property = ViewProperty(rawValue: name) else { return nil }
        if case .transformEntry = property.plainMember { return nil }
        self = property
    }
}

extension ViewState {
    /// Whether the view sets an extension property (`ViewProperty.isExtension`) to something else
    /// than +0, so writers pass over the views that set none (most) at the cost of one test.
    package var setsAnExtension: Bool { extensions.anySet }
}
