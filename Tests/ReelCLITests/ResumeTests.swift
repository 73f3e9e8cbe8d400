import Foundation
import ReelFormats
import ReelJSON
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// `reel replay --resume ID`: a replay killed half-way is continued into the same replay and ends
/// with exactly the rows of an uninterrupted one; anything that would mix two different replays is
/// refused. (tools/crash-test resumes after real SIGKILLs.)
@Suite("Resuming a killed replay")
struct ResumeTests {
    /// Replays `archive` in chunks of 7 sessions with 2 jobs; `replayed` gets how many sessions it
    /// replayed. An external engine is never given up on, however often it fails before answering.
    private func replay(
        _ archive: String, into results: String?, on engine: EngineSpec, resuming replayID: Int64? = nil,
        replayed: inout Int
    ) throws -> Replayer.Summary {
        var count = 0
        let summary = try Replayer(
            archivePath: archive, resultsPath: results, engine: EngineFactory(engine, startupAttempts: .max),
            options: .init(jobs: 2, chunkSize: 7, sessionsPerRead: 3)
        ).run(resuming: replayID) { _, total in count = total }
        replayed = count
        return summary
    }

    /// Every row of every table, without the times a run stamps and the process it records.
    private func rows(_ path: String) throws -> [String: [String]] {
        try archiveDump(
            path, ignoring: ["sessions.recorded_at", "replays.started_at", "replays.finished_at", "replays.runner"])
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
        try interruptReplay(killed.replayID, in: resumedPath, after: 14)
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
        try interruptReplay(killed.replayID, in: folder + "/r.sqlite", after: 40)
        let resumed = try replay(
            archive, into: folder + "/r.sqlite", on: .profile(path: candidate), resuming: killed.replayID,
            replayed: &replayed)
        #expect(replayed == 0)
        #expect(resumed.sessions == 40 && resumed.diverged == killed.diverged)
        let run = try #require(try Archive.open(folder + "/r.sqlite", mode: .readOnly).replayRun(id: killed.replayID))
        #expect(run.status == .finished && run.finishedAt != nil)
    }

    /// An archive in `folder` of 20 back swipes recorded with the example external engine, and that engine's command.
    private func examplePops(in folder: String) throws -> (archive: String, command: String) {
        let archive = folder + "/a.sqlite"
        let command = "python3 \(repositoryRoot)/tools/example_engine.py"
        _ = try record(
            try synthesizedStream("nav.interactive-pop", count: 20, seed: 6, in: folder), engine: .exec(command: command),
            into: archive)
        return (archive, command)
    }

    @Test func anExternalEngineResumesWithTheSameCommandOnly() throws {
        let folder = try temporaryFolder()
        let (archive, command) = try examplePops(in: folder)
        let results = folder + "/r.sqlite"
        let reference = folder + "/reference.sqlite"
        var replayed = 0
        let changed = EngineSpec.exec(command: command + " --threshold 0.4")
        _ = try replay(archive, into: reference, on: changed, replayed: &replayed)
        let killed = try replay(archive, into: results, on: changed, replayed: &replayed)
        try interruptReplay(killed.replayID, in: results, after: 7)

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

    /// An external engine that failed on every session of the interrupted run never said who it is,
    /// so the replay names "exec unknown" and its command: a resume with that command is accepted
    /// (and the replay then names the engine that answers), one with another command is refused.
    @Test func anEngineThatNeverAnsweredResumesWithTheSameCommandOnly() throws {
        let folder = try temporaryFolder()
        let (archive, example) = try examplePops(in: folder)
        // The example engine, once the file `ready` exists; before, a process that exits at once.
        let script = folder + "/engine.sh"
        try Data("[ -f \"$(dirname \"$0\")/ready\" ] || exit 3\nexec \(example) \"$@\"\n".utf8)
            .write(to: URL(fileURLWithPath: script))
        let command = "sh \(script)"
        let results = folder + "/r.sqlite"
        var replayed = 0
        let killed = try replay(archive, into: results, on: .exec(command: command), replayed: &replayed)
        #expect(killed.errors == 20)
        #expect(killed.candidate?.name == "exec" && killed.candidate?.version == "unknown")
        try interruptReplay(killed.replayID, in: results, after: 7)
        _ = FileManager.default.createFile(atPath: folder + "/ready", contents: nil)

        let refusal = #expect(throws: ReelFailure.self) {
            try replay(
                archive, into: results, on: .exec(command: command + " --threshold 0.4"), resuming: killed.replayID,
                replayed: &replayed)
        }
        #expect(refusal?.message.contains("it was begun with the candidate exec unknown") == true, "\(String(describing: refusal))")
        #expect(try archiveCount(results, "SELECT count(*) FROM replay_results") == 7)

        let resumed = try replay(
            archive, into: results, on: .exec(command: command), resuming: killed.replayID, replayed: &replayed)
        #expect(replayed == 13)
        // Sessions 1...7 kept their errors; the engine recorded 8...20 itself, so they match.
        #expect(resumed.sessions == 20 && resumed.errors == 7 && resumed.matched == 13)
        #expect(
            try verdicts(of: killed.replayID, in: results).map(\.status) == Array(repeating: "error", count: 7)
                + Array(repeating: "matched", count: 13))
        #expect(resumed.candidate?.name == "example-percent-engine" && resumed.candidate?.version == "1.0")
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

        try interruptReplay(1, in: folder + "/r.sqlite", after: 14)
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
        try Database.open(folder + "/r.sqlite", mode: .readWrite).execute("UPDATE replays SET status = 'failed'")
        let failed = try runReel(base + ["--resume", "1"], in: folder)
        #expect(failed.status == 65)
        #expect(failed.standardError.contains("r.sqlite: cannot resume replay 1: it failed; start a new replay"))
        try Database.open(folder + "/r.sqlite", mode: .readWrite).execute("UPDATE replays SET status = 'running'")
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
