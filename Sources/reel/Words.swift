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
