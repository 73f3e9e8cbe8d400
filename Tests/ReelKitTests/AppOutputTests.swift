import Foundation
import ReelFormats
import ReelKit
import ReelTestSupport
import Testing

/// A team's own output never breaks the engine protocol: `card.logging` prints from every callback
/// (lines shaped like answers among them, one left unterminated), and `reel record` / `reel replay`
/// through `exec:reelkit-examples` still read every answer. Before `ProtocolChannel` the first
/// session's prints landed in the answer stream and `reel record` failed on malformed JSON.
@Suite struct AppOutputTests {
    @Test(.enabled(if: ExecEngineTests.built, "needs reel and reelkit-examples built (swift build)"))
    func aSceneThatPrintsEverywhereRecordsAndReplaysOverTheProtocol() throws {
        let (folder, stream, archive) = try ExecEngineTests.synthesizeAndRecordWithA("card.logging", count: 40, seed: 7)
        #expect(try archiveCount(archive, "SELECT count(*) FROM sessions") == 40)
        #expect(try archiveCount(archive, "SELECT count(*) FROM outcomes") == 40)

        // The decisions are the card's rule (progress = translation.y / 444 > 0.35 at the lift),
        // computed from the touches: the prints changed nothing the scene does.
        let reader = try GestureStreamReader(path: stream)
        var expectedCompleted = 0
        var released = 0
        while let next = reader.next() {
            let session = try next.get()
            guard let release = CardExampleTests.release(session.touches, threshold: 0.35) else { continue }
            released += 1
            if release.goes { expectedCompleted += 1 }
        }
        #expect(released >= 30)
        #expect(try archiveCount(archive, "SELECT count(*) FROM outcomes WHERE decision = 'finished'") == Int64(expectedCompleted))

        let replay = try runReel(
            ["replay", archive, "--engine", "exec:\(ExecEngineTests.versionA)", "--tolerance", "exact", "--jobs", "2"], in: folder)
        #expect(replay.status == 0, "\(replay.standardOutput)\(replay.standardError)")
        #expect(try verdicts(of: 1, in: archive).allSatisfy { $0.status == "matched" })
    }

    /// Served by hand, the answers are exactly one JSON line per request on standard output, and
    /// what the scene printed is on standard error.
    @Test(.enabled(if: ExecEngineTests.built, "needs reelkit-examples built (swift build)"))
    func theAnswersStayOnStandardOutputAndThePrintsGoToStandardError() throws {
        let folder = try temporaryFolder()
        let synth = try startProcess(
            [ExecEngineTests.versionA, "synth", "card.logging", "--count", "3", "--seed", "7"], in: folder, captureFolder: folder
        ).wait()
        let stream = folder + "/logging.jsonl"
        try Data(synth.standardOutput.utf8).write(to: URL(fileURLWithPath: stream))
        let reader = try GestureStreamReader(path: stream)
        var requests: [UInt8] = []
        var id = 0
        while let next = reader.next() {
            let session = try next.get()
            id += 1
            requests += try EngineRequest(
                scenarioName: session.scenario, scenarioSpecJSON: session.scenarioSpecJSON, device: session.device,
                refreshHz: session.refreshHz, touches: session.touches, id: id
            ).encodedLine()
        }
        let requestsPath = folder + "/requests.jsonl"
        try Data(requests).write(to: URL(fileURLWithPath: requestsPath))
        let served = try startProcess([ExecEngineTests.versionA], in: folder, input: requestsPath, captureFolder: folder).wait()
        #expect(served.status == 0, "\(served.standardError)")
        let answers = served.standardOutput.split(separator: "\n")
        #expect(answers.count == 3)
        for (index, answer) in answers.enumerated() {
            #expect(answer.hasPrefix("{\"id\":\(index + 1),"), "answer \(index + 1) starts \(answer.prefix(40))")
            #expect(!answer.contains("\"error\""), "answer \(index + 1): \(answer.prefix(200))")
        }
        #expect(served.standardError.contains("animator: interruptibleAnimator"))
        #expect(served.standardError.contains("not from the engine"))
    }
}
