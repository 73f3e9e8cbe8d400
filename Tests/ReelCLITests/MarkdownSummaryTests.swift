import Foundation
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// `--format markdown` of replay, merge and compare: the counts of the replay's rows, the flipped
/// sessions, and a size a CI step summary takes.
@Suite("Markdown summaries")
struct MarkdownSummaryTests {
    /// The documented caps (docs/CI.md): 25 listed sessions, 16 KiB.
    static let listedCap = 25
    static let byteCap = 16 * 1024

    /// Table rows of the Markdown text that start with "| " followed by a session id.
    private func sessionRows(_ text: String) -> [Int64] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| ") else { return nil }
            return Int64(line.dropFirst(2).prefix { $0 != " " })
        }
    }

    @Test func replaySummaryCountsTheRowsAndStaysUnderTheCap() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 200)
        let run = try runReel(["replay", archive, "--engine", candidate, "--fail-on", "decision", "--format", "markdown"], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let text = run.standardOutput
        #expect(text.utf8.count <= Self.byteCap)

        let store = try Archive.open(archive, mode: .readOnly)
        let rows = try store.replayResults(replayID: 1)
        let diverged = rows.filter { $0.status == .diverged }.count
        let matched = rows.filter { $0.status == .matched }.count
        #expect(text.contains("200 sessions: \(matched) matched, \(diverged) diverged, 0 errors."), "\(text)")
        for kind in DivergenceKind.allCases {
            let sessions = rows.filter { $0.kinds.contains(kind) }.count
            guard sessions > 0 else { continue }
            let divergences = try store.divergences(replayID: 1).filter { $0.kind == kind }.count
            let fails = kind == .decision ? "**yes**" : "no"
            #expect(text.contains("| \(kind.rawValue) | \(sessions) | \(divergences) | \(fails) |"), "\(kind)")
        }

        let flipped = rows.filter { $0.decisionActual != nil && $0.decisionExpected != $0.decisionActual }.map(\.sessionID)
        try #require(flipped.count > Self.listedCap, "the corpus must flip more sessions than the cap")
        #expect(text.contains("### \(flipped.count) flipped sessions"))
        // At most the cap, fewer when the byte budget ends the list first (each row's escaped cells
        // and both engines' arithmetic take room); the rest are counted.
        let listed = sessionRows(text)
        #expect(!listed.isEmpty && listed.count <= Self.listedCap)
        #expect(listed == Array(flipped.prefix(listed.count)))
        #expect(text.contains("and \(flipped.count - listed.count) more: "))
        #expect(text.contains("<code>reel show \(archive) \(flipped[0]) --replay 1</code>"))
        // Each listed session's release progress is a number (the recorded archive has its touches),
        // followed by the threshold each side's rule compared it with when the rule compared the progress.
        let firstRow = try #require(text.split(separator: "\n").first { $0.hasPrefix("| \(flipped[0]) |") })
        let cells = firstRow.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let progress = cells[4].split(separator: " ").first { Double($0) != nil }
        #expect(progress != nil && Double(cells[5]) != nil, "\(firstRow)")
        // One line a flip: its row holds the decisions and the command, no line break; the why of
        // each listed flip is one line of the collapsed block after the table, in the rows' order.
        let flipRows = text.split(separator: "\n").filter { line in listed.contains { line.hasPrefix("| \($0) |") } }
        #expect(flipRows.count == listed.count && flipRows.allSatisfy { !$0.contains("<br>") && $0.hasSuffix("</code> |") })
        #expect(cells[6].hasPrefix("<code>reel show "), "\(firstRow)")
        let details = try #require(text.range(of: "<details><summary>"), "a collapsed why block")
        #expect(text.range(of: "</details>")?.lowerBound ?? text.startIndex > details.lowerBound)
        #expect(text[..<details.lowerBound].contains("| \(listed.last!) |"), "the block comes after the table")
        let whyLines = text[details.lowerBound...].split(separator: "\n").filter { $0.hasPrefix("- session ") }
        #expect(whyLines.map { Int64($0.dropFirst("- session ".count).prefix { $0 != ":" }) } == listed.map(Optional.some))
        #expect(whyLines.allSatisfy { $0.contains(": recorded: ") && $0.contains("; replayed: ") })
        // The first screen: the heading, the counts, the kinds table and the flip rows come before
        // any arithmetic (the block starts after the last row).
        let firstFlip = try #require(text.range(of: "| \(flipped[0]) |"))
        #expect(firstFlip.lowerBound < details.lowerBound)
    }

    @Test func compareSummaryCountsTheChangesAndStaysUnderTheCap() throws {
        let (folder, archive, lower) = try swipeDismissCorpus(count: 60)
        #expect(try runReel(["replay", archive], in: folder).status == 0)
        #expect(try runReel(["replay", archive, "--engine", lower], in: folder).status == 1)
        let run = try runReel(["compare", archive, "1", "2", "--format", "markdown"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.utf8.count <= Self.byteCap)
        // Replay 1 matched everything, so every session that diverges in replay 2 changed.
        let store = try Archive.open(archive, mode: .readOnly)
        let later = try store.replayResults(replayID: 2)
        let flips = later.filter { $0.decisionActual != nil && $0.decisionExpected != $0.decisionActual }
        let divergedOnly = later.filter { $0.status == .diverged }.count - flips.count
        try #require(!flips.isEmpty)
        #expect(run.standardOutput.contains("| new flips | \(flips.count) |"))
        #expect(run.standardOutput.contains("| newly diverged | \(divergedOnly) |"))
        #expect(run.standardOutput.contains("| fixed flips | 0 |"))
        let changed = later.filter { $0.status != .matched }.map(\.sessionID)
        #expect(sessionRows(run.standardOutput) == Array(changed.prefix(Self.listedCap)))
        // A flipped session's release point is placed (the recorded archive holds its touches).
        let flipRow = try #require(run.standardOutput.split(separator: "\n").first { $0.hasPrefix("| \(flips[0].sessionID) |") })
        let cells = flipRow.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Double(cells[5]) != nil && Double(cells[6]) != nil, "\(flipRow)")
    }

    @Test func mergedSummaryWithoutTheRecordedArchiveSaysWhyReleasesAreMissing() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        for index in 1...2 {
            _ = try runReel(
                ["replay", archive, "--engine", candidate, "--shard", "\(index)/2", "--results", "s\(index).sqlite"], in: folder)
        }
        let merged = try runReel(["merge", "s1.sqlite", "s2.sqlite", "-o", "m.sqlite", "--format", "markdown"], in: folder)
        #expect(merged.status == 1)
        #expect(merged.standardOutput.contains("Release points and `reel show` need the recorded archive"))
        #expect(merged.standardOutput.contains("<code>reel show ARCHIVE "))
        let withRecorded = try runReel(
            ["merge", "s1.sqlite", "s2.sqlite", "-o", "m.sqlite", "--force", "--format", "markdown", "--recorded", archive], in: folder)
        #expect(!withRecorded.standardOutput.contains("Release points and"))
        #expect(withRecorded.standardOutput.contains("<code>reel show \(archive) "))
    }

    @Test func markdownSummaryIsAppendedToAFileNextToJUnit() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        let summary = folder + "/summary.md"
        try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: summary))
        let run = try runReel(
            ["replay", archive, "--engine", candidate, "--format", "junit", "--markdown-summary", summary], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("<?xml"))
        let markdown = try runReel(["replay", archive, "--engine", candidate, "--format", "markdown"], in: folder)
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        // What was there stays; the summary is the one --format markdown prints (of replay 1, not 2).
        #expect(written.hasPrefix("earlier step\n## Reel replay 1 "))
        let sameForReplay1 = markdown.standardOutput.replacingOccurrences(of: "replay 2", with: "replay 1")
            .replacingOccurrences(of: "replay=2", with: "replay=1")
        // But for the "Ran:" line of each replay's own start and end (issue 36).
        let withoutRan = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("Ran: ") }
        }
        #expect(written.contains("\nRan: started ") && markdown.standardOutput.contains("\nRan: started "))
        #expect(withoutRan(String(written.dropFirst("earlier step\n".count))) == withoutRan(sameForReplay1))

        // A summary file in a missing folder is refused before anything is replayed.
        let missing = try runReel(["replay", archive, "--markdown-summary", folder + "/no/such/summary.md"], in: folder)
        #expect(missing.status == 66)
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == 2)
    }

    /// A scenario name from elsewhere cannot break a table row or inject markup.
    @Test func archiveTextIsEscapedInTableCells() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        #expect(try runReel(["replay", archive], in: folder).status == 0)
        #expect(try runReel(["replay", archive, "--engine", candidate], in: folder).status == 1)
        try Database.open(archive, mode: .readWrite).execute("UPDATE scenarios SET name = 'a|b' || char(10) || '<img>'")
        let run = try runReel(["compare", archive, "--format", "markdown"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let rows = run.standardOutput.split(separator: "\n").filter { sessionRows(String($0)).count == 1 }
        try #require(!rows.isEmpty)
        for row in rows {
            #expect(row.contains("| a&#124;b&#92;u{a}&lt;img&gt; |"), "\(row)")
            #expect(row.filter { $0 == "|" }.count == 9, "\(row)")
        }
    }
}
