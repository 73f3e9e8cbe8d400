import Foundation
import ReelReport
import ReelRunner
import ReelTrace

/// A Markdown summary for a pull request or a CI step summary (GitHub's `$GITHUB_STEP_SUMMARY`
/// takes up to 1 MiB per step): at most `listedLimit` sessions are listed and the text stays within
/// `byteLimit` bytes for archive paths up to 1 KiB; what is left out is counted ("and N more")
/// with the command that lists all of it.
struct MarkdownSummary {
    /// Sessions listed at most in one table.
    static let listedLimit = 25
    /// The summary's size at most, in UTF-8 bytes.
    static let byteLimit = 16 * 1024
    /// Characters kept of a text from an archive (scenario names, engine names).
    static let cellLimit = 80

    private(set) var lines: [String] = []

    var text: String { lines.joined(separator: "\n") }
    private var bytes: Int { lines.reduce(0) { $0 + $1.utf8.count + 1 } }

    mutating func add(_ line: String) { lines.append(line) }

    /// A table of `header` (Markdown header and separator lines) and the rows `next()` gives, while
    /// they fit the listed and byte limits with `trailerRoom` bytes left for what follows; then
    /// "and N more: `more`" when fewer than `total` rows were listed.
    mutating func addTable(header: [String], total: Int, more: String, trailerRoom: Int = 1024, next: () throws -> String?) rethrows {
        _ = try addTable(header: header, total: total, more: more, trailerRoom: trailerRoom, detailsRoom: 0) {
            try next().map { ($0, nil) }
        }
    }

    /// A table as above whose rows each come with a detail line that the caller adds after the
    /// table (a collapsed `<details>` block of `detailsRoom` bytes besides the lines): a row is
    /// listed only while it and its detail fit. Returns the listed rows' detail lines.
    mutating func addTable(
        header: [String], total: Int, more: String, trailerRoom: Int = 1024, detailsRoom: Int,
        next: () throws -> (row: String, detail: String?)?
    ) rethrows -> [String] {
        lines += header
        var listed = 0
        var used = bytes + detailsRoom
        var details: [String] = []
        let moreLine = "and \(total) more: " + Self.code(more)
        while listed < Self.listedLimit, let (row, detail) = try next() {
            let size = row.utf8.count + 1 + (detail.map { $0.utf8.count + 1 } ?? 0)
            guard used + size + moreLine.utf8.count + trailerRoom <= Self.byteLimit else { break }
            lines.append(row)
            if let detail { details.append(detail) }
            used += size
            listed += 1
        }
        if listed < total {
            lines.append("")
            lines.append("and \(total - listed) more: " + Self.code(more))
        }
        return details
    }

    /// Text from an archive or a command line as one table cell, shown as the characters it holds
    /// and never as Markdown or HTML: terminal controls escaped (`TerminalText`), at most `limit`
    /// characters, and every character Markdown or HTML could act on written as a character
    /// reference (CommonMark 0.31, "Entity and numeric character references": one is never taken
    /// as syntax), so `[text](url)` is no link, `![](url)` no image, `|` splits no row, and no
    /// `*`, `_`, `~`, backtick or backslash starts emphasis, code or an escape.
    static func cell(_ text: String, limit: Int = cellLimit) -> String {
        var out = ""
        for character in TerminalText.escaped(text, limit: limit) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "[", "]", "(", ")", "!", "`", "|", "*", "_", "~", "\\", "#":
                out += "&#" + String(character.unicodeScalars.first!.value) + ";"
            default: out.append(character)
            }
        }
        return out
    }

    /// A command as inline code that survives any characters in it (HTML `<code>`, escaped).
    static func code(_ command: String) -> String { "<code>" + cell(command, limit: .max) + "</code>" }

    /// A release progress and velocity as two cells, "–" when the archive cannot place the release;
    /// the progress with the threshold each side's rule compared it with (`ComparedProgress`).
    static func releaseCells(
        _ release: (progress: Double, velocity: Double)?, decisions: [(side: String, decision: ExplainedDecision)] = []
    ) -> String {
        guard let release else { return "– | –" }
        return cell(ComparedProgress.text(release: release.progress, decisions: decisions)) + String(format: " | %.0f", release.velocity)
    }
}
