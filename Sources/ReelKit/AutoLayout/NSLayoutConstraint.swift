/// A relation between two items' attributes, `first.attribute (relation) multiplier ×
/// second.attribute + constant`, held at a priority (Apple's NSLayoutConstraint). Active
/// constraints are solved at the next layout pass (`layoutIfNeeded`, or after each touch event and
/// after the scene is built); changing the constant, priority or activity of one schedules it.
///
/// ```swift
/// let height = sheet.heightAnchor.constraint(equalToConstant: 200)
/// NSLayoutConstraint.activate([sheet.bottomAnchor.constraint(equalTo: view.bottomAnchor), height])
/// UIView.animate(withDuration: 0.3) { height.constant = 600; view.layoutIfNeeded() }
/// ```
open class NSLayoutConstraint: CustomStringConvertible {
    public enum Attribute: Int, Sendable {
        case left = 1
        case right, top, bottom, leading, trailing, width, height, centerX, centerY
        case notAnAttribute = 0
    }

    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }

    @exclusivity(unchecked) public private(set) weak var firstItem: AnyObject?
    @exclusivity(unchecked) public private(set) weak var secondItem: AnyObject?
    public let firstAttribute: Attribute
    public let secondAttribute: Attribute
    public let relation: Relation
    public let multiplier: CGFloat
    @exclusivity(unchecked) public var constant: CGFloat { didSet { if constant != oldValue { invalidate() } } }
    /// 1...1000. Changing a required constraint to optional (or back) while it is active is a
    /// session error, as UIKit raises for it.
    @exclusivity(unchecked) public var priority: UILayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            if isActive, (priority == .required) != (oldValue == .required) {
                KitRuntime.current?.fail(
                    KitFailure(
                        message:
                            "constraint \(self) changed its priority from \(oldValue.rawValue) to \(priority.rawValue) while active: UIKit does not support mutating a priority from required to not (or back) on an installed constraint"
                    ))
            }
            invalidate()
        }
    }
    /// Names the constraint in messages and trace events.
    @exclusivity(unchecked) public var identifier: String?
    /// Whether the constraint takes part in layout (stored on its first item's view).
    public var isActive: Bool {
        get { active }
        set {
            guard newValue != active else { return }
            guard let view = hostView else {
                // UIKit raises: a constraint's items must be in a view hierarchy.
                if newValue {
                    KitRuntime.current?.fail(
                        KitFailure(
                            message:
                                "constraint \(self) was activated while its first item is in no view (a layout guide without an owning view)"
                        ))
                }
                return
            }
            active = newValue
            let state = view.layoutState
            if newValue {
                state.constraints.append(self)
            } else {
                state.constraints.removeAll { $0 === self }
            }
            invalidate()
        }
    }

    @exclusivity(unchecked) private var active = false
    /// Whether the last layout pass broke it (UIKit's "Will attempt to recover by breaking constraint").
    @exclusivity(unchecked) public internal(set) var isBroken = false

    public init(
        item view1: AnyObject, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: AnyObject?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        firstItem = view1
        secondItem = view2
        firstAttribute = attr1
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.relation = relation
        self.multiplier = multiplier
        constant = c
    }

    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// The view whose list holds the constraint: the first item's (a guide's owning view).
    var hostView: UIView? { LayoutItemRef(firstItem)?.view }

    private func invalidate() {
        guard active, let host = hostView else { return }
        host.layoutState.needsLayout = true
        if let second = LayoutItemRef(secondItem)?.view { second.layoutState.needsLayout = true }
    }

    /// `identifier` in quotes, else "first.attribute relation multiplier × second.attribute + constant" with the items' trace keys.
    public var description: String {
        if let identifier { return "'\(identifier)'" }
        let first = LayoutItemRef(firstItem)?.name ?? "nil"
        var text = "\(first).\(firstAttribute) \(relation.symbol) "
        if let second = LayoutItemRef(secondItem) {
            text += multiplier == 1 ? "" : "\(multiplier) × "
            text += "\(second.name).\(secondAttribute)"
            if constant != 0 { text += constant < 0 ? " - \(-constant)" : " + \(constant)" }
        } else {
            text += "\(constant)"
        }
        return "'" + text + "'"
    }
}

extension NSLayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
