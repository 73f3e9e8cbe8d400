import Foundation
import ReelDiff
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

@Suite("Shards, jobs and reel merge")
struct ShardMergeTests {
    /// Replays `archive` on `candidate` into the results archive `results`; returns the summary.
    private func replay(
        _ archive: String, on candidate: EngineFactory, into results: String, jobs: Int = 1, shard: String? = nil,
        tolerances: Tolerances = .default, scenario: String? = nil
    ) throws -> Replayer.Summary {
        try Replayer(
            archivePath: archive, resultsPath: results, engine: candidate,
            options: .init(
                jobs: jobs, shard: try shard.map { try Shard(parsing: $0) }, scenario: scenario, tolerances: tolerances,
                chunkSize: 7, sessionsPerRead: 3)
        ).run()
    }

    /// A recorded archive of 40 swipe dismissals and a candidate that flips some of them.
    private func corpus(in folder: String) throws -> (archive: String, candidate: EngineFactory) {
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 40, seed: 4, in: folder), into: archive)
        let candidate = try EngineFactory(
            .profile(path: try profile("\"swipe.threshold\":0.4,\"interactive.completion_speed\":0.8", in: folder)))
        return (archive, candidate)
    }

    private func shards(_ count: Int, of archive: String, on candidate: EngineFactory, in folder: String) throws -> [String] {
        try (1...count).map { index in
            let results = folder + "/shard\(index)of\(count).sqlite"
            _ = try replay(archive, on: candidate, into: results, jobs: 2, shard: "\(index)/\(count)")
            return results
        }
    }

    @Test func jobsAndMergedShardsGiveTheVerdictsOfOneRun() throws {
        let folder = try temporaryFolder()
        let (archive, candidate) = try corpus(in: folder)
        let one = try replay(archive, on: candidate, into: folder + "/one.sqlite", jobs: 1)
        let two = try replay(archive, on: candidate, into: folder + "/two.sqlite", jobs: 2)
        let baseline = try verdicts(of: one.replayID, in: folder + "/one.sqlite")
        #expect(baseline.count == 40)
        #expect(one.diverged > 0 && one.matched > 0)
        #expect(try verdicts(of: two.replayID, in: folder + "/two.sqlite") == baseline)

        let merged = folder + "/merged.sqlite"
        let mergedID = try ResultsMerger(inputs: try shards(3, of: archive, on: candidate, in: folder).reversed(), output: merged).merge()
        #expect(try verdicts(of: mergedID, in: merged) == baseline)

        let store = try Archive.open(merged, mode: .readOnly)
        let runs = try store.replayRuns()
        #expect(runs.count == 1)
        #expect(runs.first?.shard == nil && runs.first?.status == .finished)
        // The shards selected every session, and the merged replay has no process writing it.
        #expect(runs.first?.selectionJSON == "{}" && runs.first?.runner == nil)
        #expect(try store.engine(id: runs[0].engineID) == one.candidate)
        // Divergence rows in the order one run writes them, so even their ids agree.
        let unsharded = try Archive.open(folder + "/one.sqlite", mode: .readOnly)
        #expect(
            try store.divergences(replayID: mergedID).map(\.sessionID)
                == unsharded.divergences(replayID: one.replayID).map(\.sessionID))

        let summary = try Replayer.Summary(replayID: mergedID, in: store)
        #expect(summary.sessions == 40)
        #expect(summary.matched == one.matched && summary.diverged == one.diverged && summary.errors == one.errors)
        #expect(summary.byKind.map(\.kind) == one.byKind.map(\.kind) && summary.byKind.map(\.count) == one.byKind.map(\.count))
        #expect(summary.findings.map(\.sessionID) == one.findings.map(\.sessionID))
        #expect(summary.findings.map(\.comparison) == one.findings.map(\.comparison))
    }

    @Test func aMissingShardIsNamed() throws {
        let folder = try temporaryFolder()
        let (archive, candidate) = try corpus(in: folder)
        let parts = try shards(3, of: archive, on: candidate, in: folder)
        let error = try mergeFailure([parts[0], parts[2]], into: folder + "/merged.sqlite")
        #expect(error.kind == .dataError)
        #expect(error.message.contains("shard 2/3 missing"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/merged.sqlite"))
    }

    @Test func shardsOfDifferentReplaysDoNotMerge() throws {
        let folder = try temporaryFolder()
        let (archive, candidate) = try corpus(in: folder)
        let parts = try shards(2, of: archive, on: candidate, in: folder)

        let builtin = folder + "/builtin2of2.sqlite"
        _ = try replay(archive, on: try EngineFactory(.builtin), into: builtin, shard: "2/2")
        #expect(try mergeFailure([parts[0], builtin], into: folder + "/m1.sqlite").message.contains("candidate engine"))

        let exact = folder + "/exact2of2.sqlite"
        _ = try replay(archive, on: candidate, into: exact, shard: "2/2", tolerances: .exact)
        #expect(try mergeFailure([parts[0], exact], into: folder + "/m2.sqlite").message.contains("tolerances"))

        let otherArchive = folder + "/b.sqlite"
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 40, seed: 5, in: folder), into: otherArchive)
        let other = folder + "/other2of2.sqlite"
        _ = try replay(otherArchive, on: candidate, into: other, shard: "2/2")
        #expect(try mergeFailure([parts[0], other], into: folder + "/m3.sqlite").message.contains("other sessions"))

        // The same 40 sessions, selected by their scenario: another selection, which a resume would keep.
        let scenario = folder + "/scenario2of2.sqlite"
        _ = try replay(archive, on: candidate, into: scenario, shard: "2/2", scenario: "modal.swipe-dismiss")
        #expect(
            try mergeFailure([parts[0], scenario], into: folder + "/m7.sqlite").message.contains(
                "it was run for the sessions of scenario modal.swipe-dismiss, \(parts[0]) for every session"))

        let third = folder + "/third.sqlite"
        _ = try replay(archive, on: candidate, into: third, shard: "2/3")
        #expect(try mergeFailure([parts[0], third], into: folder + "/m4.sqlite").message.contains("shard 2/3"))

        #expect(try mergeFailure([parts[0], parts[0], parts[1]], into: folder + "/m5.sqlite").message.contains("shard 1/2 too"))
        #expect(try mergeFailure([parts[0], archive], into: folder + "/m6.sqlite").message.contains("recorded sessions"))
    }

    @Test func aShardThatDidNotJudgeAllItsSessionsIsReported() throws {
        let folder = try temporaryFolder()
        let (archive, candidate) = try corpus(in: folder)
        let parts = try shards(2, of: archive, on: candidate, in: folder)
        // Shard 1/2 (even ids) cut short: its sessions 2 and 4 lost their verdicts.
        let cut = try Archive.open(parts[0], mode: .readWrite)
        try cut.database.execute("DELETE FROM replay_results WHERE session_id IN (2, 4)")
        let error = try mergeFailure(parts, into: folder + "/merged.sqlite")
        // The cut shard is refused on its own (its replay says finished without every verdict of
        // its shard), naming the file and the sessions, before the shards are compared.
        #expect(
            error.message.contains(
                parts[0] + ": cannot merge: replay 1 is marked finished but has no verdict on 2 of its 20 sessions (2, 4)"))
    }

    private func mergeFailure(_ inputs: [String], into output: String) throws -> ReelFailure {
        do {
            _ = try ResultsMerger(inputs: inputs, output: output).merge()
        } catch let failure as ReelFailure {
            return failure
        }
        Issue.record("merging \(inputs) succeeded")
        return ReelFailure(.internalError, "merging \(inputs) succeeded")
    }
}
