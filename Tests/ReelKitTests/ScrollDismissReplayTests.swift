import Foundation
import ReelFormats
import ReelKit
import ReelKitExamples
import ReelRunner
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

/// The pull-to-dismiss recorded with its dismiss distance 200 pt and replayed against a version
/// whose distance is 150: exactly the sessions whose release the rule decides differently under
/// the two distances (a sheet pulled with pulled + (v / 1000) 0.99 / 0.01 between 150 and 200)
/// diverge. The rule follows one finger, so the sessions with a second finger are recorded and
/// replayed but not predicted.
@Suite struct ScrollDismissReplayTests {
    static let sessions = 60

    @Test func aChangedDismissDistanceFlagsExactlyTheSessionsTheRulePredicts() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/scroll.sqlite"
        let scene = ScrollDismissExample.scene
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: .phone, refreshHz: 60, seed: 8)
        var bytes: [UInt8] = []
        var predicted: Set<Int64> = []
        var kinds = 0
        var oneFinger: Set<Int64> = []
        for index in 0..<Self.sessions {
            var session = synthesizer.session(index: index)
            session.scenarioSpecJSON = scene.spec.canonicalJSON
            bytes += GestureStreamWriter.encode(session)
            guard GestureReplay.isOneFinger(session.touches) else { continue }
            oneFinger.insert(Int64(index + 1))
            let a = ScrollDismissExampleTests.expected(session.touches, dismissDistance: 200)
            let b = ScrollDismissExampleTests.expected(session.touches, dismissDistance: 150)
            #expect(a != nil && b != nil, "session \(index): the rule covers it")
            if a?.kind != b?.kind { predicted.insert(Int64(index + 1)) }
            if a?.kind == .dismissed || a?.kind == .back { kinds += 1 }
        }
        #expect(!predicted.isEmpty && predicted.count < kinds, "the seed gives handed-off sessions of both kinds")
        let stream = folder + "/scroll.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: stream))
        let recorder = Recorder(
            archive: try Archive.open(archive, mode: .readWrite), engine: ReelKitEngine(scenes: [scene], name: "scroll", version: "A"))
        try recorder.record(try GestureStreamReader(path: stream))
        #expect(recorder.summary.recorded == Self.sessions, "\(recorder.summary.errors.prefix(2))")

        let versionB = ReelKitEngine.factory(scenes: [ScrollDismissExample.scene(dismissDistance: 150)], name: "scroll", version: "B")
        let summary = try Replayer(archivePath: archive, engine: versionB, options: .init(jobs: 2, tolerances: .exact)).run()
        #expect(summary.sessions == Self.sessions && summary.errors == 0)
        let judged = try verdicts(of: summary.replayID, in: archive)
        let diverged = Set(judged.filter { $0.status != "matched" }.map(\.session))
        #expect(oneFinger.count >= Self.sessions / 2, "the seed gives mostly one-finger sessions")
        #expect(diverged.intersection(oneFinger) == predicted)
    }
}
