/// The incremental Cassowary simplex solver (Badros, Borning and Stuckey 2001, "The Cassowary
/// linear arithmetic constraint solving algorithm"), the algorithm UIKit's layout engine is built
/// on: linear equalities and inequalities over variables, required or weighted (a non-required
/// constraint's error, times its weight, is minimised), edit variables re-solved incrementally with
/// the dual simplex. Pivots choose the lowest symbol id among equals (Bland's rule: no cycling, and
/// the same inputs give the same bits). Each add, remove or suggest is bounded by `pivotLimit`.
struct CassowarySolver {
    /// How a constraint is held: required, or weighted by a positive number.
    enum Strength: Sendable, Hashable {
        case required
        case weight(Double)
    }

    enum Relation: Sendable { case lessThanOrEqual, equal, greaterThanOrEqual }

    /// `Σ coefficient × variable + constant (relation) 0`.
    struct Constraint: Sendable {
        var terms: [(variable: Int, coefficient: Double)]
        var constant: Double
        var relation: Relation
        var strength: Strength
    }

    enum Failure: Error, Sendable, Equatable {
        /// A required constraint cannot hold with the required ones already added.
        case unsatisfiable
        /// More pivots than `pivotLimit` in one operation.
        case workLimit
        case unknownConstraint
        case unknownEditVariable
        /// An edit variable must not be required.
        case badEditStrength
        /// The objective has no minimum (a bug: error variables are bounded below by zero).
        case unbounded
    }

    /// A constraint's handle.
    struct Handle: Hashable, Sendable { let id: Int }

    private struct Tag {
        var marker: CassowarySymbol
        var other: CassowarySymbol?
        var strength: Strength
    }

    private struct Edit {
        var handle: Handle
        var tag: Tag
        var value: Double
    }

    /// The most pivots one add, remove or suggest may take.
    var pivotLimit: Int
    private var nextId = 0
    private var rows: [CassowarySymbol: CassowaryRow] = [:]
    /// For each symbol, the basic symbols whose rows hold it: substitutions and pivots visit only
    /// those rows, not the whole tableau.
    private var columns: [CassowarySymbol: Set<CassowarySymbol>] = [:]
    private var variables: [Int: CassowarySymbol] = [:]
    private var tags: [Handle: Tag] = [:]
    private var edits: [Int: Edit] = [:]
    private var objective = CassowaryRow()
    private var artificial: CassowaryRow?
    private var infeasible: [CassowarySymbol] = []
    private var pivots = 0
    /// Pivots since the solver was made (the work measure the tests and KIT.md state).
    private(set) var totalPivots = 0

    init(pivotLimit: Int = 100_000) { self.pivotLimit = pivotLimit }

    private mutating func setRow(_ basic: CassowarySymbol, _ row: CassowaryRow) {
        _ = takeRow(basic)
        rows[basic] = row
        for symbol in row.cells.keys { columns[symbol, default: []].insert(basic) }
    }

    private mutating func takeRow(_ basic: CassowarySymbol) -> CassowaryRow? {
        guard let row = rows.removeValue(forKey: basic) else { return nil }
        for symbol in row.cells.keys {
            columns[symbol]?.remove(basic)
            if columns[symbol]?.isEmpty == true { columns[symbol] = nil }
        }
        return row
    }

    /// The basic symbols whose rows hold `symbol`, in id order.
    private func holding(_ symbol: CassowarySymbol) -> [CassowarySymbol] { (columns[symbol] ?? []).sorted() }

    private mutating func symbol(_ kind: CassowarySymbol.Kind) -> CassowarySymbol {
        nextId += 1
        return CassowarySymbol(id: nextId, kind: kind)
    }

    private mutating func external(_ variable: Int) -> CassowarySymbol {
        if let known = variables[variable] { return known }
        let made = symbol(.external)
        variables[variable] = made
        return made
    }

    /// The variable's value in the current solution (0 for a variable no constraint mentions).
    func value(of variable: Int) -> Double {
        guard let symbol = variables[variable] else { return 0 }
        return rows[symbol]?.constant ?? 0
    }

    /// Whether the variable is a parameter of the solution (not basic): no constraint fixes it, so
    /// its value is an arbitrary 0 — the layout is ambiguous in it.
    func isUndetermined(_ variable: Int) -> Bool {
        guard let symbol = variables[variable] else { return true }
        return rows[symbol] == nil
    }

    // MARK: Constraints

