import Foundation
import ReelReplay
import ReelStore
import Testing

/// `reel replay --resume ID`: a replay killed half-way is continued into the same replay and ends
/// with exactly the rows of an uninterrupted one; anything that would mix two different replays is
/// refused. (tools/crash-test resumes after real SIGKILLs.)
@Suite("Resuming a killed replay")
struct ResumeTests {
    /// Replays `archive` in chunks of 7 sessions with 2 jobs; `replayed` gets how many sessions it replayed.
    private func replay(
        _ archive: String, into results: String?, on engine: EngineSpec, resuming replayID: Int64? = nil,
        replayed: inout Int
    ) throws -> Replayer.Summary {
        var count = 0
        let summary = try Replayer(
            archivePath: archive, resultsPath: results, engine: EngineFactory(engine),
            options: .init(jobs: 2, chunkSize: 7, sessionsPerRead: 3)
        ).run(resuming: replayID) { _, total in count = total }
        replayed = count
        return summary
    }

    /// What a run killed after committing the verdicts of sessions 1...`last` leaves behind: those
    /// verdicts and their divergences (the later ones are deleted, their divergences with them),
    /// the replays row at status 'running' without a finish time.
    private func interrupt(_ replayID: Int64, in path: String, after last: Int64) throws {
        let database = try Database.open(path, mode: .readWrite)
        try database.execute("""
            DELETE FROM replay_results WHERE replay_id = \(replayID) AND session_id > \(last);
            UPDATE replays SET status = 'running', finished_at = NULL WHERE id = \(replayID);
            """)
    }

    /// Every row of every table, without the times a run stamps.
    private func rows(_ path: String) throws -> [String: [String]] {
        try archiveDump(path, ignoring: ["sessions.recorded_at", "replays.started_at", "replays.finished_at"])
    }

