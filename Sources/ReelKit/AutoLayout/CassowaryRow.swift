/// A symbol of the Cassowary tableau (Badros, Borning and Stuckey 2001, section 2): an external
/// variable the caller names, a slack of an inequality, an error variable of a non-required
/// constraint, or a dummy marking a required equality. Ids grow in creation order, so choosing the
/// lowest id among candidates (Bland's rule) makes every pivot, and so every result, deterministic.
struct CassowarySymbol: Hashable, Comparable, Sendable {
    enum Kind: Sendable { case external, slack, error, dummy }
    let id: Int
    let kind: Kind

    static func < (a: CassowarySymbol, b: CassowarySymbol) -> Bool { a.id < b.id }
    // The id alone identifies a symbol (its kind is fixed when it is made).
    static func == (a: CassowarySymbol, b: CassowarySymbol) -> Bool { a.id == b.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Whether the simplex may pivot on it (dummies stay at zero).
    var isPivotable: Bool { kind == .slack || kind == .error }
}

/// One row of the tableau: `basic = constant + Σ coefficient × symbol`.
struct CassowaryRow: Sendable {
    static let epsilon = 1.0e-8

    var constant: Double
    var cells: [CassowarySymbol: Double] = [:]

    init(constant: Double = 0) { self.constant = constant }

    /// The cells' symbols in id order (the order every choice among them is made in).
    var orderedSymbols: [CassowarySymbol] { cells.keys.sorted() }

    func coefficient(of symbol: CassowarySymbol) -> Double { cells[symbol] ?? 0 }

    mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    mutating func insert(_ symbol: CassowarySymbol, _ coefficient: Double = 1) {
        let value = (cells[symbol] ?? 0) + coefficient
        if abs(value) < Self.epsilon { cells[symbol] = nil } else { cells[symbol] = value }
    }

    mutating func insert(_ row: CassowaryRow, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        for (symbol, value) in row.cells { insert(symbol, value * coefficient) }
    }

    mutating func remove(_ symbol: CassowarySymbol) { cells[symbol] = nil }

    mutating func reverseSign() {
        constant = -constant
        for key in cells.keys { cells[key] = -cells[key]! }
    }

    /// Solves `0 = row` for `symbol` (which must be in the row).
    mutating func solve(for symbol: CassowarySymbol) {
        let coefficient = -1 / cells[symbol]!
        cells[symbol] = nil
        constant *= coefficient
        for key in cells.keys { cells[key]! *= coefficient }
    }

    /// Solves `lhs = row` for `rhs`.
    mutating func solve(_ lhs: CassowarySymbol, for rhs: CassowarySymbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row`'s expression.
    mutating func substitute(_ symbol: CassowarySymbol, with row: CassowaryRow) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        insert(row, coefficient)
    }

    var allDummies: Bool { cells.keys.allSatisfy { $0.kind == .dummy } }
}
