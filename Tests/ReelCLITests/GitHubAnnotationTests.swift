import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 54, item 3: `reel replay --format github` prints one `::error` workflow command per
/// flipped session (at most 10, GitHub's limit of error annotations a step shown), then a
/// `::notice` counting the rest; every value escaped by GitHub's workflow-command rules, so hostile
/// scenario and archive names cannot end a line, start a command or add a property.
@Suite("GitHub annotations")
struct GitHubAnnotationTests {
    static let errorCap = 10

    /// GitHub's escapes undone (`%0D`, `%0A`, `%3A`, `%2C`, then `%25`), as the runner reads them.
    private func unescaped(_ text: Substring) -> String {
        [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")].reduce(String(text)) {
            $0.replacingOccurrences(of: $1.0, with: $1.1)
        }
    }

    /// One workflow command split as the runner splits it: kind, properties, message.
    private func parse(_ line: Substring) throws -> (kind: String, properties: [String: String], message: String) {
        let body = try #require(line.hasPrefix("::") ? line.dropFirst(2) : nil, "\(line)")
        let kindEnd = try #require(body.firstIndex(of: " "), "\(line)")
        let rest = body[body.index(after: kindEnd)...]
        let separator = try #require(rest.range(of: "::"), "\(line)")
        var properties: [String: String] = [:]
        for pair in rest[..<separator.lowerBound].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            try #require(parts.count == 2, "a property without '=' in \(line)")
            properties[String(parts[0])] = unescaped(parts[1])
        }
        return (String(body[..<kindEnd]), properties, unescaped(rest[separator.upperBound...]))
    }

    @Test func oneErrorPerFlipCappedWithHostileNamesEscaped() throws {
        let (folder, recorded, candidate) = try swipeDismissCorpus(count: 120)
        // An archive name and a scenario name holding every character the rules escape, and a
        // workflow command of their own.
        let archive = folder + "/gest:ures,1%0A.sqlite"
        try FileManager.default.moveItem(atPath: recorded, toPath: archive)
        let scenario = "swipe 50%,\r\n::error title=forged::gotcha: a,b"
        try Database.open(archive, mode: .readWrite).execute(
            "UPDATE scenarios SET name = 'swipe 50%,' || char(13, 10) || '::error title=forged::gotcha: a,b'")

        let run = try runReel(["replay", archive, "--engine", candidate, "--format", "github"], in: folder)
        #expect(run.status == 1, "\(run.standardError)")
        let flipped = try { () throws -> [Int64] in
            let rows = try Database.open(archive, mode: .readOnly).prepare(
                "SELECT session_id FROM replay_results WHERE replay_id = 1 AND decision_expected <> decision_actual ORDER BY session_id")
            var ids: [Int64] = []
            while try rows.step() { ids.append(rows.int64(at: 0)) }
            return ids
        }()
        try #require(flipped.count > Self.errorCap, "the corpus must flip more sessions than the cap")

        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::notice ") }, "\(lines)")
        #expect(!run.standardOutput.contains("\r"))
        let commands = try lines.map(parse)
        let errors = commands.filter { $0.kind == "error" }
        #expect(errors.count == Self.errorCap)
        for (error, id) in zip(errors, flipped) {
            #expect(error.properties["title"] == "Reel: session \(id) flipped (\(scenario))")
            #expect(error.properties["file"] == archive)
            #expect(Set(error.properties.keys) == ["title", "file"], "no property added: \(error.properties)")
            let expectedDecisions = try archiveCount(
                archive, "SELECT decision_expected = 'finished' FROM replay_results WHERE replay_id = 1 AND session_id = \(id)")
            let recordedWord = expectedDecisions == 1 ? "finished" : "cancelled"
            let replayedWord = expectedDecisions == 1 ? "cancelled" : "finished"
            #expect(error.message.hasPrefix("recorded \(recordedWord), replayed \(replayedWord)"), "\(error.message)")
            // `:`, `,` and `%` need no quoting in a POSIX shell word; the message keeps them (escaped for GitHub).
            #expect(error.message.hasSuffix("reel show \(archive) \(id) --replay 1"), "\(error.message)")
        }
        let notices = commands.filter { $0.kind == "notice" }
        #expect(notices.count == 1)
        #expect(notices.first?.message.hasPrefix("\(flipped.count - Self.errorCap) more flipped sessions not annotated") == true)
        // No line of the output is the forged command (each starts with reel's own ::error title=Reel).
        #expect(!lines.contains { $0.hasPrefix("::error title=forged") })
    }

    @Test func aPassingReplayAnnotatesNothingAndAFailingOneWithoutFlipsSaysWhy() throws {
        let (folder, archive, _) = try swipeDismissCorpus(count: 12)
        let clean = try runReel(["replay", archive, "--format", "github"], in: folder)
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(clean.standardOutput.isEmpty, "\(clean.standardOutput)")
        // A slower animation: frames and timing diverge, no decision flips; failing under every kind.
        let slower = try profile("\"modal.duration\":0.5", in: folder, name: "slower")
        let run = try runReel(["replay", archive, "--engine", slower, "--format", "github"], in: folder)
        let failing = try archiveCount(archive, "SELECT count(*) FROM replay_results WHERE replay_id = 2 AND status = 'diverged'")
        let flips = try archiveCount(
            archive, "SELECT count(*) FROM replay_results WHERE replay_id = 2 AND decision_expected <> decision_actual")
        try #require(failing > 0 && flips == 0, "\(run.standardError)")
        #expect(run.status == 1)
        let commands = try run.standardOutput.split(separator: "\n").map(parse)
        #expect(commands.count == 1)
        #expect(commands.first?.properties["title"] == "Reel replay 2 fails")
        #expect(commands.first?.message.hasPrefix("\(failing) session") == true, "\(run.standardOutput)")
    }
}
