import ReelJSON
import ReelSynth
import ReelTrace
import Testing

@testable import ReelFormats

/// Issue 37: the binary answer writer rewritten as one pass into reserved room
/// (`BinaryTraceWriter`) writes exactly the bytes of the writer before it
/// (`ReferenceBinaryTraceWriter`, kept word for word), in both versions, for every scenario's
/// traces and for traces made to reach each of its paths: views found by their key's bits or as
/// equal strings, layout runs, column forms at their edges, texts found again by their bits or
/// compared, index sizes of 1, 2 and 4 bytes.
@Suite("Binary trace writer identity")
struct BinaryTraceWriterIdentityTests {
    /// Both writers' bytes for `trace`, in both versions, must be equal; and the member's text is
    /// the base64url text of those bytes.
    private func expectSameBytes(_ trace: Trace, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for version in [BinaryTrace.version, BinaryTrace.argumentsVersion] {
            let new = BinaryTraceWriter.encode(trace, version: version)
            let old = ReferenceBinaryTraceWriter.encode(trace, version: version)
            // Compared first, so a failure names the first differing byte rather than printing both.
            let same = new == old
            let differing = same ? 0 : (0..<min(new.count, old.count)).first { new[$0] != old[$0] } ?? min(new.count, old.count)
            #expect(
                same, "\(name), version \(version): \(new.count) bytes against \(old.count), first differing at \(differing)",
                sourceLocation: sourceLocation)
            var writer = JSONWriter()
            BinaryTraceWriter.write(trace, version: version, into: &writer)
            var text: [UInt8] = []
            old.withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
            let member = Array(#""binary_trace":""#.utf8) + text + [UInt8(ascii: "\"")]
            let sameMember = writer.bytes == member
            #expect(sameMember, "\(name), version \(version): the member's text", sourceLocation: sourceLocation)
        }
    }

