import Foundation
import ReelJSON
import ReelStore
import ReelTestSupport
import Testing

/// `reel compare ARCHIVE R1 R2` and `reel info`'s replay list, through the binary.
@Suite("reel compare and replays over time")
struct CompareCommandTests {
    /// A session's verdict in one replay as docs/SCHEMA.md defines it for verdict-changes.
    private static func verdict(_ row: ReplayResultRow) -> String {
        if row.status == .diverged, let expected = row.decisionExpected, let actual = row.decisionActual, expected != actual {
            return "flipped"
        }
        return row.status.rawValue
    }

    /// The documented change between two differing verdicts.
    private static func change(from before: String, to after: String) -> String {
        switch (before, after) {
        case (_, "flipped"): "new_flip"
        case (_, "error"): "newly_error"
        case ("flipped", _): "fixed_flip"
        case (_, "matched"): "newly_matched"
        case ("matched", _): "newly_diverged"
        default: "no_longer_error"
        }
    }

    /// Sessions, their change and both verdicts, computed from the two replays' replay_results rows
    /// (the later replay's in `laterPath` when given, else in `path`).
    private func expectedChanges(_ earlier: Int64, _ later: Int64, in path: String, laterPath: String? = nil) throws -> [[String]] {
        let archive = try Archive.open(path, mode: .readOnly)
        let before = Dictionary(uniqueKeysWithValues: try archive.replayResults(replayID: earlier).map { ($0.sessionID, Self.verdict($0)) })
        let laterArchive = try laterPath.map { try Archive.open($0, mode: .readOnly) } ?? archive
        return try laterArchive.replayResults(replayID: later).compactMap { row in
            guard let old = before[row.sessionID] else { return nil }
            let new = Self.verdict(row)
            return old == new ? nil : [String(row.sessionID), Self.change(from: old, to: new), old, new]
        }
    }

    /// 40 swipe dismissals replayed twice: a lower threshold, then a higher one with a slower animation.
    private func twoReplays() throws -> (folder: String, archive: String) {
        let (folder, archive, lower) = try swipeDismissCorpus(count: 40)
        let higher = try profile("\"swipe.threshold\":0.6,\"modal.duration\":0.5", in: folder, name: "higher")
        #expect(try runReel(["replay", archive, "--engine", lower], in: folder).status == 1)
        #expect(try runReel(["replay", archive, "--engine", higher], in: folder).status == 1)
        return (folder, archive)
    }

