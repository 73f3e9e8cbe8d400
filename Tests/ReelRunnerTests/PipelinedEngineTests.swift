import Foundation
import ReelEngine
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelRunner

/// Sessions sent ahead to an `exec:` engine (`AheadEngine`, `ReplayWorker.sessionsAhead`): the
/// answers come back in order and equal the ones asked one at a time; an engine that dies or hangs
/// with sessions in flight costs exactly the session it failed on (the rest are sent again to a
/// new process), as without sending ahead.
@Suite("Sessions sent ahead to an exec engine")
struct PipelinedEngineTests {
    let command = "python3 \(repositoryRoot)/tools/example_engine.py"

    private func sessions(_ count: Int) throws -> (ScenarioSpec, [GestureSession]) {
        let spec = try #require(ScenarioCatalog.named("nav.interactive-pop"))
        let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: 60, seed: 44)
        return (spec, (0..<count).map { synthesizer.session(index: $0) })
    }

    @Test func answersSentAheadAreTheAnswersAskedOneByOne() throws {
        let (spec, sessions) = try sessions(6)
        let one = ExternalTransitionEngine(command: command)
        let expected = try sessions.map { session in
            try one.run(scenario: spec, device: session.device, refreshHz: 60, touches: session.touches, outcomeHierarchy: true)
        }
        let ahead = ExternalTransitionEngine(command: command)
        for session in sessions { ahead.sendAhead(scenario: spec, device: session.device, refreshHz: 60, touches: session.touches) }
        #expect(ahead.sessionsAhead == 6)
        for (index, session) in sessions.enumerated() {
            let trace = try ahead.run(
                scenario: spec, device: session.device, refreshHz: 60, touches: session.touches, outcomeHierarchy: true)
            #expect(trace == expected[index])
            #expect(ahead.sessionsAhead == 5 - index)
        }
        // A session other than the one sent first: the sessions ahead are dropped, the answer is still its own.
        ahead.sendAhead(scenario: spec, device: sessions[0].device, refreshHz: 60, touches: sessions[0].touches)
        ahead.sendAhead(scenario: spec, device: sessions[1].device, refreshHz: 60, touches: sessions[1].touches)
        let other = try ahead.run(
            scenario: spec, device: sessions[4].device, refreshHz: 60, touches: sessions[4].touches, outcomeHierarchy: true)
        #expect(other == expected[4])
        #expect(ahead.sessionsAhead == 0)
    }

    /// The example engine misbehaves on the request after its N-th answer, per process: with
    /// `--crash-after 3` or `--hang-after 3` the first process answers sessions 1-3 and fails on 4
    /// while 5-12 are already on their way to it; they go to a new process, which answers 5-7 and
    /// fails on 8, and so on: sessions 4, 8 and 12 fail, every other one matches, in a replay that
    /// keeps sessions in flight.
    @Test(arguments: [
        ("--crash-after 3", "exited with status 3 before answering"),
        ("--hang-after 3", "did not answer within 2 s and was killed"),
    ])
    func aFailureMidWindowCostsOnlyItsSession(misbehaviour: String, message: String) throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(
            try synthesizedStream("nav.interactive-pop", count: 12, seed: 9, in: folder), engine: .exec(command: command), into: archive)
        let engine = try EngineFactory(.exec(command: "\(command) \(misbehaviour)"), timeLimit: .seconds(2))
        let summary = try Replayer(archivePath: archive, engine: engine, options: .init(jobs: 1)).run()
        let results = try Archive.open(archive, mode: .readOnly).replayResults(replayID: summary.replayID)
        let failing = Set([3, 7, 11])
        #expect(results.count == 12)
        for (index, result) in results.enumerated() {
            #expect(result.status == (failing.contains(index) ? .error : .matched), "session \(index + 1)")
            if failing.contains(index) {
                #expect(result.errorMessage?.contains(message) == true, "\(result.errorMessage ?? "no message")")
            }
        }
    }

    /// A replay sends `ReplayWorker.sessionsAhead` (8) sessions ahead of the one it waits for:
    /// an engine that answers session k only once it holds the request of session k + 8 (or the
    /// last) answers every session of a 12-session replay without waiting for anything Reel does
    /// not send (with 3 ahead, the first answer never came); the first, which carries the hello,
    /// goes alone and is answered at once. With batches of 8 the window runs on
    /// into the next batch: session 1 is answered once session 9, of the second batch, was sent.
    @Test(arguments: [64, 8])
    func theEngineHoldsTheRequestsOfTheNextSessionsWhileAnswering(sessionsPerRead: Int) throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let count = 12
        _ = try record(
            try synthesizedStream("nav.interactive-pop", count: count, seed: 9, in: folder), engine: .exec(command: command),
            into: archive)
        let holding = folder + "/holding_engine.py"
        try """
        import json, sys
        sys.path.insert(0, "\(repositoryRoot)/tools")
        import example_engine
        total, ahead = int(sys.argv[1]), int(sys.argv[2])
        requests, answered = [], 0
        while answered < total:
            # The first request carries the hello and goes alone (docs/PROTOCOL.md, "Hello").
            while len(requests) <= (0 if answered == 0 else min(answered + ahead, total - 1)):
                line = sys.stdin.buffer.readline()
                if not line:
                    sys.exit(0)
                requests.append(json.loads(line))
            request = requests[answered]
            answer = example_engine.run_session(request, 0.5, 0.35)
            answer = {"id": request["id"], "engine": {"name": example_engine.ENGINE_NAME, "version": "1.0"}, **answer}
            sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\\n")
            sys.stdout.flush()
            answered += 1
        """.write(toFile: holding, atomically: true, encoding: .utf8)
        let engine = try EngineFactory(
            .exec(command: "python3 \(holding) \(count) \(ReplayWorker.sessionsAhead)"), timeLimit: .seconds(5))
        let summary = try Replayer(archivePath: archive, engine: engine, options: .init(jobs: 1, sessionsPerRead: sessionsPerRead))
            .run()
        let results = try Archive.open(archive, mode: .readOnly).replayResults(replayID: summary.replayID)
        #expect(ReplayWorker.sessionsAhead == 8)
        #expect(results.count == count)
        #expect(results.allSatisfy { $0.status == .matched }, "\(results.map { $0.errorMessage ?? "" })")
    }

    /// A replay compares an exec engine's answers in parts of `ReplayWorker.sessionsPerAheadPart`
    /// (8) sessions, so the engine simulates the next part (sent ahead) meanwhile; an engine in
    /// this process compares a batch in one part (the trace budget aside).
    @Test func partsOfAnExecEngineHoldEightSessions() {
        #expect(ReplayWorker.partLimit(aheadEngine: true) == 8)
        #expect(ReplayWorker.partLimit(aheadEngine: false) == Int.max)
        #expect(ReplayWorker.sessionsAhead >= ReplayWorker.sessionsPerAheadPart)
    }
}
