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

/// The constraint sheet recorded with its open height 700 and replayed against a version whose
/// height constraint opens to 650: exactly the sessions whose frames the example's rule gives
/// differently under the two open heights (a drag above 650, an opening, a release between the two
/// midpoints, 410 and 385) diverge.
@Suite struct AutoLayoutSheetReplayTests {
    static let sessions = 60

    @Test func aChangedConstraintConstantFlagsExactlyTheSessionsTheRulePredicts() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/sheet.sqlite"
        let scene = ConstraintSheetExample.scene
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: .phone, refreshHz: 60, seed: 6)
        var bytes: [UInt8] = []
        var touchesByID: [Int64: [Touch]] = [:]
        for index in 0..<Self.sessions {
            var session = synthesizer.session(index: index)
            session.scenarioSpecJSON = scene.spec.canonicalJSON
            bytes += GestureStreamWriter.encode(session)
            touchesByID[Int64(index + 1)] = session.touches
        }
        let stream = folder + "/sheet.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: stream))
        let recorder = Recorder(
            archive: try Archive.open(archive, mode: .readWrite), engine: ReelKitEngine(scenes: [scene], name: "sheet", version: "A"))
        try recorder.record(try GestureStreamReader(path: stream))
        #expect(recorder.summary.recorded == Self.sessions, "\(recorder.summary.errors.prefix(2))")

        // The prediction: the rule's heights at version A's frame times under 700 and under 650.
        var predicted: Set<Int64> = []
        for (id, touches) in touchesByID {
            let trace = try ReelKitEngine(scenes: [scene], name: "sheet", version: "A").run(
                scenario: scene.spec, device: .phone, refreshHz: 60, touches: touches, outcomeHierarchy: false)
            let times = trace.frames.map(\.t)
            let a = AutoLayoutSheetExampleTests.heights(touches, at: times, open: 700).heights
            let b = AutoLayoutSheetExampleTests.heights(touches, at: times, open: 650).heights
            if a != b { predicted.insert(id) }
        }
        #expect(!predicted.isEmpty && predicted.count < Self.sessions, "the seed gives sessions of both kinds")

        let versionB = ReelKitEngine.factory(scenes: [ConstraintSheetExample.scene(openHeight: 650)], name: "sheet", version: "B")
        let summary = try Replayer(archivePath: archive, engine: versionB, options: .init(jobs: 2, tolerances: .exact)).run()
        #expect(summary.sessions == Self.sessions && summary.errors == 0)
        let judged = try verdicts(of: summary.replayID, in: archive)
        let diverged = Set(judged.filter { $0.status != "matched" }.map(\.session))
        #expect(diverged == predicted)
    }
}
