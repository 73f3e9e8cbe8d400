import Foundation
import ReelEngine
import ReelSynth
import ReelTrace

@testable import ReelFormats
@testable import ReelRunner

/// Answers the codec tests encode and decode: real ones of the built-in engine, and odd ones.
enum ServedAnswers {
    /// Real traces: the built-in engine's answers to synthesized sessions of every catalog scenario.
    static func answers(perScenario: Int = 2) -> [(request: EngineRequest, response: EngineResponse)] {
        let server = EngineServer(engine: BuiltinEngine())
        var answers: [(EngineRequest, EngineResponse)] = []
        for spec in ScenarioCatalog.all {
            let synthesizer = GestureSynthesizer(scenario: spec, device: GestureSession.defaultDevice, refreshHz: 60, seed: 5)
            for index in 0..<perScenario {
                let session = synthesizer.session(index: index)
                let request = EngineRequest(
                    scenarioName: spec.name, scenarioSpecJSON: spec.canonicalJSON, device: session.device, refreshHz: session.refreshHz,
                    touches: session.touches, id: answers.count + 1)
                if case .response(let response) = server.answer(request) { answers.append((request, response)) }
            }
        }
        return answers
    }

    /// A trace whose views come and go, change order, carry -0.0, 3-D members and every kind of number.
    static func oddTrace(seed: UInt64) -> Trace {
        var random = SplitMix64(seed: seed)
        let values: [Double] = [0, -0.0, 1, 390, 0.5, 0.1, 1.0 / 3.0, 1e-7, .leastNonzeroMagnitude, 1e300, -2.5e-5, 0.016666666666666666]
        func pick() -> Double { values[Int(random.next() % UInt64(values.count))] }
        let frames = (0..<40).map { index in
            let count = Int(random.next() % 5)
            let keys = ["A.view", "B.view", "dimming", "snap\u{e9}\\\"", "C"].shuffled(using: &random).prefix(count)
            return Frame(
                index: index, t: Double(index) / 60, progress: pick(),
                views: keys.map { key in
                    var view = ViewState(
                        key: key, x: pick(), y: pick(), w: pick(), h: pick(), alpha: pick(),
                        transform: AffineTransform(a: pick(), b: pick(), c: pick(), d: pick(), tx: pick(), ty: pick()),
                        rotationX: random.next() % 3 == 0 ? pick() : 0, rotationY: 0, m34: random.next() % 4 == 0 ? -0.0 : 0,
                        z: Int(random.next() % 7) - 3, hidden: random.next() % 2 == 0)
                    // Odd seeds set extension properties now and then (-0.0 among the values: set,
                    // though equal to 0); even seeds none, so both layouts are read.
                    if seed % 2 == 1, random.next() % 3 == 0 {
                        let property = ViewProperty.extensions[Int(random.next() % UInt64(ViewProperty.extensions.count))]
                        property.set(pick(), in: &view)
                    }
                    return view
                })
        }
        let events = (0..<30).map { index in
            TraceEvent(
                t: Double(index / 3) / 60, kind: ["gesture", "lifecycle", "transition"][index % 3], subject: index % 2 == 0 ? "pan" : "B",
                detail: index % 4 == 0 ? "update(\(Double(index) / 7))" : "changed")
        }
        return Trace(frames: frames, events: events, outcome: Outcome(completed: true, t: 1, hierarchy: #"{"nav":["A"]}"#))
    }
}
