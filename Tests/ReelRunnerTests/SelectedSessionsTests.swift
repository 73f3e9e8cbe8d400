import Foundation
import ReelJSON
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelRunner

/// A replay's selected sessions are read block by block (`SelectedSessions`), never listed, and a
/// shard's results archive holds its own share of the headers with the whole selection's digest.
@Suite("Selected sessions read in blocks, shard results with their share")
struct SelectedSessionsTests {
    /// 40 swipe dismissals (ids 1-40) then 20 interactive pops (41-60), and a candidate that
    /// diverges on some dismissals.
    private func corpus(in folder: String) throws -> (archive: String, candidate: EngineFactory) {
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 40, seed: 4, in: folder), into: archive)
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 20, seed: 4, in: folder), into: archive)
        let candidate = try EngineFactory(
            .profile(path: try profile("\"swipe.threshold\":0.4,\"interactive.completion_speed\":0.8", in: folder)))
        return (archive, candidate)
    }

    /// The ids `sql` gives, read with plain SQL: what the selection must come to.
    private func ids(_ sql: String, in archive: String) throws -> [Int64] {
        try Database.open(archive, mode: .readOnly).prepare(sql).rows { $0.int64(at: 0) }
    }

    /// Every chunk `sessions` hands out after its census, each checked to be `size` long but the last.
    private func chunks(of sessions: SelectedSessions, size: Int) throws -> [Int64] {
        var all: [Int64] = []
        while case let chunk = try sessions.nextChunk(size), !chunk.isEmpty {
            #expect(chunk.count <= size)
            if chunk.count < size { #expect(try sessions.nextChunk(size).isEmpty) }
            all += chunk
        }
        return all
    }

    @Test func blocksOfThreeGiveTheSelectionShardAndUnjudgedSessionsInOrder() throws {
        let folder = try temporaryFolder()
        let (archive, candidate) = try corpus(in: folder)
        let store = try Archive.open(archive, mode: .readOnly)
        let every = ReplaySelection(sessionIDs: nil, scenarios: nil)
        let cases: [(ReplaySelection, Shard?, Set<Int64>?, String)] = [
            (every, nil, nil, "SELECT id FROM sessions ORDER BY id"),
            (every, Shard(index: 2, count: 3), nil, "SELECT id FROM sessions WHERE id % 3 = 1 ORDER BY id"),
            (
                ReplaySelection(sessionIDs: nil, scenarios: ["nav.*"]), Shard(index: 1, count: 2), [42, 44],
                "SELECT s.id FROM sessions s JOIN scenarios c ON c.id = s.scenario_id WHERE c.name = 'nav.interactive-pop' "
                    + "AND s.id % 2 = 0 AND s.id NOT IN (42, 44) ORDER BY s.id"
            ),
            (ReplaySelection(sessionIDs: [3, 9, 50, 59], scenarios: nil), nil, nil, "SELECT id FROM sessions WHERE id IN (3, 9, 50, 59)"),
        ]
        for (selection, shard, judged, sql) in cases {
            let sessions = SelectedSessions(
                archive: store, selection: selection, scenarios: try selection.resolvedScenarios(in: store), shard: shard, judged: judged,
                blockSize: 3)
            let census = try sessions.census(copyingHeadersInto: nil)
            let expected = try ids(sql, in: archive)
            #expect(census.toReplay == expected.count, "\(selection)")
            #expect(try chunks(of: sessions, size: 7) == expected, "\(selection)")
        }

        // The sessions a replay did not match (`--diverged-in`), read through the verdicts' key.
        let replay = try Replayer(archivePath: archive, engine: candidate, options: .init()).run()
        let diverged = ReplaySelection(sessionIDs: nil, scenarios: nil, divergedIn: replay.replayID)
        let reopened = try Archive.open(archive, mode: .readOnly)
        let sessions = SelectedSessions(archive: reopened, selection: diverged, scenarios: nil, shard: nil, judged: nil, blockSize: 2)
        let census = try sessions.census(copyingHeadersInto: nil)
        let expected = try ids(
            "SELECT session_id FROM replay_results WHERE replay_id = \(replay.replayID) AND status <> 'matched' ORDER BY session_id",
            in: archive)
        #expect(!expected.isEmpty && expected.count < 60)
        #expect(census.selected == expected.count)
        #expect(try chunks(of: sessions, size: 5) == expected)
    }

    @Test func sessionsRecordedAfterTheCensusAreNotTaken() throws {
        let folder = try temporaryFolder()
        let (archive, _) = try corpus(in: folder)
        let store = try Archive.open(archive, mode: .readOnly)
        let every = ReplaySelection(sessionIDs: nil, scenarios: nil)
        let sessions = SelectedSessions(archive: store, selection: every, scenarios: nil, shard: nil, judged: nil, blockSize: 4)
        let census = try sessions.census(copyingHeadersInto: nil)
        #expect(census.selected == 60)
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 5, seed: 9, in: folder), into: archive)
        #expect(try ids("SELECT count(*) FROM sessions", in: archive) == [65])
        #expect(try chunks(of: sessions, size: 8) == Array(1...60))
    }

    /// The digest `reel merge` compares, computed here from its rule: SHA-256 hex of the
    /// concatenated SHA-256 hex digests of blocks of 4,096 "ID CONTENT_HASH\n" lines (the last
    /// block's digest always taken, even of an empty block).
    private func selectionDigest(of archive: String) throws -> String {
        let rows = try Database.open(archive, mode: .readOnly).prepare("SELECT id, content_hash FROM sessions ORDER BY id").rows {
            "\($0.int64(at: 0)) \($0.string(at: 1))\n"
        }
        var digests = ""
        var block = ""
        for (index, line) in rows.enumerated() {
            block += line
            if (index + 1) % 4096 == 0 {
                digests += SHA256.hex(block)
                block = ""
            }
        }
        return SHA256.hex(digests + SHA256.hex(block))
    }

    @Test func aShardsResultsHoldItsShareOfHeadersAndTheWholeSelectionsDigest() throws {
        let folder = try temporaryFolder()
        let (archive, candidate) = try corpus(in: folder)
        let results = folder + "/shard2of3.sqlite"
        _ = try Replayer(
            archivePath: archive, resultsPath: results, engine: candidate,
            options: .init(shard: try Shard(parsing: "2/3"), chunkSize: 7, sessionsPerRead: 3)
        ).run()
        #expect(try ids("SELECT id FROM sessions ORDER BY id", in: results) == (1...60).filter { $0 % 3 == 1 })
        let run = try #require(try Archive.open(results, mode: .readOnly).replayRuns().first)
        let selection = try JSONParser.parse(try #require(run.selectionJSON))
        let selected = try #require(selection.optionalMember("selected"))
        #expect(selected.optionalMember("sessions") == .number(60))
        #expect(selected.optionalMember("sha256") == .string(try selectionDigest(of: archive)))
    }

    /// Shards of 3: their results are merged into what one run writes, with every header; a shard
    /// written by an earlier Reel (every selected header, no `selected` member) merges beside them;
    /// a shard whose recorded digest is not the others' selected other sessions.
    @Test func shardsWithTheirShareMergeIntoEveryHeaderAndAreChecked() throws {
        let folder = try temporaryFolder()
        let (archive, candidate) = try corpus(in: folder)
        let one = try Replayer(archivePath: archive, resultsPath: folder + "/one.sqlite", engine: candidate, options: .init()).run()
        let parts = try (1...3).map { index in
            let results = folder + "/s\(index).sqlite"
            _ = try Replayer(
                archivePath: archive, resultsPath: results, engine: candidate,
                options: .init(jobs: 2, shard: try Shard(parsing: "\(index)/3"), chunkSize: 7, sessionsPerRead: 3)
            ).run()
            return results
        }
        let merged = folder + "/merged.sqlite"
        let mergedID = try ResultsMerger(inputs: parts, output: merged).merge()
        #expect(try verdicts(of: mergedID, in: merged) == verdicts(of: one.replayID, in: folder + "/one.sqlite"))
        #expect(try ids("SELECT id FROM sessions ORDER BY id", in: merged) == Array(1...60))
        let headers = "SELECT id, scenario_id, content_hash, tags FROM sessions ORDER BY id"
        let rows = { (path: String) in
            try Database.open(path, mode: .readOnly).prepare(headers).rows { "\($0.int64(at: 0)) \($0.int64(at: 1)) \($0.string(at: 2))" }
        }
        #expect(try rows(merged) == rows(archive))
        #expect(try Archive.open(merged, mode: .readOnly).replayRuns().first?.selectionJSON == "{}")

        // Shard 1/3 as an earlier Reel wrote it: every selected header, the selection without its digest.
        let earlier = try Archive.open(parts[0], mode: .readWrite)
        try earlier.database.execute("UPDATE replays SET selection_json = '{}'")
        try earlier.attach(archive, as: "source")
        try earlier.write { try earlier.copyMissingRows(of: .sessions, fromAttached: "source") }
        try earlier.detach("source")
        let mixed = folder + "/mixed.sqlite"
        let mixedID = try ResultsMerger(inputs: parts, output: mixed).merge()
        #expect(try verdicts(of: mixedID, in: mixed) == verdicts(of: one.replayID, in: folder + "/one.sqlite"))
        #expect(try rows(mixed) == rows(archive))

        // Shard 2/3 claiming another selection (one digit of its digest changed).
        let claimed = try Archive.open(parts[1], mode: .readWrite)
        let json = try #require(try claimed.replayRuns().first?.selectionJSON)
        let digest = try #require(
            try JSONParser.parse(json).optionalMember("selected")?.optionalMember("sha256")?.asString(field: "sha256"))
        let other = (digest.first == "0" ? "1" : "0") + digest.dropFirst()
        try claimed.database.execute("UPDATE replays SET selection_json = replace(selection_json, '\(digest)', '\(other)')")
        #expect(try mergeFailure(parts, into: folder + "/m1.sqlite").message.contains("it selected other sessions than"))

        // A `selected` member that is not a count and a digest.
        try claimed.database.execute("UPDATE replays SET selection_json = '{\"selected\":{\"sessions\":\"sixty\"}}'")
        let refused = try mergeFailure(parts, into: folder + "/m2.sqlite")
        #expect(refused.kind == .dataError)
        #expect(refused.message.contains(parts[1] + ": cannot merge: its selection_json"), "\(refused.message)")
    }

    private func mergeFailure(_ inputs: [String], into output: String) throws -> ReelFailure {
        do {
            _ = try ResultsMerger(inputs: inputs, output: output).merge()
        } catch let failure as ReelFailure {
            #expect(!FileManager.default.fileExists(atPath: output))
            return failure
        }
        Issue.record("the merge of \(inputs) did not fail")
        return ReelFailure(.internalError, "no failure")
    }
}
