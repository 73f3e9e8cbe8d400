import PropertyBased
import ReelEngine
import ReelFormats
import Testing

/// Mutated gesture streams: the reader never crashes or loops, rejects with `file:line: reason`
/// naming a line of the input, and whatever it accepts keeps the format's promises and runs
/// through the built-in engine to a trace or an engine error, never a crash.
@Suite("Fuzz: gesture stream reader")
struct GestureStreamFuzzTests {
    static let dictionary = [
        "{\"type\":\"session\",\"scenario\":\"nav.push\"}\n", "{\"type\":\"touch\",\"t\":0,\"id\":0,\"phase\":\"began\",\"x\":1,\"y\":2}\n",
        "\"type\"", "\"session\"", "\"touch\"", "\"scenario\"", "\"device\"", "\"width\"", "\"refresh_hz\"", "\"tags\"",
        "\"t\"", "\"id\"", "\"phase\"", "\"began\"", "\"moved\"", "\"stationary\"", "\"ended\"", "\"cancelled\"", "\"x\"",
    ]

    @Test func mutatedStreamsAreReadOrRejectedWithALine() async throws {
        let corpus = try Corpus("gesture-stream")
        await propertyCheck(
            count: fuzzCases, input: Gen.int(in: 0...1000), Gen<UInt64>.value().array(of: 1...12)
        ) { seed, words in
            check(corpus.mutated(seed: seed, words: words, dictionary: Self.dictionary))
        }
    }

    @Test func everyCorpusEntryAsIs() throws {
        for entry in try Corpus("gesture-stream").entries { check(entry) }
    }

    @Test func deepNestingIsRejectedWithoutExhaustingTheStack() {
        let line = Array(String(repeating: "[", count: 100_000).utf8)
        let reader = GestureStreamReader(bytes: line, name: "deep.jsonl")
        guard case .failure(let error)? = reader.next() else {
            Issue.record("100000 nested arrays were not rejected")
            return
        }
        #expect(error.line == 1)
        #expect(error.reason.contains("nesting deeper than"))
    }

    /// Reads the whole stream; every result must name a line of it.
    private func check(_ bytes: [UInt8]) {
        let lineCount = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        let reader = GestureStreamReader(bytes: bytes, name: "fuzz.jsonl")
        var results = 0
        while let result = reader.next() {
            results += 1
            // Each result consumes at least one line, so more results than lines means a loop.
            guard results <= lineCount + 1 else {
                Issue.record("the reader returned more results than the stream has lines")
                return
            }
            switch result {
            case .failure(let error):
                #expect(error.file == "fuzz.jsonl")
                #expect((1...lineCount).contains(error.line), "line \(error.line) of \(lineCount)")
                #expect(!error.reason.isEmpty)
                #expect(error.description.hasPrefix("fuzz.jsonl:\(error.line): "))
            case .success(let session):
                #expect((1...lineCount).contains(session.line))
                #expect(!session.scenario.isEmpty)
                #expect((1...240).contains(session.refreshHz))
                #expect(session.device.width > 0 && session.device.height > 0 && session.device.scale > 0)
                for (previous, touch) in zip(session.touches, session.touches.dropFirst()) {
                    #expect(previous.t <= touch.t, "time goes backwards in an accepted session")
                }
                #expect(session.touches.allSatisfy { $0.t.isFinite && $0.x.isFinite && $0.y.isFinite })
                if let spec = ScenarioCatalog.named(session.scenario) {
                    _ = try? Engine().run(
                        scenario: spec, device: session.device, refreshHz: session.refreshHz, touches: session.touches)
                }
            }
        }
    }
}
