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

/// card.corner-spring recorded with its lifted corners at 24 pt and replayed against a version
/// whose corners spring to 20: the corner radius is in the traces, so exactly the sessions whose
/// drag picks the card up (the pan begins: the spring runs from then on, to another radius) diverge,
/// each a frame divergence naming `corner_radius`; a session whose pan never begins shows the same
/// card (radius 0, the same shadow) in both. The rule follows one finger (GestureReplay.isOneFinger),
/// so the sessions are one-finger ones.
@Suite struct LayerReplayTests {
    @Test func aChangedCornerRadiusFlagsExactlyTheSessionsWhoseDragLiftsTheCard() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/card.sqlite"
        let scene = CornerSpringCardExample.scene
        let device = Device(width: 390, height: 844, scale: 3)
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: device, refreshHz: 60, seed: 21)
        var bytes: [UInt8] = []
        var predicted: Set<Int64> = []
        var unlifted = 0
        var kept = 0
        // Synthesized drags mostly start above the card: of the first sessions, the one-finger ones
        // until 15 lift the card and 10 do not (a drag above it, which the card's pan never sees).
        for index in 0..<600 where predicted.count < 15 || unlifted < 10 {
            var session = synthesizer.session(index: index)
            guard GestureReplay.isOneFinger(session.touches) else { continue }
            // The pan is the card's: it begins only for a finger that lands on the card (y 400 ... 844).
            let lands = session.touches.first.map { $0.y >= Double(CornerSpringCardExample.cardTop) } ?? false
            let lifts = lands && GestureReplay.pan(session.touches).readings.contains { $0.state == .began }
            if lifts ? predicted.count >= 15 : unlifted >= 10 { continue }
            session.scenarioSpecJSON = scene.spec.canonicalJSON
            bytes += GestureStreamWriter.encode(session)
            kept += 1
            if lifts { predicted.insert(Int64(kept)) } else { unlifted += 1 }
        }
        #expect(predicted.count == 15 && unlifted == 10, "the seed gives sessions that lift the card and sessions that do not")
        let stream = folder + "/card.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: stream))
        let recorder = Recorder(
            archive: try Archive.open(archive, mode: .readWrite), engine: ReelKitEngine(scenes: [scene], name: "card", version: "A"))
        try recorder.record(try GestureStreamReader(path: stream))
        #expect(recorder.summary.recorded == kept, "\(recorder.summary.errors.prefix(2))")

        let versionB = ReelKitEngine.factory(scenes: [CornerSpringCardExample.scene(liftedRadius: 20)], name: "card", version: "B")
        let summary = try Replayer(archivePath: archive, engine: versionB, options: .init(jobs: 2, tolerances: .default)).run()
        #expect(summary.sessions == kept && summary.errors == 0)
        let judged = try verdicts(of: summary.replayID, in: archive)
        let diverged = Set(judged.filter { $0.status != "matched" }.map(\.session))
        #expect(diverged == predicted)
        // What diverged is the corner radius, and nothing of the card's geometry, alpha or shadow.
        let database = try Archive.open(archive, mode: .readOnly).database
        let properties = try database.prepare(
            "SELECT DISTINCT property FROM divergences WHERE replay_id = ?1 AND kind = 'frame' ORDER BY property")
        try properties.bind(summary.replayID, at: 1)
        var names: [String] = []
        while try properties.step() { names.append(properties.string(at: 0)) }
        #expect(names == ["corner_radius"], "\(names)")
    }
}
