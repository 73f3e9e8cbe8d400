/// One layout pass's equations: four solver variables per item taking part (left, top, width,
/// height in the root's coordinates), the root fixed at its bounds, views that translate their
/// autoresizing masks held at their frames (required), intrinsic sizes as hugging (`size <=
/// intrinsic`) and compression resistance (`size >= intrinsic`) at the view's priorities, and the
/// active constraints: required ones first (in tree then activation order), then the others.
struct LayoutSystem {
    /// A required constraint the pass broke, as its trace event says it.
    struct Broken {
        var subject: String
        var detail: String
    }

    private enum Source {
        case user(NSLayoutConstraint)
        /// A view's translated autoresizing mask, or an intrinsic size: its description.
        case implicit(String)

        var text: String {
            switch self {
            case .user(let constraint): constraint.description
            case .implicit(let text): text
            }
        }
    }

    private struct Equation {
        var constraint: CassowarySolver.Constraint
        var source: Source
        var items: [Int]
    }

    let root: UIView
    private var solver = CassowarySolver(pivotLimit: AutoLayoutLimits.pivotsPerConstraint)
    private var itemIndex: [ObjectIdentifier: Int] = [:]
    private var items: [LayoutItemRef] = []
    private var added: [(handle: CassowarySolver.Handle, equation: Equation)] = []
    private(set) var broken: [Broken] = []
    private(set) var ambiguities: [String] = []

    init(root: UIView) { self.root = root }

    /// Why a constraint cannot be solved (UIKit raises for these), nil when it can.
    static func problem(with constraint: NSLayoutConstraint, inTree: Set<ObjectIdentifier>) -> String? {
        guard constraint.constant.isFinite else { return "its constant is \(constraint.constant) (not a finite number)" }
        guard constraint.multiplier.isFinite else { return "its multiplier is \(constraint.multiplier) (not a finite number)" }
        let priority = constraint.priority.rawValue
        guard priority.isFinite, priority > 0, priority <= 1000 else { return "its priority \(priority) is outside 1...1000" }
        guard constraint.firstAttribute != .notAnAttribute else { return "its first attribute is notAnAttribute" }
        guard let second = LayoutItemRef(constraint.secondItem) else {
            if constraint.secondAttribute != .notAnAttribute { return "its second item no longer exists (it was deallocated)" }
            return constraint.firstAttribute.axis == .size ? nil : "a location (\(constraint.firstAttribute)) cannot be equal to a constant"
        }
        guard constraint.firstAttribute.axis == constraint.secondAttribute.axis else {
            return "it relates \(constraint.firstAttribute) to \(constraint.secondAttribute) (attributes of different axes)"
        }
        guard let view = second.view, inTree.contains(ObjectIdentifier(view)) else {
            return "its items have no common ancestor (\(second.name) is not in the tree)"
        }
        return nil
    }

    // MARK: Building

    /// Variable ids of an item, registering it and its superviews (its frame is relative to them).
    private mutating func index(of item: LayoutItemRef) -> Int {
        let key = ObjectIdentifier(item.object)
        if let known = itemIndex[key] { return known }
        let index = items.count
        itemIndex[key] = index
        items.append(item)
        switch item.kind {
        case .view(let view):
            if let superview = view.superview { _ = self.index(of: LayoutItemRef(superview)!) }
        case .guide(let guide):
            if let owner = guide.owningView { _ = self.index(of: LayoutItemRef(owner)!) }
        }
        return index
    }

    private static func left(_ i: Int) -> Int { i * 4 }
    private static func top(_ i: Int) -> Int { i * 4 + 1 }
    private static func width(_ i: Int) -> Int { i * 4 + 2 }
    private static func height(_ i: Int) -> Int { i * 4 + 3 }

    /// The attribute as `Σ coefficient × variable` (and whether leading/trailing flipped it).
    private func terms(_ attribute: NSLayoutConstraint.Attribute, of i: Int, rightToLeft: Bool) -> [(variable: Int, coefficient: Double)] {
        switch attribute {
        case .left: [(Self.left(i), 1)]
        case .right: [(Self.left(i), 1), (Self.width(i), 1)]
        case .leading: rightToLeft ? [(Self.left(i), 1), (Self.width(i), 1)] : [(Self.left(i), 1)]
        case .trailing: rightToLeft ? [(Self.left(i), 1)] : [(Self.left(i), 1), (Self.width(i), 1)]
        case .top: [(Self.top(i), 1)]
        case .bottom: [(Self.top(i), 1), (Self.height(i), 1)]
        case .width: [(Self.width(i), 1)]
        case .height: [(Self.height(i), 1)]
        case .centerX: [(Self.left(i), 1), (Self.width(i), 0.5)]
        case .centerY: [(Self.top(i), 1), (Self.height(i), 0.5)]
        case .notAnAttribute: []
        }
    }

