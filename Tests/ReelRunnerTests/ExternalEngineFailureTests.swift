import Foundation
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// A failing external engine costs the replay the sessions it failed on, never the replay.
@Suite("Replay with a failing external engine")
struct ExternalEngineFailureTests {
    let command = "python3 \(repositoryRoot)/tools/example_engine.py"

    /// The candidate engine stored with the archive's replay.
    private func candidateEngine(in archive: String) throws -> EngineIdentity {
        let store = try Archive.open(archive, mode: .readOnly)
        let run = try #require(try store.replayRuns().last)
        return try #require(try store.engine(id: run.engineID))
    }

    /// Three sessions the example engine recorded; returns the archive's path.
    private func archive(in folder: String) throws -> String {
        let archive = folder + "/a.sqlite"
        _ = try record(
            try synthesizedStream("nav.interactive-pop", count: 3, seed: 8, in: folder), engine: .exec(command: command),
            into: archive)
        return archive
    }

    /// With one worker the engine process answers session 1, fails on session 2 (it misbehaves
    /// after one answer) and is replaced by a fresh process that answers session 3. The time limit
    /// leaves room for starting Python on a busy machine (2 s was not enough at load 14: the fresh
    /// process for session 3 was killed too).
    @Test(arguments: [
        ("--hang-after 1", "did not answer within 5 s and was killed"),
        ("--crash-after 1", "exited with status 3 before answering; stderr: example engine: crashing on purpose"),
        ("--garbage-after 1", "the engine's response is not valid"),
    ])
    func theFailedSessionIsAnErrorAndTheOthersGoOn(misbehaviour: String, message: String) throws {
        let folder = try temporaryFolder()
        let archive = try archive(in: folder)
        let engine = try EngineFactory(.exec(command: "\(command) \(misbehaviour)"), timeLimit: .seconds(5))
        let summary = try Replayer(archivePath: archive, engine: engine, options: .init(jobs: 1)).run()
        #expect(summary.sessions == 3 && summary.matched == 2 && summary.errors == 1)

        let results = try Archive.open(archive, mode: .readOnly).replayResults(replayID: summary.replayID)
        #expect(results.map(\.status) == [.matched, .error, .matched])
        #expect(results[1].errorMessage?.contains(message) == true, "\(results[1].errorMessage ?? "no message")")
        #expect(results[1].decisionActual == nil && results[1].kinds == [.error])
    }

    /// An engine that fails every session before answering any stops the replay after
    /// `EngineFactory.startupAttempts` of them, with nothing written.
    @Test func anEngineThatNeverAnswersStopsTheReplay() throws {
        let folder = try temporaryFolder()
        let archive = try archive(in: folder)
        let crashing = "\(command) --crash-after 0"
        let failure = #expect(throws: ReelFailure.self) {
            try Replayer(archivePath: archive, engine: try EngineFactory(.exec(command: crashing)), options: .init(jobs: 2)).run()
        }
        #expect(failure?.kind == .engineFailed)
        #expect(failure?.message.contains("stderr: example engine: crashing on purpose") == true, "\(String(describing: failure))")
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == 0)
    }

    /// Told never to give up, a replay whose engine never answered names it "exec unknown".
    @Test func anEngineThatNeverAnswersIsRecordedAsExecUnknown() throws {
        let folder = try temporaryFolder()
        let archive = try archive(in: folder)
        let crashing = "\(command) --crash-after 0"
        let summary = try Replayer(
            archivePath: archive, engine: try EngineFactory(.exec(command: crashing), startupAttempts: .max), options: .init(jobs: 2)
        ).run()
        #expect(summary.errors == 3)
        let candidate = try candidateEngine(in: archive)
        #expect(candidate.name == "exec" && candidate.version == "unknown")
        #expect(candidate.fingerprint == ExternalEngine.fingerprint(name: "exec", version: "unknown", command: crashing))
        #expect(summary.candidate == candidate)
    }

    /// Session 1 is of a scenario the example engine does not know (it answers {"error": ...}), so
    /// the first chunk ends before the engine has said who it is; the replay must still name it.
    @Test func anEngineThatAnswersOnlyAfterTheFirstChunkIsNamed() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 1, seed: 9, in: folder), into: archive)
        _ = try record(
            try synthesizedStream("nav.interactive-pop", count: 2, seed: 9, in: folder), engine: .exec(command: command),
            into: archive)
        let summary = try Replayer(
            archivePath: archive, engine: try EngineFactory(.exec(command: command)), options: .init(jobs: 1, chunkSize: 1)
        ).run()
        #expect(summary.errors == 1 && summary.matched == 2)
        let candidate = try candidateEngine(in: archive)
        #expect(candidate.name == "example-percent-engine" && candidate.version == "1.0")
        #expect(candidate == summary.candidate)
    }
}
