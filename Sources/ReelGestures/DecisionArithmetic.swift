import Foundation
import ReelTiming

/// A completion decision written out: the rule, where it comes from, the numbers it was given,
/// the value it compared and against what, and the result, as one line people can check by hand.
///
/// ```swift
/// let arithmetic = CompletionPolicy.progressThreshold(0.5).arithmetic(DecisionInput(progress: 0.62, velocity: 40, extent: 400))
/// arithmetic.line  // "progress 0.620 > 0.500 -> finish [progress threshold: ...]"
/// ```
package struct DecisionArithmetic: Sendable, Hashable {
    /// The rule's name: the `CompletionPolicy` case ("uikitBackSwipe"), or "gestureCancelled".
    package var rule: String
    /// Where the rule comes from (the source the engine transcribes).
    package var source: String
    /// The value compared (progress, projected progress, velocity), nil when the rule compares none.
    package var value: Double?
    /// What it is compared against, nil when nothing is.
    package var threshold: Double?
    /// True to finish: always `CompletionPolicy.decide`'s answer for the same input.
    package var finish: Bool
    /// The arithmetic, for example
    /// `p + a T²/2 + v T = 0.850 + (-11.46 × 0.350² / 2) + 0.755 × 0.350 = 0.412 ≤ min(187.5 / 390, 0.5) = 0.481`.
    package var formula: String

    /// The formula, the result and the rule in one line.
    package var line: String { "\(formula) -> \(finish ? "finish" : "cancel") [\(rule): \(source)]" }
}

extension CompletionPolicy {
    /// The arithmetic of `decide(input)`: the same operations in the same order, so `finish` is
    /// always `decide`'s answer.
    package func arithmetic(_ input: DecisionInput) -> DecisionArithmetic {
        arithmetic(input, writingFormula: true)
    }

    /// `arithmetic(input)` without its formula (`formula` is empty): the rule, its source, the
    /// numbers and the result, which is what an archive stores (`StoredDecision`). Writing the
    /// formula formats its numbers with `String(format:)`, about 170,000 instructions a decision:
    /// a tenth of a replay's and a twentieth of a recording's instructions, for text nobody read.
    ///
    /// ```swift
    /// CompletionPolicy.progressThreshold(0.5).decisionRule(input).rule  // "progressThreshold"
    /// ```
    package func decisionRule(_ input: DecisionInput) -> DecisionArithmetic {
        arithmetic(input, writingFormula: false)
    }

