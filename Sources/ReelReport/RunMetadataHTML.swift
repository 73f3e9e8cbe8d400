import Foundation
import ReelStore

/// The report's header line about where a replay ran (`RunMetadata`: commit, branch, pull
/// request, CI run, host, any `--meta`) and how long it took. Every value is escaped; the CI run
/// is a link only when it is an http(s) URL, so a stored `javascript:` text stays text.
///
/// ```swift
/// RunMetadataHTML.paragraph(replay)
/// // <p class="run-meta">commit <code>3f2a…</code> · branch <code>main</code> · … · wall time 12.345 s</p>
/// ```
enum RunMetadataHTML {
    static func paragraph(_ replay: ReportModel.Replay) -> HTMLMarkup {
        var parts: [HTMLMarkup] = []
        let values = replay.metadata?.values ?? [:]
        if let commit = values["commit"] { parts.append("commit <code>\(commit)</code>") }
        if let branch = values["branch"] { parts.append("branch <code>\(branch)</code>") }
        if let pull = values["pull_request"] { parts.append("pull request <b>\(pull)</b>") }
        if let url = values["ci_url"] {
            parts.append(isWebLink(url) ? "CI run <a href=\"\(url)\">\(url)</a>" : "CI run <code>\(url)</code>")
        }
        if let ci = values["ci"] { parts.append("CI <code>\(ci)</code>") }
        if let host = values["host"] { parts.append("host <code>\(host)</code>") }
        if let wall = wallTime(from: replay.startedAt, to: replay.finishedAt) {
            parts.append("wall time \(NumberText.measure(wall, .seconds))")
        }
        let shown: Set<String> = ["commit", "branch", "pull_request", "ci_url", "ci", "host", RunMetadata.recordedArchiveKey]
        for (key, value) in values.sorted(by: { $0.key < $1.key }) where !shown.contains(key) {
            parts.append("\(key) <code>\(value)</code>")
        }
        if let recorded = values[RunMetadata.recordedArchiveKey] {
            parts.append("recorded archive <code>\(recorded)</code>")
        }
        guard !parts.isEmpty else { return .empty }
        return "<p class=\"run-meta\">\(parts.joined(separator: " · "))</p>\n"
    }

    /// An absolute http or https URL without spaces or control characters.
    static func isWebLink(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return false }
        return !text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == " " }
    }

    /// Seconds between two stored ISO-8601 UTC times (`2026-11-26T16:26:22.123Z`); nil when either
    /// is missing or unreadable.
    static func wallTime(from start: String, to end: String?) -> Double? {
        guard let end, let a = date(start), let b = date(end) else { return nil }
        return b.timeIntervalSince(a)
    }

    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
