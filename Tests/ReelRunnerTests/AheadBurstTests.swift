import Foundation
import ReelEngine
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelRunner

/// Issue 37: a replay through an `exec:` engine sends the sessions ahead in bursts
/// (`ReplayWorker.sendBurst`), several requests in one write, instead of one write per session.
/// The window rule: before the answer of session k is read, session k + `sessionsAhead` has been
/// sent (the contract `PipelinedEngineTests` holds an engine to), and when it is due the next
/// `sendBurst` go with it. A burst answers exactly as the same sessions sent one by one.
@Suite("Sessions sent ahead in bursts")
struct AheadBurstTests {
    let command = "python3 \(repositoryRoot)/tools/example_engine.py"

    @Test func theWindowRunsFromEightToTwelveSessionsAhead() {
        let ahead = ReplayWorker.sessionsAhead
        let burst = ReplayWorker.sendBurst
        #expect(ahead == 8 && burst == 4)
        // Nothing sent yet: sessions 0...12 go out at once.
        #expect(ReplayWorker.lastToSend(waitingFor: 0, sentThrough: 0) == ahead + burst)
        // Sessions 0...12 sent (13 of them): nothing is due until session 13 (5 + 8) must be.
        for waiting in 1...4 {
            #expect(ReplayWorker.lastToSend(waitingFor: waiting, sentThrough: 13) == waiting + ahead)
            #expect(ReplayWorker.lastToSend(waitingFor: waiting, sentThrough: 13) < 13)
        }
        // Waiting for session 5, session 13 is due: 13...17 go out together.
        #expect(ReplayWorker.lastToSend(waitingFor: 5, sentThrough: 13) == 5 + ahead + burst)
        // Whatever has been sent, the session `sessionsAhead` after the one waited for is sent by then.
        for waiting in 0..<40 {
            for sent in 0...(waiting + ahead + burst + 1) {
                let last = ReplayWorker.lastToSend(waitingFor: waiting, sentThrough: sent)
                #expect(max(last + 1, sent) > waiting + ahead)
                #expect(last <= waiting + ahead + burst)
            }
        }
    }

    @Test func aBurstIsAnsweredAsTheSessionsSentOneByOne() throws {
        let spec = try #require(ScenarioCatalog.named("nav.interactive-pop"))
        // The example engine knows two scenario names; the second here is the same spec renamed.
        var other = spec
        other.name = "sheet.interactive-dismiss"
        var sessions: [AheadSession] = []
        for index in 0..<7 {
            let scenario = index % 3 == 2 ? other : spec
            let synthesizer = GestureSynthesizer(scenario: scenario, device: .phone, refreshHz: 60, seed: 45)
            let session = synthesizer.session(index: index)
            sessions.append(AheadSession(scenario: scenario, device: session.device, refreshHz: 60, touches: session.touches))
        }
        let one = ExternalTransitionEngine(command: command)
        let expected = try sessions.map {
            try one.run(scenario: $0.scenario, device: $0.device, refreshHz: 60, touches: $0.touches, outcomeHierarchy: true)
        }
        let bursts = ExternalTransitionEngine(command: command)
        bursts.sendAhead(Array(sessions[0..<4]))
        #expect(bursts.sessionsAhead == 4)
        for index in 0..<2 {
            let trace = try bursts.run(
                scenario: sessions[index].scenario, device: sessions[index].device, refreshHz: 60, touches: sessions[index].touches,
                outcomeHierarchy: true)
            #expect(trace == expected[index], "session \(index)")
        }
        bursts.sendAhead(Array(sessions[4...]))
        #expect(bursts.sessionsAhead == 5)
        for index in 2..<7 {
            let trace = try bursts.run(
                scenario: sessions[index].scenario, device: sessions[index].device, refreshHz: 60, touches: sessions[index].touches,
                outcomeHierarchy: true)
            #expect(trace == expected[index], "session \(index)")
            #expect(bursts.sessionsAhead == 6 - index)
        }
        // An empty burst sends nothing.
        bursts.sendAhead([])
        #expect(bursts.sessionsAhead == 0)
    }
}
