import ReelTrace

/// A flipped session's release progress as its lists print it (the report's flipped table and
/// tooltips, the Markdown summary): where a side's rule compared the progress itself with a
/// threshold, that side's stored progress (a double, not the event's rounded text) with the sign
/// its rule applied and the threshold, to as many digits as keep the side (`ComparedNumbers`):
/// "0.4496 ≤ 0.4500" (a progress of 0.44957 against 0.45), "recorded 0.470 > 0.450; replayed 0.470 ≤ 0.500".
package enum ComparedProgress {
    /// - Parameters:
    ///   - release: the release progress read from the trace (printed alone when no rule compared the progress).
    ///   - decisions: each side's explained decision, "recorded" then "replayed".
    package static func text(release: Double, decisions: [(side: String, decision: ExplainedDecision)]) -> String {
        let compared = decisions.compactMap { side, decision -> (side: String, progress: Double, threshold: Double)? in
            guard decision.rule != "gestureCancelled", let progress = decision.progress, decision.value == progress,
                let threshold = decision.threshold
            else { return nil }
            return (side, progress, threshold)
        }
        guard let first = compared.first else { return NumberText.fixed(release, .progress) }
        // "finish iff progress > threshold": the sign the rule applied is > or ≤.
        let each = compared.map { side in
            let (p, t) = ComparedNumbers.text(side.progress, side.threshold, decimals: NumberUnit.progress.decimals)
            return (side: side.side, progress: p, rest: "\(side.progress > side.threshold ? ">" : "≤") \(t)")
        }
        if compared.allSatisfy({ $0.progress == first.progress && $0.threshold == first.threshold }) {
            return "\(each[0].progress) \(each[0].rest)"
        }
        return each.map { "\($0.side) \($0.progress) \($0.rest)" }.joined(separator: "; ")
    }
}
