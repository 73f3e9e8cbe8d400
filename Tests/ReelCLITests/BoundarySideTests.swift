import Foundation
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// Issue 49, item 5: a value printed next to the threshold it was compared with keeps its side.
/// A candidate's `swipe.threshold` is put a millionth above a recorded session's stored progress,
/// so three decimals print both as the same number; the report's flipped table, the Markdown
/// summary's release cell and both decision lines must print numbers that compare as the stored
/// doubles do, with the sign the rule (`finish iff progress > threshold`) applied.
@Suite("Boundary values keep their side")
struct BoundarySideTests {
    /// Every "NUMBER SIGN NUMBER" in `text` whose first number is what the pattern's prefix names.
    private func comparisons(after prefix: String, in text: String) throws -> [(Double, String, Double)] {
        let regex = try NSRegularExpression(pattern: prefix + #"([0-9]+\.[0-9]+) (>|≤|&gt;) ([0-9]+\.[0-9]+)"#)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let group = { (i: Int) in String(text[Range(match.range(at: i), in: text)!]) }
            guard let a = Double(group(1)), let b = Double(group(3)) else { return nil }
            return (a, group(2) == "&gt;" ? ">" : group(2), b)
        }
    }

    @Test func aProgressJustBelowTheCandidatesThresholdIsPrintedBelowIt() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("modal.swipe-dismiss", count: 120, seed: 3, in: folder)
        #expect(try runReel(["record", "a.sqlite", stream], in: folder).status == 0)
        // The finished session released nearest above the recorded threshold, from its stored decision.
        // Read and closed before the replay writes (an open read would hold the archive).
        let (session, progress, recordedThreshold) = try { () throws -> (Int64, Double, Double) in
            let statement = try Database.open(folder + "/a.sqlite", mode: .readOnly).prepare(
                """
                SELECT d.session_id, d.progress, d.threshold FROM decision_rows AS d JOIN decision_rules AS r ON r.id = d.rule_id
                WHERE r.rule = 'progressThreshold' AND d.finish = 1 ORDER BY d.progress LIMIT 1
                """)
            try #require(try statement.step())
            return (statement.int64(at: 0), statement.double(at: 1), statement.double(at: 2))
        }()
        let threshold = progress + 1e-6
        try #require(String(format: "%.3f", progress) == String(format: "%.3f", threshold), "three decimals cannot tell them apart")
        let candidate = try profile("\"swipe.threshold\":\(threshold)", in: folder)

        let markdown = try runReel(["replay", "a.sqlite", "--engine", candidate, "--format", "markdown"], in: folder)
        #expect(markdown.status == 1, "\(markdown.standardError)")
        let row = try #require(markdown.standardOutput.split(separator: "\n").first { $0.hasPrefix("| \(session) |") }.map(String.init))
        let report = try runReel(["report", "a.sqlite", "-o", "r.html"], in: folder)
        #expect(report.status == 0, "\(report.standardError)")
        let html = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
        let tableRow = try #require(html.range(of: "<tr id=\"flip-\(session)\"").map { String(html[$0.lowerBound...].prefix(2000)) })

        // The rule: finish iff progress > threshold; recorded finished, replayed cancelled.
        let expected = [(side: "recorded", sign: ">", threshold: recordedThreshold), (side: "replayed", sign: "≤", threshold: threshold)]
        for (place, text) in [("Markdown release cell", row), ("report's flipped table", tableRow)] {
            for side in expected {
                let found = try comparisons(after: side.side + " ", in: text)
                let (printedProgress, sign, printedThreshold) = try #require(found.first, "\(place): no \(side.side) comparison in \(text)")
                #expect(sign == side.sign, "\(place), \(side.side): \(text)")
                #expect(
                    (printedProgress > printedThreshold) == (progress > side.threshold) && printedProgress != printedThreshold,
                    "\(place), \(side.side): \(printedProgress) \(sign) \(printedThreshold) for \(progress) against \(side.threshold)")
            }
        }
        // The decision lines ("progress P ≤ T"), in the Markdown's collapsed why block and the report's tooltips.
        let why = try #require(
            markdown.standardOutput.split(separator: "\n").first { $0.hasPrefix("- session \(session): ") }.map(String.init))
        for (place, text) in [("Markdown", why), ("report", html)] {
            let lines = try comparisons(after: "progress ", in: text)
            #expect(lines.contains { $0.1 == "≤" && $0.0 < $0.2 }, "\(place): the candidate's line keeps the side")
            #expect(!lines.contains { $0.0 == $0.2 }, "\(place): no comparison prints two equal numbers: \(lines)")
        }
    }

    /// A progress that three decimals print as 0.450 against 0.45 prints below it; equal numbers print equal.
    @Test func theIssuesNumbersKeepTheirSide() {
        let (value, threshold) = ComparedNumbers.text(0.44957, 0.45, decimals: 3)
        #expect(Double(value)! < Double(threshold)!, "\(value) vs \(threshold)")
        #expect(ComparedNumbers.text(0.45, 0.45, decimals: 3) == ("0.450", "0.450"))
        #expect(ComparedNumbers.text(0.25, 0.5, decimals: 3) == ("0.250", "0.500"), "no extra digits when three keep the side")
    }
}
