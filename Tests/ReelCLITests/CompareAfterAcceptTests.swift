import Foundation
import ReelJSON
import ReelStore
import ReelTestSupport
import Testing

/// Issue 33: `reel compare` after a `reel accept` reported "fixed flips" with a green tick though
/// the engine fixed nothing: the baseline changed. Changes that come from accepts are said so (and
/// not counted as the engine's), `--fail-on new-flip` exits 1 on new flips, and replays of
/// different candidates or selections are said to be so before anything else.
@Suite("reel compare after an accept")
struct CompareAfterAcceptTests {
    /// Flipped sessions of replay `id`.
    private func flipped(_ id: Int64, in archive: String) throws -> [Int64] {
        try verdicts(of: id, in: archive).filter { $0.expected != nil && $0.actual != nil && $0.expected != $0.actual }.map(\.session)
    }

    @Test func fixedFlipsThatComeFromAnAcceptAreSaidSo() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 60)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        let flips = try flipped(1, in: archive)
        #expect(!flips.isEmpty)
        #expect(try runReel(["accept", "a.sqlite", "--replay", "1"], in: folder).status == 0)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 0)
        let who = try Database.open(archive, mode: .readOnly).prepare("SELECT accepted_by FROM baseline_history LIMIT 1")
        #expect(try who.step())
        let acceptedBy = who.string(at: 0)

        let json = try runReel(["compare", "a.sqlite", "1", "2", "--format", "json"], in: folder)
        #expect(json.status == 0, "\(json.standardError)")
        let report = try JSONParser.parse(json.standardOutput)
        // The engine changed nothing: no fixed flip of its own; every one comes from the accept.
        #expect(report["counts"]?["fixed_flip"] == .number(0))
        #expect(report["from_accepts"]?["fixed_flip"] == .number(Double(flips.count)))
        guard case .array(let listed)? = report["changes"] else {
            Issue.record("no changes")
            return
        }
        #expect(listed.count == flips.count)
        for entry in listed {
            #expect(entry["from_accept"]?["replay"] == .number(1))
            #expect(entry["from_accept"]?["accepted_by"] == .string(acceptedBy))
        }

        let text = try runReel(["compare", "a.sqlite", "1", "2"], in: folder)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("fixed flips 0"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("from accepts: fixed flips \(flips.count)"), "\(text.standardOutput)")
        for id in flips {
            #expect(
                text.standardOutput.contains(
                    "session \(id)  modal.swipe-dismiss  fixed flip, from an accept (\(acceptedBy) accepted replay 1)"))
        }

        let markdown = try runReel(["compare", "a.sqlite", "1", "2", "--format", "markdown"], in: folder)
        #expect(markdown.status == 0)
        #expect(markdown.standardOutput.contains("| fixed flips | 0 |"), "\(markdown.standardOutput)")
        #expect(markdown.standardOutput.contains("| from accepts (the baseline was replaced, not the engine's doing) | \(flips.count) |"))
    }

    @Test func failOnNewFlipExits1OnNewFlipsOnly() throws {
        let (folder, archive, lower) = try swipeDismissCorpus(count: 60)
        #expect(try runReel(["replay", "a.sqlite"], in: folder).status == 0)
        #expect(try runReel(["replay", "a.sqlite", "--engine", lower], in: folder).status == 1)
        let flips = try flipped(2, in: archive)
        #expect(!flips.isEmpty)
        let worse = try runReel(["compare", "a.sqlite", "1", "2", "--fail-on", "new-flip"], in: folder)
        #expect(worse.status == 1, "\(worse.standardOutput)\(worse.standardError)")
        #expect(worse.standardOutput.contains("new flips \(flips.count)"))
        // The other way, the flips are fixed: nothing fails.
        let better = try runReel(["compare", "a.sqlite", "2", "1", "--fail-on", "new-flip"], in: folder)
        #expect(better.status == 0, "\(better.standardOutput)\(better.standardError)")
        // Without --fail-on, compare exits 0 whatever changed; a kind it does not know is a usage error.
        #expect(try runReel(["compare", "a.sqlite", "1", "2"], in: folder).status == 0)
        let unknown = try runReel(["compare", "a.sqlite", "1", "2", "--fail-on", "new-flips"], in: folder)
        #expect(unknown.status == 64 && unknown.standardError.contains("new-flip"), "\(unknown.standardError)")
    }

    @Test func differentCandidatesAndSelectionsAreSaidFirst() throws {
        let (folder, archive, lower) = try swipeDismissCorpus(count: 30)
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 5, seed: 3, in: folder), into: archive)
        #expect(try runReel(["replay", "a.sqlite", "--scenario", "modal.swipe-dismiss"], in: folder).status == 0)
        #expect(try runReel(["replay", "a.sqlite", "--engine", lower], in: folder).status == 1)
        let run = try runReel(["compare", "a.sqlite", "1", "2"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("note: replay 1 and replay 2 ran different candidates (builtin") == true, "\(lines)")
        #expect(
            lines.dropFirst().first?.hasPrefix(
                "note: replay 1 and replay 2 selected different sessions: the sessions of scenario modal.swipe-dismiss, every session")
                == true, "\(lines)")

        // The same candidate on the same selection: no note.
        #expect(try runReel(["replay", "a.sqlite", "--engine", lower], in: folder).status == 1)
        let same = try runReel(["compare", "a.sqlite", "2", "3"], in: folder)
        #expect(!same.standardOutput.contains("note:"), "\(same.standardOutput)")
    }
}
