import Foundation
import ReelEngine
import ReelTestSupport
import Testing

/// Issue 33: `reel show` explains a session's decision in one line: the rule's arithmetic on the
/// inputs the engine gave it (progress, velocity, acceleration where the rule uses it, the
/// projected value, the threshold), the result, and the rule's name and source. For every session
/// of a corpus of each interactive scenario, the printed comparison holds for the printed numbers
/// and its result tells the session's stored outcome.
@Suite("reel show prints the decision arithmetic")
struct ShowDecisionTests {
    /// The last "A op B -> result" of a line: the compared numbers, the operator and the result.
    private func comparison(_ line: String) -> (a: Double, op: String, b: Double, finish: Bool)? {
        guard let arrow = line.range(of: " -> ", options: .backwards) else { return nil }
        let finish = line[arrow.upperBound...].hasPrefix("finish")
        let words = line[..<arrow.lowerBound].split(separator: " ").map(String.init)
        // "... = 0.412 ≤ min(187.5 / 390.0, 0.500) = 0.481" or "progress 0.412 ≤ 0.500" or "velocity 12.0 pt/s ≥ 0".
        guard let op = words.lastIndex(where: { [">", "≤", "≥", "<"].contains($0) }), op >= 1, op + 1 < words.count else { return nil }
        let left = words[op - 1] == "pt/s" ? words[op - 2] : words[op - 1]
        guard let a = Double(left), let b = Double(words.last!) else { return nil }
        return (a, words[op], b, finish)
    }

