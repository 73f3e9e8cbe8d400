import ReelTrace

/// One decision a completion policy took: the policy, what it was given, and what it decided.
///
/// ```swift
/// let record = DecisionRecord(policy: .progressThreshold(0.5), input: input, finish: true)
/// record.arithmetic.line  // "progress 0.62 > 0.5 -> finish (percent threshold, ...)"
/// ```
package struct DecisionRecord: Sendable, Hashable {
    package var policy: CompletionPolicy
    package var input: DecisionInput
    /// What `policy.decide(input)` returned: true to finish.
    package var finish: Bool

    package init(policy: CompletionPolicy, input: DecisionInput, finish: Bool) {
        self.policy = policy
        self.input = input
        self.finish = finish
    }

    /// The decision's arithmetic, rule and source (`CompletionPolicy.arithmetic`).
    package var arithmetic: DecisionArithmetic { policy.arithmetic(input) }

    /// The decision's rule, source and numbers without the formula text (`CompletionPolicy.decisionRule`).
    package var rule: DecisionArithmetic { policy.decisionRule(input) }
}

/// Collects the decisions completion policies take while it is the current tap: what explains a
/// session's outcome (`reel show`), without changing how the engine decides. No tap is current
/// unless a caller sets one with `DecisionTap.collecting`, and then only on its own thread.
///
/// ```swift
/// let (trace, decisions) = try DecisionTap.collecting { try engine.run(...) }
/// ```
package final class DecisionTap: @unchecked Sendable {
    /// Only the thread that set the tap appends (task-local values are per thread outside tasks).
    package private(set) var records: [DecisionRecord] = []
    /// Decisions of rules that are not completion policies (a sheet's resting detent, the zoom
    /// end rule), written out by their owners, each with the number of `records` taken before it.
    package private(set) var ruleDecisions: [(recordsBefore: Int, decision: StoredDecision)] = []

    @TaskLocal static var current: DecisionTap?

    /// Runs `body` with a new tap current and returns its result with the decisions taken meanwhile.
    package static func collecting<Result>(_ body: () throws -> Result) rethrows -> (Result, [DecisionRecord]) {
        let tap = DecisionTap()
        let result = try $current.withValue(tap) { try body() }
        return (result, tap.records)
    }

    /// Runs `body` with a new tap current and returns its result with the tap.
    package static func tapping<Result>(_ body: () throws -> Result) rethrows -> (Result, DecisionTap) {
        let tap = DecisionTap()
        let result = try $current.withValue(tap) { try body() }
        return (result, tap)
    }

    /// Notes the decision of a rule that is not a completion policy on the current tap, if there is one.
    package static func note(_ decision: @autoclosure () -> StoredDecision) {
        guard let tap = current else { return }
        tap.ruleDecisions.append((tap.records.count, decision()))
    }

    /// Notes a decision on the current tap, if there is one.
    static func note(_ policy: CompletionPolicy, _ input: DecisionInput, _ finish: Bool) {
        current?.records.append(DecisionRecord(policy: policy, input: input, finish: finish))
    }
}
