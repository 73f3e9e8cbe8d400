import Foundation

/// One engine's completion decision of a session as an archive stores it (schema v9, view
/// `decisions`): the rule and its source, the recognizer's final state, the numbers the rule was
/// given, the value it compared against its threshold, and the result. The built-in engine makes
/// one for every session whose interaction controller's rule decided; an `exec:` engine may send
/// one as `outcome.decision` (docs/PROTOCOL.md).
///
/// ```swift
/// let decision = StoredDecision(
///     rule: "progressThreshold", source: "finish iff progress > threshold", recognizerState: "pan.ended",
///     finish: false, progress: 0.42, value: 0.42, threshold: 0.5)
/// decision.line  // "pan.ended: progress 0.420 ≤ 0.500 -> cancel [progressThreshold: finish iff progress > threshold]"
/// ```
package struct StoredDecision: Sendable, Hashable {
    /// The rule's name ("uikitBackSwipe", "progressThreshold", "gestureCancelled", or an exec engine's own).
    package var rule: String
    /// Where the rule comes from.
    package var source: String
    /// The recognizer's final state as its last gesture event names it ("pan.ended"); "" when none reported one.
    package var recognizerState: String
    /// True to finish the transition.
    package var finish: Bool
    /// The transition's progress the rule was given.
    package var progress: Double?
    /// The velocity the rule used (pt/s, or progress per second for the back-swipe projection).
    package var velocity: Double?
    /// The acceleration the rule used (progress per second²), only where it uses one.
    package var acceleration: Double?
    /// The time the rule projects over (seconds), only where it projects.
    package var horizon: Double?
    /// The value compared (progress, projected progress, velocity); nil when the rule compares none.
    package var value: Double?
    /// What `value` is compared against.
    package var threshold: Double?
    /// A second threshold, on the velocity, for rules that also finish on a flick.
    package var velocityThreshold: Double?
    /// The gesture's scale, for rules that also decide on it (a zoom pinch), and its threshold.
    package var scale: Double?
    package var scaleThreshold: Double?

    package init(
        rule: String, source: String, recognizerState: String, finish: Bool, progress: Double? = nil, velocity: Double? = nil,
        acceleration: Double? = nil, horizon: Double? = nil, value: Double? = nil, threshold: Double? = nil,
        velocityThreshold: Double? = nil, scale: Double? = nil, scaleThreshold: Double? = nil
    ) {
        self.rule = rule
        self.source = source
        self.recognizerState = recognizerState
        self.finish = finish
        self.progress = progress
        self.velocity = velocity
        self.acceleration = acceleration
        self.horizon = horizon
        self.value = value
        self.threshold = threshold
        self.velocityThreshold = velocityThreshold
        self.scale = scale
        self.scaleThreshold = scaleThreshold
    }

    /// The recognizer's state, the arithmetic on the stored numbers, the result and the rule in one line.
    package var line: String {
        (recognizerState.isEmpty ? "" : recognizerState + ": ") + formula + " -> " + (finish ? "finish" : "cancel")
            + " [\(rule): \(source)]"
    }

    /// The arithmetic written from the stored numbers. Each comparison sign is the true relation
    /// of the two numbers, whatever the rule decided.
    package var formula: String {
        let compared = comparison
        if rule == "gestureCancelled" {
            return compared.map { "the recognizer ended cancelled (the rule's last check, while the finger moved: \($0))" }
                ?? "the gesture ended cancelled"
        }
        return compared ?? (rule == "uikitBackSwipe" ? "the gesture never reached .changed: no pop" : "no value compared")
    }

    /// "p + a T²/2 + v T = ... = 0.412 ≤ 0.481", "progress 0.620 > 0.500", "velocity 12.0 pt/s > 0".
    private var comparison: String? {
        guard let value, let threshold else { return nil }
        let sign = value > threshold ? ">" : "≤"
        if let scale, let scaleThreshold {
            // The zoom end rule: a scale below its threshold dismisses before anything else is looked at.
            let (s, st) = ComparedNumbers.text(scale, scaleThreshold, decimals: 3)
            let scaleText = "scale \(s) \(scale < scaleThreshold ? "<" : "≥") \(st)"
            if scale < scaleThreshold { return scaleText }
            let rest = StoredDecision(
                rule: rule, source: source, recognizerState: "", finish: finish, progress: progress, velocity: velocity,
                horizon: horizon, value: value, threshold: threshold
            ).comparison
            return scaleText + (rest.map { ", " + $0 } ?? "")
        }
        // The compared pair, with as many digits as keep their order (`ComparedNumbers`).
        let (v1, t1) = ComparedNumbers.text(value, threshold, decimals: 1)
        let (v3, t3) = ComparedNumbers.text(value, threshold, decimals: 3)
        if acceleration == nil, let p = progress, let k = horizon, let v = velocity {
            // A linear projection: where the position is headed, k seconds of the velocity on.
            let projection = "\(f1(p)) + \(f3(k)) × \(f1(v)) = \(v1)"
            if rule == "sheetDetentRelease" {
                return "position + v r / (1 - r) / 1000 = \(projection): rests at the detent at \(t1)"
            }
            return "translation + \(f3(k)) × velocity = \(projection) \(sign) \(t1)"
        }
        if let p = progress, let a = acceleration, let t = horizon, let v = velocity {
            return "p + a T²/2 + v T = \(f3(p)) + (\(f2(a)) × \(f3(t))² / 2) + \(f3(v)) × \(f3(t)) "
                + "= \(f3(p)) \(signed(a * 0.5 * t * t)) \(signed(v * t)) = \(v3) \(sign) \(t3)"
        }
        if let flick = velocityThreshold, let v = velocity {
            let (vt, ft) = ComparedNumbers.text(v, flick, decimals: 1)
            return "progress \(v3) \(sign) \(t3), velocity \(vt) pt/s \(v >= flick ? "≥" : "<") \(ft)"
        }
        if let v = velocity, v == value, progress == nil || progress != value {
            if rule == "uikitBackSwipe" { return "too few samples: mean velocity \(v3) \(sign) \(threshold == 0 ? "0" : t3)" }
            return (rule == "backSwipe" ? "too few samples: " : "") + "velocity \(v1) pt/s \(sign) \(threshold == 0 ? "0" : t1)"
        }
        if let p = progress, p != value, let v = velocity {
            return "p + projected distance / extent = \(f3(p)) + (\(f1(v)) pt/s projected) = \(v3) \(sign) \(t3)"
        }
        return "progress \(v3) \(sign) \(t3)"
    }
}

private func f1(_ x: Double) -> String { String(format: "%.1f", x) }
private func f2(_ x: Double) -> String { String(format: "%.2f", x) }
private func f3(_ x: Double) -> String { String(format: "%.3f", x) }
/// "+ 0.264" or "- 0.702".
private func signed(_ x: Double) -> String { (x < 0 ? "- " : "+ ") + f3(abs(x)) }
