import Testing

@testable import ReelGestures

/// `CompletionPolicy.decisionRule` (what an archive stores of a decision) is `arithmetic` without
/// the formula text: the same rule, source, value, threshold and result for every policy and
/// every branch of each.
@Suite struct DecisionRuleTests {
    static let policies: [CompletionPolicy] = [
        .progressThreshold(0.5), .velocitySign(includesZero: true), .velocitySign(includesZero: false), .projection(),
        .backSwipe(), .uikitBackSwipe(), .thresholdOrFlick(),
    ]

    static let inputs: [DecisionInput] = [
        DecisionInput(progress: 0.62, velocity: 40, extent: 390),
        DecisionInput(
            progress: 0.2, velocity: -300, extent: 390, meanVelocity: -0.4, meanAcceleration: 2, sampleCount: 2, transitionDuration: 0.35),
        DecisionInput(
            progress: 0.45, velocity: 900, extent: 320, meanVelocity: 0.4, meanAcceleration: -11.5, sampleCount: 5, transitionDuration: 0.35
        ),
        DecisionInput(progress: 0.7, velocity: 1500, extent: 390, gestureCancelled: true),
        DecisionInput(progress: 0.1, velocity: 0, extent: 390, hasChanged: false),
    ]

    @Test(arguments: policies)
    func theRuleIsTheArithmeticWithoutItsFormula(policy: CompletionPolicy) {
        for input in Self.inputs {
            let full = policy.arithmetic(input)
            let rule = policy.decisionRule(input)
            #expect(!full.formula.isEmpty)
            #expect(rule.formula.isEmpty)
            #expect(rule.rule == full.rule && rule.source == full.source && rule.finish == full.finish, "\(policy) \(input)")
            #expect(rule.value == full.value && rule.threshold == full.threshold, "\(policy) \(input)")
            #expect(rule.finish == policy.decide(input), "\(policy) \(input)")
        }
    }
}