    @Test func compareListsExactlyTheSessionsWhoseVerdictChanged() throws {
        let (folder, archive) = try twoReplays()
        let expected = try expectedChanges(1, 2, in: archive)
        // The premise: the two replays differ in more than one way.
        try #require(Set(expected.map { $0[1] }).count >= 2, "\(expected)")

        let run = try runReel(["compare", archive, "1", "2", "--format", "json"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let report = try JSONParser.parse(run.standardOutput)
        guard case .array(let listed)? = report["changes"] else {
            Issue.record("no changes list")
            return
        }
        let got: [[String]] = listed.map { entry in
            guard case .number(let session)? = entry["session"], case .string(let change)? = entry["change"],
                case .string(let old)? = entry["earlier"], case .string(let new)? = entry["later"]
            else { return [] }
            return [String(Int64(session)), change, old, new]
        }
        #expect(got == expected)
        for change in Set(expected.map { $0[1] }) {
            #expect(report["counts"]?[change] == .number(Double(expected.filter { $0[1] == change }.count)))
        }
        #expect(report["judged_by_both"] == .number(40))
        // Given no ids, compare takes the archive's last two replays.
        #expect(try runReel(["compare", archive, "--format", "json"], in: folder).standardOutput == run.standardOutput)

        // The other way round, fixed flips become new flips.
        let back = try JSONParser.parse(try runReel(["compare", archive, "2", "1", "--format", "json"], in: folder).standardOutput)
        let reversed = try expectedChanges(2, 1, in: archive)
        #expect(back["counts"]?["new_flip"] == .number(Double(reversed.filter { $0[1] == "new_flip" }.count)))
        #expect(back["counts"]?["fixed_flip"] == .number(Double(expected.filter { $0[1] == "new_flip" }.count)))
    }

    /// The `changes` of `reel compare --format json` as [session, change, earlier, later].
    private func listedChanges(_ output: String) throws -> [[String]] {
        guard case .array(let listed)? = try JSONParser.parse(output)["changes"] else { return [] }
        return listed.map { entry in
            guard case .number(let session)? = entry["session"], case .string(let change)? = entry["change"],
                case .string(let old)? = entry["earlier"], case .string(let new)? = entry["later"]
            else { return [] }
            return [String(Int64(session)), change, old, new]
        }
    }

    /// Two replays written to two results archives (each its replay 1): compare --against lists
    /// exactly the sessions whose verdict differs between the two archives' rows.
    @Test func compareAcrossTwoResultsArchives() throws {
        let (folder, archive, lower) = try swipeDismissCorpus(count: 40)
        let higher = try profile("\"swipe.threshold\":0.6,\"modal.duration\":0.5", in: folder, name: "higher")
        let (r1, r2) = (folder + "/r1.sqlite", folder + "/r2.sqlite")
        #expect(try runReel(["replay", archive, "--engine", lower, "--results", r1], in: folder).status == 1)
        #expect(try runReel(["replay", archive, "--engine", higher, "--results", r2], in: folder).status == 1)
        let expected = try expectedChanges(1, 1, in: r1, laterPath: r2)
        try #require(Set(expected.map { $0[1] }).count >= 2, "\(expected)")

        let run = try runReel(["compare", r1, "1", "1", "--against", r2, "--format", "json"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try listedChanges(run.standardOutput) == expected)
        let report = try JSONParser.parse(run.standardOutput)
        #expect(report["judged_by_both"] == .number(40) && report["later_archive"] == .string(r2))
        // Given no ids, the last replay of each archive; the recorded archive may be either side.
        #expect(try runReel(["compare", r1, "--against", r2, "--format", "json"], in: folder).standardOutput == run.standardOutput)
        #expect(try runReel(["replay", archive, "--engine", higher], in: folder).status == 1)
        let mixed = try runReel(["compare", r1, "1", "1", "--against", archive, "--format", "json"], in: folder)
        #expect(try listedChanges(mixed.standardOutput) == expected, "\(mixed.standardError)")
        let text = try runReel(["compare", r1, "--against", r2], in: folder)
        #expect(text.standardOutput.contains("replay 1 of \(r1) -> replay 1 of \(r2): \(expected.count) sessions changed verdict"))

        // Archives of other sessions are refused, as is a replay the later archive does not have.
        let (otherFolder, otherArchive, _) = try swipeDismissCorpus(count: 3)
        let other = otherFolder + "/o.sqlite"
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 3, seed: 99, in: otherFolder), into: other)
        #expect(try runReel(["replay", other, "--engine", lower], in: otherFolder).status <= 1)
        let foreign = try runReel(["compare", otherArchive, "--against", other], in: otherFolder)
        #expect(foreign.status == 65, "\(foreign.standardOutput)\(foreign.standardError)")
        #expect(try runReel(["replay", otherArchive, "--engine", lower], in: otherFolder).status <= 1)
        let different = try runReel(["compare", otherArchive, "--against", other], in: otherFolder)
        #expect(different.status == 65 && different.standardError.contains("different archives"), "\(different.standardError)")
        let missing = try runReel(["compare", r1, "1", "2", "--against", r2], in: folder)
        #expect(missing.status == 65 && missing.standardError.contains("no replay 2"), "\(missing.standardError)")
    }

    @Test func theSavedQueryListsTheSameSessions() throws {
        let (folder, archive) = try twoReplays()
        let expected = try expectedChanges(1, 2, in: archive)
        let run = try runReel(
            ["query", archive, "--saved", "verdict-changes", "--param", "earlier=1", "--param", "later=2", "--format", "json"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        guard case .array(let rows)? = try JSONParser.parse(run.standardOutput)["rows"] else {
            Issue.record("not a JSON array")
            return
        }
        #expect(rows.count == expected.count)
        // Unbound, the parameters mean the latest replay and the one before it.
        let defaults = try runReel(["query", archive, "--saved", "verdict-changes", "--format", "json"], in: folder)
        #expect(defaults.standardOutput == run.standardOutput)
        #expect(try runReel(["query", archive, "--saved", "verdict-changes", "--param", "later=7"], in: folder).status == 65)
    }

    @Test func unknownOrEqualReplaysAreErrors() throws {
        let (folder, archive, _) = try swipeDismissCorpus(count: 2)
        #expect(try runReel(["replay", archive], in: folder).status == 0)
        let unknown = try runReel(["compare", archive, "1", "3"], in: folder)
        #expect(unknown.status == 65)
        #expect(unknown.standardError.contains("no replay 3 (its replays: 1)"))
        #expect(try runReel(["compare", archive, "1", "1"], in: folder).status == 64)
        #expect(try runReel(["compare", archive, "1"], in: folder).status == 64)
        let one = try runReel(["compare", archive], in: folder)
        #expect(one.status == 65 && one.standardError.contains("1 replay; compare needs two"))
        #expect(try runReel(["compare", folder + "/missing.sqlite", "1", "2"], in: folder).status == 66)
    }

    @Test func infoListsEachReplaysEngineStartAndFlips() throws {
        let (folder, archive) = try twoReplays()
        let run = try runReel(["info", archive, "--format", "json"], in: folder)
        #expect(run.status == 0)
        guard case .array(let replays)? = try JSONParser.parse(run.standardOutput)["replays"] else {
            Issue.record("no replays")
            return
        }
        #expect(replays.count == 2)
        let store = try Archive.open(archive, mode: .readOnly)
        for (listed, stored) in zip(replays, try store.replayRuns()) {
            let flips = try archiveCount(archive, "SELECT count(*) FROM regressions WHERE replay_id = \(stored.id)")
            let engine = try #require(try store.engine(id: stored.engineID))
            #expect(listed["flips"] == .number(Double(flips)))
            #expect(listed["started_at"] == .string(stored.startedAt))
            #expect(listed["engine"] == .string("\(engine.name) \(engine.version)"))
        }
        let text = try runReel(["info", archive], in: folder).standardOutput
        #expect(text.contains("replay 2  finished  "), "\(text)")
    }

    /// Engine errors are verdicts too: a session that could not run, then could, changed.
    @Test func errorsComeAndGo() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let engine = "python3 \(repositoryRoot)/tools/example_engine.py"
        _ = try record(
            try synthesizedStream("nav.interactive-pop", count: 3, seed: 12, in: folder), engine: .exec(command: engine), into: archive)
        #expect(try runReel(["replay", archive, "--engine", "exec:\(engine)", "--jobs", "1"], in: folder).status == 0)
        let hanging = ["--engine", "exec:\(engine) --hang-after 1", "--timeout", "3", "--jobs", "1"]
        #expect(try runReel(["replay", archive] + hanging, in: folder).status == 2)
        let run = try runReel(["compare", archive, "1", "2", "--format", "json"], in: folder)
        let report = try JSONParser.parse(run.standardOutput)
        let expected = try expectedChanges(1, 2, in: archive)
        try #require(!expected.isEmpty)
        #expect(expected.allSatisfy { $0[1] == "newly_error" })
        #expect(report["counts"]?["newly_error"] == .number(Double(expected.count)))
        let back = try JSONParser.parse(try runReel(["compare", archive, "2", "1", "--format", "json"], in: folder).standardOutput)
        #expect(back["counts"]?["newly_matched"] == .number(Double(expected.count)))
    }
}