    private func isRightToLeft(_ item: LayoutItemRef) -> Bool {
        item.view?.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    private mutating func equation(for constraint: NSLayoutConstraint) -> Equation? {
        guard let first = LayoutItemRef(constraint.firstItem) else { return nil }
        let i = index(of: first)
        let flipped = isRightToLeft(first) && constraint.firstAttribute.isDirectional
        var all = terms(constraint.firstAttribute, of: i, rightToLeft: isRightToLeft(first))
        var itemList = [i]
        // first - (multiplier × second + constant) (relation) 0; in right-to-left layout a
        // leading/trailing constant runs leftwards.
        let constant = Double(constraint.constant) * (flipped ? -1 : 1)
        if let second = LayoutItemRef(constraint.secondItem) {
            let j = index(of: second)
            itemList.append(j)
            for term in terms(constraint.secondAttribute, of: j, rightToLeft: isRightToLeft(second)) {
                all.append((term.variable, -Double(constraint.multiplier) * term.coefficient))
            }
        }
        let relation: CassowarySolver.Relation =
            switch constraint.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        return Equation(
            constraint: .init(terms: all, constant: -constant, relation: relation, strength: constraint.priority.strength),
            source: .user(constraint), items: itemList)
    }

    /// Builds and solves the system for the active constraints; a message when the work limit stopped it.
    mutating func build(_ constraints: [NSLayoutConstraint]) -> String? {
        _ = index(of: LayoutItemRef(root)!)
        var user: [Equation] = []
        for constraint in constraints {
            constraint.isBroken = false
            if let equation = equation(for: constraint) { user.append(equation) }
        }
        var required: [Equation] = []
        var optional: [Equation] = []
        // Items registered so far (the constrained ones and their superviews): their own equations.
        for (i, item) in items.enumerated() {
            if case .guide(let guide) = item.kind, let system = guide as? SystemLayoutGuide,
                let owner = system.owningView.flatMap({ itemIndex[ObjectIdentifier($0)] })
            {
                // The safe area and margins guides: held at their view's bounds minus the insets.
                required += held(i, in: owner, by: system.currentInsets, name: system.identifier)
                continue
            }
            guard case .view(let view) = item.kind else { continue }
            if view === root {
                let bounds = view.frame
                required += fixed(i, x: 0, y: 0, width: bounds.width, height: bounds.height, name: view.traceKey + " (the root's bounds)")
            } else if view.translatesAutoresizingMaskIntoConstraints {
                let frame = view.frame
                let parent = view.superview.flatMap { itemIndex[ObjectIdentifier($0)] }
                required += fixed(
                    i, x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, relativeTo: parent,
                    name: view.traceKey + " (autoresizing mask)")
            } else {
                for equation in intrinsic(view, i) {
                    if case .required = equation.constraint.strength { required.append(equation) } else { optional.append(equation) }
                }
            }
        }
        for equation in user {
            if case .required = equation.constraint.strength { required.append(equation) } else { optional.append(equation) }
        }
        for equation in required + optional {
            if let stop = add(equation) { return stop }
        }
        for (i, item) in items.enumerated() {
            if case .view(let view) = item.kind, view.translatesAutoresizingMaskIntoConstraints || view === root { continue }
            let names = ["x", "y", "width", "height"]
            let open = (0..<4).filter { solver.isUndetermined(i * 4 + $0) }.map { names[$0] }
            if !open.isEmpty { ambiguities.append(item.name + " (" + open.joined(separator: ", ") + ")") }
        }
        return nil
    }

    private func fixed(
        _ i: Int, x: Double, y: Double, width: Double, height: Double, relativeTo parent: Int? = nil, name: String
    ) -> [Equation] {
        func pin(_ variable: Int, _ parentVariable: Int?, _ value: Double, _ part: String) -> Equation {
            var terms: [(variable: Int, coefficient: Double)] = [(variable, 1)]
            if let parentVariable { terms.append((parentVariable, -1)) }
            return Equation(
                constraint: .init(terms: terms, constant: -value, relation: .equal, strength: .required),
                source: .implicit(name + " " + part + " == \(value)"), items: [i])
        }
        return [
            pin(Self.left(i), parent.map(Self.left), x, "x"), pin(Self.top(i), parent.map(Self.top), y, "y"),
            pin(Self.width(i), nil, width, "width"), pin(Self.height(i), nil, height, "height"),
        ]
    }

    /// A system guide held inside its owning view: `insets` in from each edge (required).
    private func held(_ i: Int, in owner: Int, by insets: UIEdgeInsets, name: String) -> [Equation] {
        func pin(_ variable: Int, _ ownerVariable: Int, _ value: Double, _ part: String) -> Equation {
            Equation(
                constraint: .init(terms: [(variable, 1), (ownerVariable, -1)], constant: -value, relation: .equal, strength: .required),
                source: .implicit(name + " " + part + " == \(value)"), items: [i])
        }
        let (top, left, bottom, right) = (Double(insets.top), Double(insets.left), Double(insets.bottom), Double(insets.right))
        return [
            pin(Self.left(i), Self.left(owner), left, "x"), pin(Self.top(i), Self.top(owner), top, "y"),
            pin(Self.width(i), Self.width(owner), -(left + right), "width"),
            pin(Self.height(i), Self.height(owner), -(top + bottom), "height"),
        ]
    }

    /// Hugging (`size <= intrinsic`) and compression resistance (`size >= intrinsic`) per axis with an intrinsic size.
    private func intrinsic(_ view: UIView, _ i: Int) -> [Equation] {
        let size = view.intrinsicContentSize
        var out: [Equation] = []
        for (axis, value, variable) in [
            (NSLayoutConstraint.Axis.horizontal, size.width, Self.width(i)), (.vertical, size.height, Self.height(i)),
        ] where value != UIView.noIntrinsicMetric && value.isFinite {
            let name = view.traceKey + (axis == .horizontal ? ".width" : ".height")
            out.append(
                Equation(
                    constraint: .init(
                        terms: [(variable, 1)], constant: -Double(value), relation: .lessThanOrEqual,
                        strength: view.contentHuggingPriority(for: axis).strength),
                    source: .implicit("\(name) <= \(value) (content hugging)"), items: [i]))
            out.append(
                Equation(
                    constraint: .init(
                        terms: [(variable, 1)], constant: -Double(value), relation: .greaterThanOrEqual,
                        strength: view.contentCompressionResistancePriority(for: axis).strength),
                    source: .implicit("\(name) >= \(value) (compression resistance)"), items: [i]))
        }
        return out
    }

    private mutating func add(_ equation: Equation) -> String? {
        do throws(CassowarySolver.Failure) {
            added.append((try solver.add(equation.constraint), equation))
        } catch .unsatisfiable {
            breakConstraint(equation)
        } catch {
            return
                "Auto Layout could not solve \(equation.source.text): \(error) (more than \(AutoLayoutLimits.pivotsPerConstraint) pivots)"
        }
        return nil
    }

    /// UIKit's recovery: the constraint that cannot hold is not applied; the event lists the
    /// required constraints on the same items whose removal would let it hold (its conflict).
    private mutating func breakConstraint(_ equation: Equation) {
        if case .user(let constraint) = equation.source { constraint.isBroken = true }
        var conflicting: [String] = []
        for (handle, other) in added where other.constraint.strength == .required && !Set(other.items).isDisjoint(with: equation.items) {
            var trial = solver
            guard (try? trial.remove(handle)) != nil, (try? trial.add(equation.constraint)) != nil else { continue }
            conflicting.append(other.source.text)
        }
        broken.append(
            Broken(
                subject: equation.source.text,
                detail: "Unable to simultaneously satisfy constraints: broke \(equation.source.text), in conflict with "
                    + (conflicting.isEmpty ? "the required constraints of its items" : conflicting.joined(separator: ", "))))
    }

    // MARK: Applying

    /// Sets the solved frames of the views whose constraints decide them, and the guides' frames;
    /// returns the views whose frames it changed.
    func apply() -> [UIView] {
        var changed: [UIView] = []
        for (i, item) in items.enumerated() {
            let x = solver.value(of: Self.left(i))
            let y = solver.value(of: Self.top(i))
            let frameSize = (solver.value(of: Self.width(i)), solver.value(of: Self.height(i)))
            switch item.kind {
            case .view(let view):
                guard view !== root, !view.translatesAutoresizingMaskIntoConstraints else { continue }
                let parent = view.superview.flatMap { itemIndex[ObjectIdentifier($0)] }
                let px = parent.map { solver.value(of: Self.left($0)) } ?? 0
                let py = parent.map { solver.value(of: Self.top($0)) } ?? 0
                let frame = CGRect(x: x - px, y: y - py, width: frameSize.0, height: frameSize.1)
                if frame != view.frame {
                    view.frame = frame
                    changed.append(view)
                }
            case .guide(let guide):
                let owner = guide.owningView.flatMap { itemIndex[ObjectIdentifier($0)] }
                let ox = owner.map { solver.value(of: Self.left($0)) } ?? 0
                let oy = owner.map { solver.value(of: Self.top($0)) } ?? 0
                guide.layoutFrame = CGRect(x: x - ox, y: y - oy, width: frameSize.0, height: frameSize.1)
            }
        }
        return changed
    }
}

extension NSLayoutConstraint.Attribute {
    enum Axis { case x, y, size, none }

    var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .centerX: .x
        case .top, .bottom, .centerY: .y
        case .width, .height: .size
        case .notAnAttribute: .none
        }
    }

    var isDirectional: Bool { self == .leading || self == .trailing }
}
