import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelJSON

@Suite("Gesture stream export")
struct GestureStreamWriterTests {
    private func touches(_ values: [Double]) -> [Touch] {
        values.indices.map { index in
            let phase: TouchPhase = index == 0 ? .began : index == values.count - 1 ? .ended : .moved
            return Touch(t: Double(index) * 0.1, id: 0, phase: phase, x: values[index], y: -values[index])
        }
    }

    @Test func exportThenReadGivesBitIdenticalSessions() throws {
        let awkward: [Double] = [0.1, 1e-7, 390, -0.0, 0, 1.0 / 3.0, 0.016666666666666666, .leastNonzeroMagnitude, 123456.789, -17.25]
        let sessions = [
            GestureSession(
                sourceFile: "round.jsonl", line: 1, scenario: "nav.interactive-pop", externalID: "a \"quoted\"\nid",
                tags: ["synth", "flick"],
                touches: touches(awkward)),
            GestureSession(
                sourceFile: "round.jsonl", line: 12, scenario: "/tmp/my scenario.json",
                device: Device(width: 1024.5, height: 1366, scale: 2), refreshHz: 120,
                touches: [Touch(t: 1e-7, id: 7, phase: .began, x: 0.1, y: 0.2), Touch(t: 1e-7, id: 7, phase: .cancelled, x: 0.1, y: 0.2)]),
            GestureSession(
                sourceFile: "round.jsonl", line: 15, scenario: "my.pop",
                scenarioSpecJSON: #"{"name":"my.pop","summary":"a \"quoted\" one","hierarchy":{"controllers":["A","B"]}}"#,
                touches: touches([4, 90])),
        ]
        var writer = JSONWriter()
        for session in sessions { GestureStreamWriter.append(session, to: &writer) }
        let readBack = try Array(GestureStreamReader(text: writer.text, name: "round.jsonl")).map { try $0.get() }
        #expect(readBack == sessions)
        for (original, back) in zip(sessions, readBack) {
            for (a, b) in zip(original.touches, back.touches) {
                #expect(a.t.bitPattern == b.t.bitPattern)
                #expect(a.x.bitPattern == b.x.bitPattern)
                #expect(a.y.bitPattern == b.y.bitPattern)
            }
        }
    }

    @Test func writesTheDocumentedLineFormat() {
        let session = GestureSession(
            scenario: "nav.interactive-pop", externalID: "x",
            touches: [Touch(t: 0.016, id: 0, phase: .moved, x: 9.5, y: 421)])
        #expect(
            String(decoding: GestureStreamWriter.encode(session), as: UTF8.self) == """
                {"type":"session","scenario":"nav.interactive-pop","device":{"width":390,"height":844,"scale":3},"refresh_hz":60,"id":"x"}
                {"type":"touch","t":0.016,"id":0,"phase":"moved","x":9.5,"y":421}

                """)
    }
}