    private static func view(_ key: String, _ value: Double, z: Int = 0, hidden: Bool = false) -> ViewState {
        ViewState(
            key: key, x: value, y: value, w: 390, h: 844, alpha: 1,
            transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: value, ty: 0), z: z, hidden: hidden)
    }

    private static func trace(_ views: [[ViewState]], events: [TraceEvent] = []) -> Trace {
        Trace(
            frames: views.enumerated().map { Frame(index: $0.offset, t: Double($0.offset) / 60, progress: 0, views: $0.element) },
            events: events, outcome: Outcome(completed: true, t: 0, hierarchy: ""))
    }

    /// A key made at run time, so equal keys are separate strings with their own storage (not
    /// equal bits): long enough not to be a small string.
    private static func madeKey(_ name: String) -> String { String(decoding: Array("\(name).container.view.long".utf8), as: UTF8.self) }

    @Test func everyScenarioGivesTheSameBytes() {
        for (index, answer) in ColumnAnswerTests.servedAnswers(perScenario: 3).enumerated() {
            expectSameBytes(answer.response.trace, "scenario answer \(index)")
        }
    }

    @Test func oddTracesGiveTheSameBytes() {
        for seed in 1...40 { expectSameBytes(ColumnAnswerTests.oddTrace(seed: UInt64(seed)), "odd \(seed)") }
    }

    @Test func edgeCasesGiveTheSameBytes() {
        let empty = Trace(frames: [], events: [], outcome: Outcome(completed: false, t: 0, hierarchy: ""))
        expectSameBytes(empty, "empty")
        expectSameBytes(Self.trace([[]]), "one frame, no views")
        expectSameBytes(Self.trace([[], [], []]), "frames without views")
        expectSameBytes(Self.trace([[Self.view("A", 1)]]), "one frame, one view")
        expectSameBytes(Self.trace([[], [Self.view("A", 1)], [], [Self.view("A", 2)]]), "a view that comes and goes")
        let a = Self.view("A.view", 0)
        let b = Self.view("B.view", 1)
        let c = Self.view("C", -0.0)
        expectSameBytes(Self.trace([[a, b], [a, b], [b, a], [b, a], [a], [a, b, c], [c, b, a], [c], [a, b]]), "reordered views")
        expectSameBytes(Self.trace([[a, a], [a, a], [a, b, a], [a]]), "a key twice in a frame")
        // Keys equal as strings but stored apart, and canonically equivalent keys.
        let made = (0..<6).map { _ in [Self.view(Self.madeKey("A"), 1), Self.view(Self.madeKey("B"), 2)] }
        expectSameBytes(Self.trace(made), "keys stored apart")
        expectSameBytes(
            Self.trace([[Self.view("caf\u{e9}", 1)], [Self.view("cafe\u{301}", 2)], [Self.view("caf\u{e9}", 3)]]), "equivalent keys")
        // Runs at the ends of columns: the form picked at the edge of its byte counts.
        for count in 1...12 {
            for change in 0...count {
                let views = (0..<count).map { index in [Self.view("A", index < change ? 0 : -0.0, z: index == count - 1 ? 1 << 53 : -3)] }
                expectSameBytes(Self.trace(views), "\(count) frames changing at \(change)")
            }
        }
        // More views than the writer keeps room for at first (32), some in several frames.
        let many = (0..<4).map { frame in (0..<(20 + 25 * frame)).map { Self.view("view \($0 * (frame % 2 == 0 ? 1 : -1))", Double(frame)) }
        }
        expectSameBytes(Self.trace(many), "many views")
        let extremes: [Double] = [
            -0.0, 0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e-300, 2.2250738585072014e-308, 1,
        ]
        expectSameBytes(Self.trace(extremes.map { [Self.view("A", $0, z: Int(1 << 53), hidden: $0 == 0)] }), "extreme numbers")
    }

    @Test func eventTextsGiveTheSameBytes() {
        func events(_ details: [String], kinds: [String] = ["gesture", "lifecycle"], subjects: [String] = ["pan", "B"]) -> [TraceEvent] {
            details.enumerated().map { index, detail in
                TraceEvent(
                    t: Double(index) / 60, kind: kinds[index % kinds.count], subject: subjects[index % subjects.count], detail: detail)
            }
        }
        let calls = [
            "updateInteractiveTransition(0.4127)", "updateInteractiveTransition(0.4127)", "updateInteractiveTransition(0.5000)",
            "finish(-0.0015)", "f(0.50)", "f(00.5000)", "f(-0.0000)", "began", "changed", "changed", "ended", "(1.0000)",
            "viewWillAppear", "viewDidAppear", "a", "b", "c", "d", "e", "a", "b", "",
        ]
        expectSameBytes(Self.trace([[]], events: events(calls)), "details")
        // Details equal as text but stored apart, and the same strings again.
        let made = (0..<20).map { index in String(decoding: Array("updateInteractiveTransition(0.\(4000 + index % 3))".utf8), as: UTF8.self)
        }
        expectSameBytes(Self.trace([], events: events(made + made)), "details stored apart")
        let plain = (0..<20).map { index in String(decoding: Array("viewWillAppear.something.long.\(index % 6)".utf8), as: UTF8.self) }
        expectSameBytes(Self.trace([], events: events(plain + plain.reversed())), "texts stored apart")
        // Five and more kinds and subjects in turn (more than the four recent ones), equivalent texts.
        let kinds = ["k1", "k2", "k3", "k4", "k5", "caf\u{e9}", "cafe\u{301}", Self.madeKey("k"), Self.madeKey("k")]
        expectSameBytes(Self.trace([], events: events(calls + calls, kinds: kinds, subjects: kinds.reversed())), "many kinds")
        // Index sizes: more than 256 and more than 65,536 texts.
        for count in [255, 256, 257, 300, 65_535, 65_536, 65_537, 66_000] {
            let details = (0..<count).map { "d\($0)" }
            expectSameBytes(Self.trace([], events: events(details)), "\(count) texts")
        }
    }

    @Test func randomTracesGiveTheSameBytes() {
        var random = SplitMix64(seed: 37)
        let keys = ["A.view", "B.view", "dimming", "snapshot", "C", Self.madeKey("A"), Self.madeKey("A"), "caf\u{e9}", "cafe\u{301}"]
        let numbers: [Double] = [0, -0.0, 1, 0.5, 390, 844, 1e-7, -2.5e-5, 1e300]
        let texts = ["gesture", "lifecycle", "pan", "B", "began", "changed", "f(0.1234)", "f(-1.0000)", "g(0.50)", "x", "y", "z"]
        for _ in 0..<300 {
            let frameCount = Int(random.next() % 40)
            let stickiness = random.next() % 4
            var current = Array(keys.shuffled(using: &random).prefix(Int(random.next() % 5)))
            var frames: [[ViewState]] = []
            for _ in 0..<frameCount {
                if random.next() % 4 >= stickiness { current = Array(keys.shuffled(using: &random).prefix(Int(random.next() % 5))) }
                frames.append(
                    current.map { key in
                        let pick = { numbers[Int(random.next() % UInt64(random.next() % 3 == 0 ? numbers.count : 2))] }
                        return ViewState(
                            key: key, x: pick(), y: pick(), w: pick(), h: pick(), alpha: pick(),
                            transform: AffineTransform(a: pick(), b: pick(), c: pick(), d: pick(), tx: pick(), ty: pick()),
                            rotationX: pick(), rotationY: pick(), m34: pick(), z: Int(random.next() % 5) - 2, hidden: random.next() % 3 == 0
                        )
                    })
            }
            let eventCount = Int(random.next() % 50)
            let events = (0..<eventCount).map { index in
                let text = { texts[Int(random.next() % UInt64(texts.count))] }
                let detail = random.next() % 3 == 0 ? "update(\(random.next() % 30_000 / 10_000).\(1000 + random.next() % 9000))" : text()
                return TraceEvent(t: Double(index / 2) / 60, kind: text(), subject: text(), detail: detail)
            }
            expectSameBytes(Self.trace(frames, events: events), "random")
        }
    }
}