    @Test func everyInteractiveSessionGetsItsArithmetic() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let interactive = ScenarioCatalog.all.filter { $0.interaction != nil }.map(\.name)
        for name in interactive { _ = try record(try synthesizedStream(name, count: 6, seed: 9, in: folder), into: archive) }
        _ = try record(try synthesizedStream("nav.push", count: 2, seed: 9, in: folder), into: archive)
        let count = try archiveCount(archive, "SELECT count(*) FROM sessions")
        var explained = 0
        var outcomeOf: [String: [Bool: Set<String>]] = [:]
        for id in 1...count {
            let run = try runReel(["show", "a.sqlite", String(id)], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let lines = run.standardOutput.split(separator: "\n").map(String.init)
            let scenario = String(lines[0].split(separator: " ")[2])
            let decision = lines.first { $0.hasPrefix("  decision by ") && $0.contains("(baseline)") }
            guard interactive.contains(scenario) else {
                #expect(decision == nil, "a tap scenario has no completion rule: \(lines)")
                continue
            }
            let line = try #require(decision, "session \(id) of \(scenario): no decision line in \(run.standardOutput)")
            guard line.contains(" -> ") else {
                #expect(line.contains("no completion rule decided"), "\(line)")
                continue
            }
            if scenario.hasPrefix("sheet.detents") || scenario == "sheet.scroll-handoff" {
                // Their release picks a detent by its own rule: the projection and the detent it rests at.
                #expect(line.contains("position + v r / (1 - r) / 1000 = ") && line.contains(": rests at the detent at "), "\(line)")
            } else if scenario.hasPrefix("zoom.dismiss") {
                // Engine 0.7.0 decides a zoom dismissal by _UIDismissInteraction's end rule.
                #expect(line.contains("[zoomEndRule: ") && line.contains("scale "), "\(line)")
            }
            explained += 1
            #expect(line.contains(" [") && line.hasSuffix(")]"), "the rule and its source: \(line)")
            let outcome = lines.first { $0.contains("  outcome  ") } ?? ""
            let finished = outcome.contains("finished")
            if let (a, op, b, finish) = comparison(line) {
                // The printed comparison holds for the printed numbers (equal at the printed precision is allowed).
                switch op {
                case ">": #expect(a >= b, "\(line)")
                case "≤": #expect(a <= b, "\(line)")
                case "≥": #expect(a >= b, "\(line)")
                default: #expect(a <= b, "\(line)")
                }
                outcomeOf[scenario, default: [:]][finish, default: []].insert(finished ? "finished" : "cancelled")
            }
            // The back-swipe projection recomputed from its printed inputs: p + a T²/2 + v T.
            if line.contains("p + a T²/2 + v T = ") {
                let numbers = line.split(separator: "=")[1].split(whereSeparator: { " +()×²/".contains($0) }).compactMap { Double($0) }
                // p, a, T, 2, v, T
                if numbers.count >= 6 {
                    let (p, a, t, v) = (numbers[0], numbers[1], numbers[2], numbers[4])
                    let predicted = try #require(comparison(line)).a
                    #expect(abs(p + a * t * t / 2 + v * t - predicted) < 0.01, "\(line)")
                }
            }
        }
        #expect(explained >= interactive.count, "most interactive sessions reach their rule")
        // The rule's result tells the outcome: one outcome per result in each scenario.
        for (scenario, byResult) in outcomeOf {
            for (finish, outcomes) in byResult { #expect(outcomes.count == 1, "\(scenario): rule finish=\(finish) ended \(outcomes)") }
        }
    }

    /// The swipe dismissal's rule (seed 000): finish iff translation.y / extent > threshold; the
    /// candidate lowers the threshold from 0.5 to 0.3, so each flipped session's line of the
    /// collapsed "why" block says "progress P ≤ 0.500 -> cancel" for the recorded side and
    /// "progress P > 0.300 -> finish" for the replayed one, with the same P, which lies between the
    /// two thresholds; one line per listed row.
    @Test func theMarkdownSummaryExplainsEachFlipOneLinePerSide() throws {
        let (folder, _, candidate) = try swipeDismissCorpus(count: 60)
        let run = try runReel(["replay", "a.sqlite", "--engine", candidate, "--format", "markdown"], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let tableRows = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("modal.swipe-dismiss") }
        let rows = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("- session ") }
        #expect(!rows.isEmpty && rows.count == tableRows.count)
        for row in rows {
            let text = String(row)
            guard let recorded = text.range(of: "recorded: pan.ended: progress "),
                let replayed = text.range(of: "replayed: pan.ended: progress ")
            else {
                Issue.record("no decision lines in \(text)")
                continue
            }
            let p1 = Double(text[recorded.upperBound...].prefix { $0 != " " })
            let p2 = Double(text[replayed.upperBound...].prefix { $0 != " " })
            #expect(p1 != nil && p1 == p2, "\(text)")
            if let p = p1 { #expect(p >= 0.3 && p <= 0.5, "\(text)") }
            #expect(text.contains("≤ 0.500 -&gt; cancel") && text.contains("&gt; 0.300 -&gt; finish"), "\(text)")
        }

        // The report's player of a flipped session shows both lines too.
        let flipped = try #require(tableRows.first.flatMap { Int64($0.dropFirst(2).prefix { $0 != " " }) })
        let page = try runReel(["report", "a.sqlite", "--session", String(flipped), "-o", "s.html"], in: folder)
        #expect(page.status == 0, "\(page.standardError)")
        let html = try String(contentsOfFile: folder + "/s.html", encoding: .utf8)
        let paragraph = try #require(html.range(of: "<p class=\"decision\">recorded: pan.ended: progress "), "\(html.prefix(2000))")
        let rest = html[paragraph.upperBound...].prefix { $0 != "\n" }
        #expect(rest.contains("≤ 0.500 -&gt; cancel") && rest.contains("<br/>replayed: pan.ended: progress "), "\(rest)")

        // The whole report's decision map gives both lines on hover (the point's SVG title).
        #expect(try runReel(["report", "a.sqlite", "-o", "r.html"], in: folder).status == 0)
        let report = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
        let point = try #require(report.range(of: "data-session=\"\(flipped)\"><title>session \(flipped): "))
        let title = report[point.upperBound...].prefix { $0 != "<" }
        #expect(title.contains("\nrecorded: pan.ended: progress ") && title.contains("\nreplayed: pan.ended: progress "), "\(title)")
    }
}