    private func arithmetic(_ input: DecisionInput, writingFormula: Bool) -> DecisionArithmetic {
        // The formula is an autoclosure: not written at all when not wanted.
        func result(
            rule: String, source: String, value: Double?, threshold: Double?, finish: Bool, formula: @autoclosure () -> String
        ) -> DecisionArithmetic {
            DecisionArithmetic(
                rule: rule, source: source, value: value, threshold: threshold, finish: finish, formula: writingFormula ? formula() : "")
        }
        let p = input.progress
        let v = input.velocity
        if input.gestureCancelled {
            return result(
                rule: "gestureCancelled", source: "a recognizer that ends in .cancelled cancels its transition (UIKit)",
                value: nil, threshold: nil, finish: false, formula: "the gesture ended cancelled")
        }
        switch self {
        case .progressThreshold(let threshold):
            let finish = p > threshold
            return result(
                rule: "progressThreshold", source: "finish iff progress > threshold (seed 000, onevcat, seed 003, MDTransitioning)",
                value: p, threshold: threshold, finish: finish,
                formula: "progress \(f3(p)) \(finish ? ">" : "≤") \(f3(threshold))")
        case .velocitySign(let includesZero):
            let finish = includesZero ? v >= 0 : v > 0
            return result(
                rule: "velocitySign",
                source: includesZero
                    ? "finish iff velocity >= 0 (the legacy back swipe, D26)" : "finish iff velocity > 0 (SloppySwiper, MDTransitioning)",
                value: v, threshold: 0, finish: finish,
                formula: "velocity \(f1(v)) pt/s \(finish ? (includesZero ? "≥" : ">") : (includesZero ? "<" : "≤")) 0")
        case .projection(let deceleration, let threshold):
            let projected = DecelerationProjection.project(velocity: v, rate: DecelerationRate(rawValue: deceleration))
            let value = p + projected / input.extent
            let finish = value > threshold
            return result(
                rule: "projection", source: "UIScrollView's deceleration projection (v / 1000) d / (1 - d)",
                value: value, threshold: threshold, finish: finish,
                formula: "p + (v / 1000) d / (1 - d) / extent = \(f3(p)) + (\(f1(v)) / 1000) × \(deceleration) / (1 - \(deceleration)) / "
                    + "\(f1(input.extent)) = \(f3(value)) \(finish ? ">" : "≤") \(f3(threshold))")
        case .backSwipe(let distance, let maximumThreshold, let minimumSamples):
            guard input.sampleCount >= minimumSamples else {
                let finish = v > 0
                return result(
                    rule: "backSwipe", source: "UIKit's augmented back-swipe rule, too few samples (D26)", value: v, threshold: 0,
                    finish: finish,
                    formula: "\(input.sampleCount) < \(minimumSamples) samples: velocity \(f1(v)) pt/s \(finish ? ">" : "≤") 0")
            }
            let t = input.transitionDuration
            let predicted = p + input.meanVelocity * t + input.meanAcceleration * t * t / 2
            let threshold = min(distance / input.extent, maximumThreshold)
            let finish = predicted > threshold
            return result(
                rule: "backSwipe", source: "UIKit's augmented back-swipe rule (D26)", value: predicted, threshold: threshold,
                finish: finish,
                formula:
                    "p + v T + a T²/2 = \(f3(p)) + \(f3(input.meanVelocity)) × \(f3(t)) + (\(f2(input.meanAcceleration)) × \(f3(t))² / 2) "
                    + "= \(f3(predicted)) \(finish ? ">" : "≤") min(\(f1(distance)) / \(f1(input.extent)), \(f3(maximumThreshold))) = \(f3(threshold))"
            )
        case .uikitBackSwipe(let distance, let maximumThreshold, let minimumSamples):
            let source = "UIKit popGesture:withRemainingDuration:shouldPopWithVelocity: (D26)"
            guard input.hasChanged else {
                return result(
                    rule: "uikitBackSwipe", source: source, value: nil, threshold: nil, finish: false,
                    formula: "the gesture never reached .changed: no pop")
            }
            guard input.sampleCount >= minimumSamples else {
                let finish = input.meanVelocity > 0
                return result(
                    rule: "uikitBackSwipe", source: source, value: input.meanVelocity, threshold: 0, finish: finish,
                    formula:
                        "\(input.sampleCount) < \(minimumSamples) samples: mean velocity \(f3(input.meanVelocity)) \(finish ? ">" : "≤") 0")
            }
            let t = input.transitionDuration
            let a = input.meanAcceleration
            let predicted = p + a * 0.5 * t * t + input.meanVelocity * t
            let threshold = min(distance / input.extent, maximumThreshold)
            let finish = predicted > threshold
            return result(
                rule: "uikitBackSwipe", source: source, value: predicted, threshold: threshold, finish: finish,
                formula: "p + a T²/2 + v T = \(f3(p)) + (\(f2(a)) × \(f3(t))² / 2) + \(f3(input.meanVelocity)) × \(f3(t)) "
                    + "= \(f3(p)) \(signed(a * 0.5 * t * t)) \(signed(input.meanVelocity * t)) = \(f3(predicted)) \(finish ? ">" : "≤") "
                    + "min(\(f1(distance)) / \(f1(input.extent)), \(f3(maximumThreshold))) = \(f3(threshold))")
        case .thresholdOrFlick(let threshold, let flickVelocity):
            let finish = p > threshold || v >= flickVelocity
            return result(
                rule: "thresholdOrFlick", source: "progress > threshold or velocity >= flick velocity (Touchwonders/Transition)",
                value: p, threshold: threshold, finish: finish,
                formula: "progress \(f3(p)) \(p > threshold ? ">" : "≤") \(f3(threshold)), velocity \(f1(v)) pt/s "
                    + "\(v >= flickVelocity ? "≥" : "<") \(f1(flickVelocity))")
        }
    }
}

private func f1(_ x: Double) -> String { String(format: "%.1f", x) }
private func f2(_ x: Double) -> String { String(format: "%.2f", x) }
private func f3(_ x: Double) -> String { String(format: "%.3f", x) }
/// "+ 0.264" or "- 0.702".
private func signed(_ x: Double) -> String { (x < 0 ? "- " : "+ ") + f3(abs(x)) }
