import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 33: `reel review` walks a replay's flips, then its other divergences, with both engines'
/// decision arithmetic, and applies a decisions file as the equivalent `reel accept` commands do.
@Suite("reel review")
struct ReviewCommandTests {
    /// The flipped and the other diverged sessions of replay 1, from `replay_results`.
    private func diverged(in archive: String) throws -> (flips: [Int64], others: [Int64]) {
        let rows = try verdicts(of: 1, in: archive).filter { $0.status == "diverged" }
        let flips = rows.filter { $0.expected != nil && $0.actual != nil && $0.expected != $0.actual }.map(\.session)
        return (flips, rows.map(\.session).filter { !flips.contains($0) })
    }

    @Test func aDecisionsFileGivesTheArchiveTheEquivalentAcceptGives() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 60)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        let (flips, _) = try diverged(in: archive)
        try #require(flips.count >= 3)
        _ = try archiveFileHash(archive)  // checkpointed: the file alone is the archive
        try FileManager.default.copyItem(atPath: archive, toPath: folder + "/b.sqlite")

        // The walk: every flip listed, with both sides' arithmetic, and nothing written.
        let before = try archiveFileHash(archive)
        let walk = try runReel(["review", "a.sqlite", "--replay", "1"], in: folder)
        #expect(walk.status == 0, "\(walk.standardError)")
        #expect(walk.standardOutput.hasPrefix("== flips of modal.swipe-dismiss\n"), "\(walk.standardOutput)")
        for id in flips { #expect(walk.standardOutput.contains("session \(id)  flipped: recorded ")) }
        #expect(walk.standardOutput.contains("  recorded: pan.ended: progress "))
        #expect(walk.standardOutput.contains("  replayed: pan.ended: progress "))
        #expect(try archiveFileHash(archive) == before)

        let file = folder + "/d.txt"
        let text = "# review of replay 1\n\(flips[0]) accept\n\(flips[1]) reject  # keep the old decision\n\(flips[2]) ACCEPT\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let review = try runReel(["review", "a.sqlite", "--replay", "1", "--decisions", "d.txt"], in: folder)
        #expect(review.status == 0, "\(review.standardError)")
        #expect(review.standardOutput.contains("accepted 2 sessions"), "\(review.standardOutput)")
        #expect(review.standardOutput.contains("rejected 1, skipped 0"), "\(review.standardOutput)")

        let accept = try runReel(
            ["accept", "b.sqlite", "--replay", "1", "--session", String(flips[2]), "--session", String(flips[0])], in: folder)
        #expect(accept.status == 0, "\(accept.standardError)")
        // Table by table, row by row (the times of writing left out); the review also remembers its
        // reject, which `reel accept` has no word for.
        var reviewed = try archiveDump(archive)
        var accepted = try archiveDump(folder + "/b.sqlite")
        #expect(
            reviewed.removeValue(forKey: "review_rejects")?.map { $0.split(separator: "|").prefix(2).joined(separator: "|") } == [
                "1|\(flips[1])"
            ])
        #expect(accepted.removeValue(forKey: "review_rejects") == [])
        #expect(reviewed.keys.sorted() == accepted.keys.sorted())
        for table in reviewed.keys.sorted() { #expect(reviewed[table] == accepted[table], "table \(table)") }
        #expect(try archiveCount(archive, "SELECT count(*) FROM baseline_history") == 2)
    }

    /// `--interactive`: one answer per line of standard input, in the list's order (flips first);
    /// an unknown answer is asked again, `o` writes the session's report page and names it, the end
    /// of input stops; the archive then equals the one a decisions file with the same answers gives.
    @Test func interactiveAnswersGiveTheArchiveTheDecisionsFileGives() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 60)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        let (flips, _) = try diverged(in: archive)
        try #require(flips.count >= 3)
        _ = try archiveFileHash(archive)
        try FileManager.default.copyItem(atPath: archive, toPath: folder + "/b.sqlite")

        // The list starts with the flips in session order (the walk above); answer the first three.
        let answers = folder + "/answers.txt"
        try Data("a\nwhat\no\nr\ns\n".utf8).write(to: URL(fileURLWithPath: answers))
        let asked = try runReel(["review", "a.sqlite", "--replay", "1", "--interactive"], in: folder, input: answers)
        #expect(asked.status == 0, "\(asked.standardError)")
        #expect(asked.standardError.contains("answer a, r, s, A, R, S, i, o or q"), "\(asked.standardError)")
        #expect(asked.standardOutput.contains("wrote session-\(flips[1]).html: session \(flips[1]) in replay 1"), "\(asked.standardOutput)")
        let page = try String(contentsOfFile: folder + "/session-\(flips[1]).html", encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("\(flips[1])"))
        #expect(asked.standardOutput.contains("accepted 1 session"), "\(asked.standardOutput)")
        #expect(asked.standardOutput.contains("rejected 1, skipped 1"), "\(asked.standardOutput)")

        let file = folder + "/d.txt"
        try Data("\(flips[0]) accept\n\(flips[1]) reject\n\(flips[2]) skip\n".utf8).write(to: URL(fileURLWithPath: file))
        let review = try runReel(["review", "b.sqlite", "--replay", "1", "--decisions", "d.txt"], in: folder)
        #expect(review.status == 0, "\(review.standardError)")
        let interactive = try archiveDump(archive)
        let fromFile = try archiveDump(folder + "/b.sqlite")
        #expect(interactive.keys.sorted() == fromFile.keys.sorted())
        for table in interactive.keys.sorted() { #expect(interactive[table] == fromFile[table], "table \(table)") }
        #expect(try archiveCount(archive, "SELECT count(*) FROM baseline_history") == 1)

        let both = try runReel(["review", "a.sqlite", "--interactive", "--decisions", "d.txt"], in: folder)
        #expect(both.status == 64, "\(both.standardError)")
    }

    @Test func badDecisionsAreRefusedNamingTheLine() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 40)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        let (flips, _) = try diverged(in: archive)
        let matched = try verdicts(of: 1, in: archive).first { $0.status == "matched" }!.session
        let before = try archiveFileHash(archive)
        let cases: [(String, String)] = [
            ("\(flips[0]) accept\n\(flips[0]) skip\n", "d.txt:2: session \(flips[0]) is decided twice (first on line 1)"),
            ("\(flips[0]) maybe\n", "d.txt:1: expected 'SESSION ACTION'"),
            ("\(matched) accept\n", "d.txt:1: replay 1 did not diverge on session \(matched)"),
        ]
        for (text, message) in cases {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/d.txt"))
            let run = try runReel(["review", "a.sqlite", "--decisions", "d.txt"], in: folder)
            #expect(run.status == 65, "\(text): \(run.standardError)")
            #expect(run.standardError.contains(message), "\(run.standardError)")
        }
        #expect(try archiveFileHash(archive) == before)
        let missing = try runReel(["review", "a.sqlite", "--decisions", "none.txt"], in: folder)
        #expect(missing.status == 66, "\(missing.standardError)")
        let unknown = try runReel(["review", "a.sqlite", "--replay", "9"], in: folder)
        #expect(unknown.status == 65 && unknown.standardError.contains("no replay 9"), "\(unknown.standardError)")
    }
}
