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

/// An embedder records a team's scenes in process: ReelRunner's `Recorder` takes a `ReelKitEngine`
/// like any `TransitionEngine`; the sessions carry the scene's spec inline, as `synth` writes them.
@Suite struct EmbeddingTests {
    @Test func theRecorderRecordsAReelKitEngineInProcess() throws {
        let folder = try temporaryFolder()
        let scene = CardDismissExample.scene(threshold: 0.35)
        let device = Device(width: 390, height: 844, scale: 3)
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: device, refreshHz: 60, seed: 21)
        var bytes: [UInt8] = []
        var finishing = 0
        for index in 0..<40 {
            var session = synthesizer.session(index: index)
            session.scenarioSpecJSON = scene.spec.canonicalJSON
            bytes += GestureStreamWriter.encode(session)
            if CardExampleTests.release(session.touches, threshold: 0.35)?.goes == true { finishing += 1 }
        }
        let stream = folder + "/card.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: stream))
        let archive = try Archive.open(folder + "/card.sqlite", mode: .readWrite)
        let recorder = Recorder(archive: archive, engine: ReelKitEngine(scenes: [scene], name: "cards", version: "A"))
        try recorder.record(try GestureStreamReader(path: stream))
        #expect(recorder.summary.recorded == 40 && recorder.summary.errors.isEmpty, "\(recorder.summary.errors.prefix(2))")
        #expect(recorder.summary.finished == finishing)
        #expect(finishing > 5 && finishing < 35)
    }
}
