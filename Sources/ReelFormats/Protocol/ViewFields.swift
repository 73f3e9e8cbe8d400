import ReelTrace

/// One view's members as an answer's decoder reads them, shared by the tree path
/// (`EngineReply.decodeView`) and the fast path (`FrameFastPath`): both fill it member by member
/// and take the view from it, so the required members, their order in "missing field" errors and
/// the value of an optional one left out (+0) come from `ViewProperty` in one place.
///
/// ```swift
/// var fields = ViewFields()
/// fields.key = "A.view"
/// fields.set(.x, 0)  // ... y, w, h, alpha, z, hidden, and the transform
/// if let missing = fields.firstMissing { print("missing \(missing)") } else { let view = fields.view! }
/// ```
struct ViewFields {
    var key: String?
    var transform: AffineTransform?
    /// The numbers given so far, in a view whose other numbers are +0.
    private var values = ViewState(key: "", x: 0, y: 0, w: 0, h: 0, alpha: 0, z: 0)
    /// Bit `offset` set for each property given (the transform's entries are given through `transform`).
    private var given: UInt32 = 0

    /// Whether `property`'s member was given.
    func has(_ property: ViewProperty) -> Bool { given & 1 << UInt32(property.offset) != 0 }

    /// Gives `property` the value `value` (z a whole number, hidden 1 or 0).
    mutating func set(_ property: ViewProperty, _ value: Double) {
        property.set(value, in: &values)
        given |= 1 << UInt32(property.offset)
    }

    /// The first required member not given, in the protocol's order (key, then the properties
    /// that are not optional, the transform's entries as `transform`); nil when all are.
    var firstMissing: String? {
        if key == nil { return "key" }
        for property in Self.required {
            switch property.plainMember {
            case .transformEntry(let index): if index == 0, transform == nil { return "transform" }
            default: if !has(property) { return property.rawValue }
            }
        }
        return nil
    }

    /// The properties an answer must give, in `ViewProperty.allCases` order.
    private static let required = ViewProperty.allCases.filter { !$0.isOptional }

    /// The bits of `given` for the required properties that are members (not transform entries).
    private static let requiredMembers: UInt32 = required.reduce(0) { bits, property in
        if case .transformEntry = property.plainMember { return bits }
        return bits | 1 << UInt32(property.offset)
    }

    /// The view the members describe; nil while a required one is missing.
    var view: ViewState? {
        guard let key, let transform, given & Self.requiredMembers == Self.requiredMembers else { return nil }
        var view = values
        view.key = key
        view.transform = transform
        return view
    }
}