    /// Adds a constraint; a required one that cannot hold is refused (`unsatisfiable`) and leaves
    /// the solver as it was. After `workLimit` the solver is unusable (the layout pass stops).
    mutating func add(_ constraint: Constraint) throws(Failure) -> Handle {
        pivots = 0
        let (row, tag) = makeRow(constraint)
        var subject = chooseSubject(row, tag)
        if subject == nil, row.allDummies {
            guard abs(row.constant) < CassowaryRow.epsilon else { throw Failure.unsatisfiable }
            subject = tag.marker
        }
        if let subject {
            var solved = row
            solved.solve(for: subject)
            substitute(subject, with: solved)
            setRow(subject, solved)
        } else {
            // Only a required constraint can fail here; it has changed nothing yet but its symbols.
            let saved = self
            let added: Bool
            do throws(Failure) {
                added = try addWithArtificialVariable(row)
            } catch {
                self = saved
                throw error
            }
            guard added else {
                self = saved
                throw Failure.unsatisfiable
            }
        }
        let handle = Handle(id: nextId)
        nextId += 1
        tags[handle] = tag
        try optimize(objective: true)
        return handle
    }

    mutating func remove(_ handle: Handle) throws(Failure) {
        guard let tag = tags.removeValue(forKey: handle) else { throw .unknownConstraint }
        pivots = 0
        if tag.marker.kind == .error { removeMarkerEffects(tag.marker, tag.strength) }
        if let other = tag.other, other.kind == .error { removeMarkerEffects(other, tag.strength) }
        if takeRow(tag.marker) == nil {
            guard let leaving = markerLeavingRow(tag.marker) else { throw .unbounded }
            var row = takeRow(leaving)!
            row.solve(leaving, for: tag.marker)
            substitute(tag.marker, with: row)
        }
        try optimize(objective: true)
    }

    // MARK: Edit variables

    /// Makes `variable` editable at a non-required strength (its suggested value is then held at it).
    mutating func addEditVariable(_ variable: Int, strength: Strength) throws(Failure) {
        guard case .weight = strength else { throw .badEditStrength }
        let handle = try add(Constraint(terms: [(variable, 1)], constant: 0, relation: .equal, strength: strength))
        edits[variable] = Edit(handle: handle, tag: tags[handle]!, value: 0)
    }

    /// Suggests a value for an edit variable and re-solves incrementally (dual simplex).
    mutating func suggestValue(_ variable: Int, _ value: Double) throws(Failure) {
        guard var edit = edits[variable] else { throw .unknownEditVariable }
        pivots = 0
        let delta = value - edit.value
        edit.value = value
        edits[variable] = edit
        if var row = rows[edit.tag.marker] {
            if row.add(-delta) < 0 { infeasible.append(edit.tag.marker) }
            rows[edit.tag.marker] = row
        } else if let other = edit.tag.other, var row = rows[other] {
            if row.add(delta) < 0 { infeasible.append(other) }
            rows[other] = row
        } else {
            for symbol in holding(edit.tag.marker) {
                let coefficient = rows[symbol]!.coefficient(of: edit.tag.marker)
                guard coefficient != 0 else { continue }
                if rows[symbol]!.add(delta * coefficient) < 0, symbol.kind != .external { infeasible.append(symbol) }
            }
        }
        try dualOptimize()
    }

    // MARK: The simplex

    private mutating func makeRow(_ constraint: Constraint) -> (CassowaryRow, Tag) {
        var row = CassowaryRow(constant: constraint.constant)
        for (variable, coefficient) in constraint.terms where abs(coefficient) >= CassowaryRow.epsilon {
            let symbol = external(variable)
            if let basic = rows[symbol] { row.insert(basic, coefficient) } else { row.insert(symbol, coefficient) }
        }
        var tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = symbol(.slack)
            tag = Tag(marker: slack, other: nil, strength: constraint.strength)
            row.insert(slack, coefficient)
            if case .weight(let weight) = constraint.strength {
                let error = symbol(.error)
                tag.other = error
                row.insert(error, -coefficient)
                objective.insert(error, weight)
            }
        case .equal:
            if case .weight(let weight) = constraint.strength {
                let plus = symbol(.error)
                let minus = symbol(.error)
                tag = Tag(marker: plus, other: minus, strength: constraint.strength)
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, weight)
                objective.insert(minus, weight)
            } else {
                let dummy = symbol(.dummy)
                tag = Tag(marker: dummy, other: nil, strength: .required)
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    private func chooseSubject(_ row: CassowaryRow, _ tag: Tag) -> CassowarySymbol? {
        if let external = row.orderedSymbols.first(where: { $0.kind == .external }) { return external }
        if tag.marker.isPivotable, row.coefficient(of: tag.marker) < 0 { return tag.marker }
        if let other = tag.other, other.isPivotable, row.coefficient(of: other) < 0 { return other }
        return nil
    }

    private mutating func addWithArtificialVariable(_ row: CassowaryRow) throws(Failure) -> Bool {
        let art = symbol(.slack)
        setRow(art, row)
        artificial = row
        try optimize(objective: false)
        let success = abs(artificial!.constant) < CassowaryRow.epsilon
        artificial = nil
        if var basic = takeRow(art) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.orderedSymbols.first(where: { $0.isPivotable }) else { return false }
            basic.solve(art, for: entering)
            substitute(entering, with: basic)
            setRow(entering, basic)
        }
        for key in holding(art) {
            var row = takeRow(key)!
            row.remove(art)
            setRow(key, row)
        }
        objective.remove(art)
        return success
    }

