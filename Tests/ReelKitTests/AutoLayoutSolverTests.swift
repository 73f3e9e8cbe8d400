import Testing

@testable import ReelKit

/// ReelKit's Cassowary solver on systems solved by hand (Badros, Borning and Stuckey 2001: required
/// constraints hold exactly; weighted ones minimise Σ weight × |error|; edits re-solve incrementally).
@Suite @MainActor struct AutoLayoutSolverTests {
    typealias Solver = CassowarySolver

    static func equal(_ terms: [(Int, Double)], _ constant: Double, _ strength: Solver.Strength = .required) -> Solver.Constraint {
        Solver.Constraint(terms: terms.map { ($0.0, $0.1) }, constant: constant, relation: .equal, strength: strength)
    }

    @Test func requiredEqualitiesHoldExactly() throws {
        // x + y = 10, x - y = 2: x = 6, y = 4.
        var solver = Solver()
        _ = try solver.add(Self.equal([(0, 1), (1, 1)], -10))
        _ = try solver.add(Self.equal([(0, 1), (1, -1)], -2))
        #expect(solver.value(of: 0) == 6 && solver.value(of: 1) == 4)
    }

    @Test func theHeavierWeightWinsBetweenConflictingPreferences() throws {
        // x <= 300 required; x == 350 at 250, x == 200 at 750: cost 250|x - 350| + 750|x - 200| is least at x = 200.
        var solver = Solver()
        _ = try solver.add(Solver.Constraint(terms: [(0, 1)], constant: -300, relation: .lessThanOrEqual, strength: .required))
        _ = try solver.add(Self.equal([(0, 1)], -350, .weight(250)))
        _ = try solver.add(Self.equal([(0, 1)], -200, .weight(750)))
        #expect(abs(solver.value(of: 0) - 200) < 1e-9)
    }

    @Test func anUnsatisfiableRequiredConstraintIsRefusedAndTheSolverKeepsItsSolution() throws {
        var solver = Solver()
        _ = try solver.add(Self.equal([(0, 1)], -100))
        #expect(throws: Solver.Failure.unsatisfiable) { _ = try solver.add(Self.equal([(0, 1)], -200)) }
        #expect(solver.value(of: 0) == 100)
    }

    @Test func editVariablesReSolveIncrementallyAndRemovalRestores() throws {
        // right = left + width, width == 100 required, left editable (strong), right <= 390 required.
        var solver = Solver()
        _ = try solver.add(Self.equal([(2, 1), (0, -1), (1, -1)], 0))
        _ = try solver.add(Self.equal([(1, 1)], -100))
        _ = try solver.add(Solver.Constraint(terms: [(2, 1)], constant: -390, relation: .lessThanOrEqual, strength: .required))
        try solver.addEditVariable(0, strength: .weight(999))
        try solver.suggestValue(0, 40)
        #expect(solver.value(of: 0) == 40 && solver.value(of: 2) == 140)
        // 350 + 100 > 390: the required bound holds, left = 290.
        try solver.suggestValue(0, 350)
        #expect(abs(solver.value(of: 0) - 290) < 1e-9 && abs(solver.value(of: 2) - 390) < 1e-9)
        let cap = try solver.add(Solver.Constraint(terms: [(0, 1)], constant: -10, relation: .lessThanOrEqual, strength: .required))
        #expect(abs(solver.value(of: 0) - 10) < 1e-9)
        try solver.remove(cap)
        #expect(abs(solver.value(of: 0) - 290) < 1e-9)
        #expect(throws: Solver.Failure.badEditStrength) { try solver.addEditVariable(1, strength: .required) }
    }

    @Test func theSameSystemGivesTheSameBits() throws {
        func solve() throws -> [UInt64] {
            var solver = Solver()
            for i in 1..<200 {
                _ = try solver.add(Self.equal([(i, 1), (i - 1, -1.0 / 3)], -Double(i) / 7, .weight(Double(i % 7 + 1))))
                _ = try solver.add(
                    Solver.Constraint(terms: [(i, 1)], constant: -Double(i), relation: .lessThanOrEqual, strength: .required))
            }
            return (0..<200).map { solver.value(of: $0).bitPattern }
        }
        #expect(try solve() == solve())
    }

    @Test func workPerOperationIsBounded() throws {
        // With no pivot allowed, the weighted x == 350 against the required x <= 300 needs one: refused.
        var solver = Solver()
        _ = try solver.add(Solver.Constraint(terms: [(0, 1)], constant: -300, relation: .lessThanOrEqual, strength: .required))
        _ = try solver.add(Self.equal([(0, 1)], -200))
        solver.pivotLimit = 0
        #expect(throws: Solver.Failure.workLimit) {
            _ = try solver.add(Self.equal([(1, 1), (0, -1)], -150, .weight(250)))
            _ = try solver.add(Solver.Constraint(terms: [(1, 1)], constant: -300, relation: .lessThanOrEqual, strength: .required))
        }
        var unlimited = Solver()
        _ = try unlimited.add(Solver.Constraint(terms: [(0, 1)], constant: -300, relation: .lessThanOrEqual, strength: .required))
        _ = try unlimited.add(Self.equal([(0, 1)], -200))
        _ = try unlimited.add(Self.equal([(1, 1), (0, -1)], -150, .weight(250)))
        _ = try unlimited.add(Solver.Constraint(terms: [(1, 1)], constant: -300, relation: .lessThanOrEqual, strength: .required))
        // y wants x + 150 = 350 but y <= 300: y = 300.
        #expect(abs(unlimited.value(of: 1) - 300) < 1e-9 && unlimited.totalPivots > 0)
    }
}
