import Dispatch
import ReelEngine
import ReelFormats
import ReelKit
import ReelKitExamples
import ReelSynth
import ReelTrace
import Synchronization
import Testing

/// Same touches, same scene: the same bytes, run after run, engine after engine, thread after thread.
@Suite struct DeterminismTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let scenes = ExampleScenes.all(cardThreshold: 0.35)

    /// Every example's sessions, as protocol response lines (every number written round-trip exact).
    static func responses(engine: ReelKitEngine, count: Int) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for scene in scenes {
            let synthesizer = GestureSynthesizer(scenario: scene.spec, device: device, refreshHz: 60, seed: 5)
            for index in 0..<count {
                let request = EngineRequest(
                    scenarioName: scene.name, device: device, refreshHz: 60, touches: synthesizer.session(index: index).touches, id: index)
                lines.append(ReelKitServer.answer(request, engine: engine).encodedLine(id: index))
            }
        }
        return lines
    }

    @Test func traceBytesRepeatAcrossRunsEnginesAndThreads() {
        let first = Self.responses(engine: ReelKitEngine(scenes: Self.scenes, name: "d", version: "1"), count: 20)
        let second = Self.responses(engine: ReelKitEngine(scenes: Self.scenes, name: "d", version: "1"), count: 20)
        #expect(first == second)
        #expect(!first.contains { String(decoding: $0, as: UTF8.self).contains("\"error\"") })
        // Four threads at once, each with its own engine (as the replayer's workers).
        let results = Mutex<[[[UInt8]]]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let lines = Self.responses(engine: ReelKitEngine(scenes: Self.scenes, name: "d", version: "1"), count: 20)
            results.withLock { $0.append(lines) }
        }
        for lines in results.withLock({ $0 }) { #expect(lines == first) }
    }

    @Test func unknownScenesAreAnsweredWithAnErrorNamingThem() {
        let engine = ReelKitEngine(scenes: Self.scenes, name: "d", version: "1")
        let request = EngineRequest(scenarioName: "no.such", device: Self.device, refreshHz: 60, touches: [], id: 1)
        let line = String(decoding: ReelKitServer.answer(request, engine: engine).encodedLine(id: 1), as: UTF8.self)
        #expect(line.contains("unknown scene 'no.such'"))
        #expect(line.contains("card.dismiss"))
    }
}
