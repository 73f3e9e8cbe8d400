import ReelEngine
import ReelFormats
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelRunner

/// Issue 48, item 2: the recorder holds at most `Recorder.heldTraceBudget` twice plus one trace of
/// traces handed to its writer and not inserted, whatever the batch size. On 0.16.0 a chunk took
/// 16 sessions however large and two chunks ran ahead (8 amplified answers: 3.1 GB).
@Suite("Recorder memory budget")
struct RecorderMemoryBudgetTests {
    /// The built-in engine's trace of each session with a final hierarchy of `padding` bytes (a
    /// JSON string, its own storage each time): a large answer's worth of heap per session.
    final class LargeTraceEngine: TransitionEngine {
        private let engine = BuiltinEngine()
        let padding: Int
        private(set) var largest = 0
        var identity: EngineIdentity { engine.identity }
        var identityIsKnown: Bool { true }

        init(padding: Int) { self.padding = padding }

        func run(scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool) throws
            -> Trace
        {
            var trace = try engine.run(scenario: scenario, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: false)
            trace.outcome.hierarchy = "\"" + String(repeating: "x", count: padding) + "\""
            largest = max(largest, TraceFootprint.bytes(of: trace))
            return trace
        }
    }

    @Test func tracesInFlightStayWithinTwiceTheBudgetPlusOneTrace() throws {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        let synthesizer = GestureSynthesizer(
            scenario: ScenarioCatalog.named("nav.interactive-pop")!, device: .phone, refreshHz: 60, seed: 9)
        var bytes: [UInt8] = []
        let count = 24
        for index in 0..<count { bytes += GestureStreamWriter.encode(synthesizer.session(index: index)) }
        // A quarter of the budget each: a chunk of 16 such sessions, as before, held four budgets.
        let engine = LargeTraceEngine(padding: Recorder.heldTraceBudget / 4)
        let recorder = Recorder(archive: try Archive.open(archivePath, mode: .readWrite), engine: engine, options: .init(batchSize: 64))
        try recorder.record(GestureStreamReader(bytes: bytes, name: "in.jsonl"))
        #expect(recorder.summary.recorded == count)
        let bound = 2 * Recorder.heldTraceBudget + engine.largest
        #expect(recorder.peakTraceBytesInFlight > 0)
        #expect(
            recorder.peakTraceBytesInFlight <= bound,
            "peak \(recorder.peakTraceBytesInFlight) bytes in flight, bound \(bound) (traces of \(engine.largest) bytes)")
    }
}
