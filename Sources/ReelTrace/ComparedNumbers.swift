import Foundation

/// Two numbers a rule compared, printed so the text keeps their order: each to `decimals` places,
/// or to as many more as it takes for the printed numbers to compare as the numbers do (a release
/// progress of 0.44957 against a threshold of 0.45 prints "0.4496" and "0.4500", never "0.450" and
/// "0.450"). Equal numbers print equal.
///
/// ```swift
/// ComparedNumbers.text(0.44957, 0.45, decimals: 3)  // ("0.4496", "0.4500")
/// ComparedNumbers.sign(0.44957, 0.45)               // "<"
/// ```
package enum ComparedNumbers {
    /// The pair's texts: `decimals` places at least, up to 17 (where every double prints apart).
    package static func text(_ value: Double, _ threshold: Double, decimals: Int) -> (value: String, threshold: String) {
        var places = max(decimals, 0)
        while true {
            let texts = (fixed(value, places), fixed(threshold, places))
            guard places < 17, let printedValue = Double(texts.0), let printedThreshold = Double(texts.1) else { return texts }
            if order(printedValue, printedThreshold) == order(value, threshold) { return texts }
            places += 1
        }
    }

    /// "value sign threshold" with `text`'s digits and the sign that holds: `>`, `<` or `=`.
    package static func comparison(_ value: Double, _ threshold: Double, decimals: Int) -> String {
        let (a, b) = text(value, threshold, decimals: decimals)
        return "\(a) \(sign(value, threshold)) \(b)"
    }

    /// The relation that holds between the two numbers: ">", "<" or "=" ("?" when one is NaN).
    package static func sign(_ value: Double, _ threshold: Double) -> String {
        value > threshold ? ">" : value < threshold ? "<" : value == threshold ? "=" : "?"
    }

    private static func order(_ a: Double, _ b: Double) -> Int { a < b ? -1 : a > b ? 1 : 0 }

    private static func fixed(_ value: Double, _ places: Int) -> String {
        guard value.isFinite else { return String(value) }
        let text = String(format: "%.\(places)f", value)
        // Negative zero prints as 0.
        return Double(text) == 0 ? String(format: "%.\(places)f", 0.0) : text
    }
}
