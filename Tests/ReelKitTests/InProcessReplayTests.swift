import Foundation
import ReelFormats
import ReelKit
import ReelKitExamples
import ReelKitRunner
import ReelRunner
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

/// An embedder replays in process: ReelRunner's `Replayer` takes a ReelKit engine through
/// `ReelKitEngine.factory` (`EngineFactory(inProcess:make:)`). The archive holds swipe dismissals
/// recorded by the built-in engine and card dismissals recorded by the card example's version A;
/// version B (threshold 0.45) replays it.
@Suite struct InProcessReplayTests {
    static let cardSessions = 120
    static let swipeSessions = 150

    /// Version B of the examples, as `reelkit-examples-b` serves them.
    static func versionB() -> EngineFactory {
        ReelKitEngine.factory(scenes: ExampleScenes.all(cardThreshold: 0.45), name: "reelkit-examples", version: "B")
    }

    /// The archive, and the ids of the card sessions whose release lies between the two rules
    /// (0.35 < translation.y / 444 <= 0.45 at an ended lift), computed from the touches.
    static func corpus(in folder: String) throws -> (archive: String, between: Set<Int64>, cards: Set<Int64>) {
        let archive = folder + "/mixed.sqlite"
        let builtin = try record(try synthesizedStream("modal.swipe-dismiss", count: swipeSessions, seed: 13, in: folder), into: archive)
        #expect(builtin.recorded == swipeSessions)

        let scene = CardDismissExample.scene(threshold: 0.35)
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: .phone, refreshHz: 60, seed: 4)
        var bytes: [UInt8] = []
        var between: Set<Int64> = []
        var cards: Set<Int64> = []
        for index in 0..<cardSessions {
            var session = synthesizer.session(index: index)
            session.scenarioSpecJSON = scene.spec.canonicalJSON
            bytes += GestureStreamWriter.encode(session)
            // Session ids follow the recording order: the swipe dismissals first.
            let id = Int64(swipeSessions + index + 1)
            cards.insert(id)
            if let release = CardExampleTests.release(session.touches, threshold: 0.35), release.goes, release.progress <= 0.45 {
                between.insert(id)
            }
        }
        let stream = folder + "/card.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: stream))
        let recorder = Recorder(
            archive: try Archive.open(archive, mode: .readWrite),
            engine: ReelKitEngine(scenes: ExampleScenes.all(cardThreshold: 0.35), name: "reelkit-examples", version: "A"))
        try recorder.record(try GestureStreamReader(path: stream))
        #expect(recorder.summary.recorded == cardSessions, "\(recorder.summary.errors.prefix(2))")
        #expect(between.count >= 3, "the seed gives sessions between the rules")
        return (archive, between, cards)
    }

    @Test func anInProcessReplayFlipsExactlyTheCardSessionsBetweenTheRules() throws {
        let folder = try temporaryFolder()
        let corpus = try Self.corpus(in: folder)
        let summary = try Replayer(
            archivePath: corpus.archive, engine: Self.versionB(), options: .init(jobs: 2, tolerances: .exact)
        ).run()
        #expect(summary.sessions == Self.swipeSessions + Self.cardSessions)
        #expect(summary.diverged == corpus.between.count && summary.errors == 0)
        #expect(summary.candidate?.name == "reelkit-examples" && summary.candidate?.version == "B")

        let judged = try verdicts(of: summary.replayID, in: corpus.archive)
        let flipped = Set(judged.filter { $0.expected != $0.actual }.map(\.session))
        #expect(flipped == corpus.between)
        // The built-in engine's swipe dismissals replay bit for bit on the ReelKit re-implementation.
        let swipes = judged.filter { !corpus.cards.contains($0.session) }
        #expect(swipes.count == Self.swipeSessions && swipes.allSatisfy { $0.status == "matched" })
        let candidate = try Archive.open(corpus.archive, mode: .readOnly).replayRun(id: summary.replayID)?.candidate
        #expect(candidate == "in-process:reelkit-examples")
    }

    @Test(.enabled(if: ExecEngineTests.built, "needs reel and reelkit-examples-b built (swift build)"))
    func anInProcessReplayGivesTheVerdictsOfTheExecPath() throws {
        let folder = try temporaryFolder()
        let corpus = try Self.corpus(in: folder)
        let overProtocol = folder + "/exec.sqlite"
        // The recordings into the main file, so the copy holds every session.
        try Archive.foldWriteAheadLog(at: corpus.archive)
        try FileManager.default.copyItem(atPath: corpus.archive, toPath: overProtocol)

        let summary = try Replayer(
            archivePath: corpus.archive, engine: Self.versionB(), options: .init(jobs: 2, tolerances: .exact)
        ).run()
        let replay = try runReel(
            [
                "replay", overProtocol, "--engine", "exec:\(ExecEngineTests.versionB)", "--tolerance", "exact", "--jobs", "2",
                "--no-keep-traces",
            ], in: folder)
        #expect(replay.status == 1, "\(replay.standardOutput)\(replay.standardError)")

        let inProcess = try verdicts(of: summary.replayID, in: corpus.archive)
        let execPath = try verdicts(of: 1, in: overProtocol)
        #expect(inProcess.count == Self.swipeSessions + Self.cardSessions)
        #expect(execPath.count == inProcess.count)
        for (mine, theirs) in zip(inProcess, execPath) where mine != theirs {
            Issue.record("session \(mine.session): in process \(mine), over the protocol \(theirs)")
        }
        #expect(Set(inProcess.filter { $0.expected != $0.actual }.map(\.session)) == corpus.between)
        let engines = try [(corpus.archive, summary.replayID), (overProtocol, Int64(1))].map { path, replayID in
            let archive = try Archive.open(path, mode: .readOnly)
            let run = try archive.replayRun(id: replayID)
            return try archive.engine(id: try #require(run).engineID)
        }
        #expect(engines.map { $0?.name } == ["reelkit-examples", "reelkit-examples"])
        #expect(engines.map { $0?.version } == ["B", "B"])
    }

    /// A replay in process that keeps its traces is accepted by `reel accept` (which takes the kept
    /// traces and never needs the engine), and the next replay of B in process matches everything.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: reelExecutable), "needs reel built (swift build)"))
    func keptTracesOfAnInProcessReplayAreAccepted() throws {
        let folder = try temporaryFolder()
        let corpus = try Self.corpus(in: folder)
        let first = try Replayer(
            archivePath: corpus.archive, engine: Self.versionB(), options: .init(tolerances: .exact, keepsTraces: true)
        ).run()
        #expect(first.diverged == corpus.between.count)
        let accept = try runReel(["accept", corpus.archive, "--replay", String(first.replayID)], in: folder)
        #expect(accept.status == 0, "\(accept.standardOutput)\(accept.standardError)")
        let again = try Replayer(archivePath: corpus.archive, engine: Self.versionB(), options: .init(tolerances: .exact)).run()
        #expect(again.sessions == Self.swipeSessions + Self.cardSessions && again.matched == again.sessions)
    }

    @Test func anInProcessSpecWithoutAMakerIsAUsageError() throws {
        #expect {
            _ = try EngineFactory(.inProcess(name: "cards")).make()
        } throws: { error in
            (error as? ReelFailure)?.kind == .usage && "\(error)".contains("EngineFactory(inProcess:make:)")
        }
        #expect(EngineSpec.inProcess(name: "cards").description == "in-process:cards")
    }
}