    private mutating func substitute(_ symbol: CassowarySymbol, with row: CassowaryRow) {
        var negative: [CassowarySymbol] = []
        for key in columns[symbol] ?? [] {
            var basic = takeRow(key)!
            basic.substitute(symbol, with: row)
            if key.kind != .external, basic.constant < 0 { negative.append(key) }
            setRow(key, basic)
        }
        infeasible.append(contentsOf: negative.sorted())
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    private mutating func countPivot() throws(Failure) {
        pivots += 1
        totalPivots += 1
        if pivots > pivotLimit { throw .workLimit }
    }

    /// Primal simplex on the objective (or the artificial row while adding one).
    private mutating func optimize(objective useObjective: Bool) throws(Failure) {
        while true {
            let target = useObjective ? objective : artificial!
            var entering: CassowarySymbol?
            for (symbol, coefficient) in target.cells where symbol.kind != .dummy && coefficient < 0 {
                if entering.map({ symbol < $0 }) ?? true { entering = symbol }
            }
            guard let entering else { return }
            var leaving: CassowarySymbol?
            var ratio = Double.greatestFiniteMagnitude
            for key in columns[entering] ?? [] where key.kind != .external {
                let candidateRow = rows[key]!
                let coefficient = candidateRow.coefficient(of: entering)
                guard coefficient < 0 else { continue }
                let candidate = -candidateRow.constant / coefficient
                if candidate < ratio || (candidate == ratio && leaving.map { key < $0 } ?? true) {
                    ratio = candidate
                    leaving = key
                }
            }
            guard let leaving else { throw .unbounded }
            try countPivot()
            var row = takeRow(leaving)!
            row.solve(leaving, for: entering)
            substitute(entering, with: row)
            setRow(entering, row)
        }
    }

    private mutating func dualOptimize() throws(Failure) {
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving], row.constant < 0 else { continue }
            var entering: CassowarySymbol?
            var ratio = Double.greatestFiniteMagnitude
            for symbol in row.orderedSymbols where symbol.kind != .dummy {
                let coefficient = row.coefficient(of: symbol)
                guard coefficient > 0 else { continue }
                let candidate = objective.coefficient(of: symbol) / coefficient
                if candidate < ratio {
                    ratio = candidate
                    entering = symbol
                }
            }
            guard let entering else { throw .unbounded }
            try countPivot()
            var basic = takeRow(leaving)!
            basic.solve(leaving, for: entering)
            substitute(entering, with: basic)
            setRow(entering, basic)
        }
    }

    private mutating func removeMarkerEffects(_ marker: CassowarySymbol, _ strength: Strength) {
        guard case .weight(let weight) = strength else { return }
        if let row = rows[marker] { objective.insert(row, -weight) } else { objective.insert(marker, -weight) }
    }

    private func markerLeavingRow(_ marker: CassowarySymbol) -> CassowarySymbol? {
        var first: CassowarySymbol?
        var second: CassowarySymbol?
        var third: CassowarySymbol?
        var r1 = Double.greatestFiniteMagnitude
        var r2 = Double.greatestFiniteMagnitude
        for key in holding(marker) {
            let row = rows[key]!
            let coefficient = row.coefficient(of: marker)
            if coefficient == 0 { continue }
            if key.kind == .external {
                if third == nil { third = key }
            } else if coefficient < 0 {
                let r = -row.constant / coefficient
                if r < r1 {
                    r1 = r
                    first = key
                }
            } else {
                let r = row.constant / coefficient
                if r < r2 {
                    r2 = r
                    second = key
                }
            }
        }
        return first ?? second ?? third
    }
}
