import Foundation
import ReelRunner
import ReelTrace

/// "1 session", "2 sessions", "0 sessions": a count with its noun, singular for one.
/// - Parameter plural: the plural when it is not the noun and an "s" ("1 already recorded").
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}

/// Seconds as people read them: "0.73 s", "12 s", "3 min 5 s".
func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "?" }
    if seconds < 10 { return "\((seconds * 100).rounded() / 100) s" }
    if seconds < 60 { return "\(Int(seconds.rounded())) s" }
    let whole = Int(seconds.rounded())
    return "\(whole / 60) min \(whole % 60) s"
}

/// `text` with every decimal number of more than four fractional digits rounded to four
/// significant ones ("progress is 0.1265 instead of 0.132 at frame 36"): for people; JSON and the
/// archive keep every digit.
func forPeople(_ text: String) -> String {
    var result = ""
    var index = text.startIndex
    while index < text.endIndex {
        guard text[index].isNumber, index == text.startIndex || !text[text.index(before: index)].isLetter else {
            result.append(text[index])
            index = text.index(after: index)
            continue
        }
        var end = index
        while end < text.endIndex, text[end].isNumber || text[end] == "." { end = text.index(after: end) }
        let number = String(text[index..<end])
        if let dot = number.firstIndex(of: "."), number.distance(from: dot, to: number.endIndex) > 5, let value = Double(number) {
            result += rounded(value)
        } else {
            result += number
        }
        index = end
    }
    return result
}

/// A number with four significant digits, without trailing zeros: 0.7333 for 0.7333333333333333.
func rounded(_ value: Double) -> String {
    guard value.isFinite, value != 0 else { return value == 0 ? "0" : "\(value)" }
    let digits = max(0, 3 - Int(log10(abs(value)).rounded(.down)))
    var text = String(format: "%.\(digits)f", value)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text
}