    @Test(arguments: [true, false])
    func aResumedReplayEndsWithTheRowsOfAnUninterruptedOne(intoResultsArchive: Bool) throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 40)
        let engine = EngineSpec.profile(path: candidate)
        // The uninterrupted reference runs on a copy of the recorded archive.
        let copy = folder + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: archive, toPath: copy)
        let (referencePath, resumedPath) =
            intoResultsArchive ? (folder + "/reference.sqlite", folder + "/r.sqlite") : (copy, archive)
        var replayed = 0
        let reference = try replay(copy, into: intoResultsArchive ? referencePath : nil, on: engine, replayed: &replayed)
        #expect(replayed == 40 && reference.diverged > 0 && reference.matched > 0)

        let killed = try replay(archive, into: intoResultsArchive ? resumedPath : nil, on: engine, replayed: &replayed)
        try interrupt(killed.replayID, in: resumedPath, after: 14)
        #expect(try rows(resumedPath) != rows(referencePath))

        let resumed = try replay(
            archive, into: intoResultsArchive ? resumedPath : nil, on: engine, resuming: killed.replayID,
            replayed: &replayed)
        #expect(replayed == 40 - 14)
        #expect(try rows(resumedPath) == rows(referencePath))
        #expect(resumed.replayID == reference.replayID)
        #expect(resumed.sessions == 40 && resumed.matched == reference.matched && resumed.diverged == reference.diverged)
        #expect(resumed.byKind.map(\.kind) == reference.byKind.map(\.kind))
        #expect(resumed.byKind.map(\.count) == reference.byKind.map(\.count))
        #expect(resumed.findings.map(\.sessionID) == reference.findings.map(\.sessionID))
        #expect(resumed.candidate == reference.candidate)
    }

    @Test func aReplayKilledAfterItsLastChunkOnlyNeedsFinishing() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 40)
        var replayed = 0
        let killed = try replay(archive, into: folder + "/r.sqlite", on: .profile(path: candidate), replayed: &replayed)
        try interrupt(killed.replayID, in: folder + "/r.sqlite", after: 40)
        let resumed = try replay(
            archive, into: folder + "/r.sqlite", on: .profile(path: candidate), resuming: killed.replayID,
            replayed: &replayed)
        #expect(replayed == 0)
        #expect(resumed.sessions == 40 && resumed.diverged == killed.diverged)
        let run = try #require(try Archive.open(folder + "/r.sqlite", mode: .readOnly).replayRun(id: killed.replayID))
        #expect(run.status == .finished && run.finishedAt != nil)
    }

    @Test func anExternalEngineResumesWithTheSameCommandOnly() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let command = "python3 \(repositoryRoot)/tools/example_engine.py"
        _ = try record(
            try synthesizedStream("nav.interactive-pop", count: 20, seed: 6, in: folder), engine: .exec(command: command),
            into: archive)
        let results = folder + "/r.sqlite"
        let reference = folder + "/reference.sqlite"
        var replayed = 0
        let changed = EngineSpec.exec(command: command + " --threshold 0.4")
        _ = try replay(archive, into: reference, on: changed, replayed: &replayed)
        let killed = try replay(archive, into: results, on: changed, replayed: &replayed)
        try interrupt(killed.replayID, in: results, after: 7)

        // Another command is another engine, refused before any session is replayed.
        let refusal = #expect(throws: ReelFailure.self) {
            try replay(archive, into: results, on: .exec(command: command), resuming: killed.replayID, replayed: &replayed)
        }
        let reason = "it was begun with the candidate example-percent-engine 1.0"
        #expect(refusal?.message.contains(reason) == true, "\(String(describing: refusal))")
        #expect(try archiveCount(results, "SELECT count(*) FROM replay_results") == 7)

        _ = try replay(archive, into: results, on: changed, resuming: killed.replayID, replayed: &replayed)
        #expect(replayed == 13)
        #expect(try rows(results) == rows(reference))
    }

    @Test func resumingAnythingButTheSameUnfinishedReplayIsRefused() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 40)
        let base = ["replay", archive, "--engine", candidate, "--results", "r.sqlite", "--format", "json"]
        let first = try runReel(base, in: folder)
        #expect(first.status == 1, "\(first.standardError)")
        let whole = try JSONParser.parse(first.standardOutput)

        let finished = try runReel(base + ["--resume", "1"], in: folder)
        #expect(finished.status == 65)
        #expect(finished.standardError.contains("r.sqlite: cannot resume replay 1: it finished at "))
        let unknown = try runReel(base + ["--resume", "9"], in: folder)
        #expect(unknown.status == 65)
        let noReplay = "cannot resume replay 9: there is no replay 9 in it (replays left running: none)"
        #expect(unknown.standardError.contains(noReplay), "\(unknown.standardError)")

        try interrupt(1, in: folder + "/r.sqlite", after: 14)
        let other = try profile("\"swipe.threshold\":0.4", in: folder, name: "other")
        let refusals: [(arguments: [String], reason: String)] = [
            (["--engine", other], "it was begun with the candidate reel-builtin+candidate"),
            (["--tolerance", "exact"], "it was begun with the tolerances"),
            (["--shard", "1/2"], "it covers every selected session (no --shard), this run shard 1/2"),
        ]
        for (arguments, reason) in refusals {
            let run = try runReel(base + arguments + ["--resume", "1"], in: folder)
            #expect(run.status == 65, "\(arguments): \(run.standardError)")
            #expect(run.standardError.contains("r.sqlite: cannot resume replay 1: \(reason)"), "\(run.standardError)")
        }
        let missing = try runReel(base + ["--results", "missing.sqlite", "--resume", "1"], in: folder)
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing.sqlite"))
        // Nothing was written by the refused runs.
        #expect(try archiveCount(folder + "/r.sqlite", "SELECT count(*) FROM replay_results") == 14)
        #expect(try archiveCount(folder + "/r.sqlite", "SELECT count(*) FROM replays WHERE status = 'running'") == 1)

        let resumed = try runReel(base + ["--resume", "1"], in: folder)
        #expect(resumed.status == 1, "\(resumed.standardError)")
        #expect(try JSONParser.parse(resumed.standardOutput) == whole)
    }
}
