import Foundation
import ReelEngine
import ReelJSON
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Binary touches in requests (docs/PROTOCOL.md, "The binary encoding"): what Reel sends an engine
/// process whose hello agreed binary requests. Both decoders read them to the request the plain
/// touches give, bit for bit, and so does the independent reader of tools/example_engine.py;
/// hostile bytes are refused naming `binary_touches`.
@Suite("Binary requests")
struct BinaryRequestTests {
    /// The served requests of every catalog scenario, plus touches with -0.0, extreme values and every phase.
    static func requests() -> [EngineRequest] {
        var requests = ServedAnswers.answers(perScenario: 1).map(\.request)
        let phases: [TouchPhase] = [.began, .moved, .stationary, .ended, .cancelled]
        let xs: [Double] = [0, -0.0, 1e-300, 5e-324, 390.5, -1e300]
        var odd: [Touch] = []
        for index in 0..<40 {
            let id = index % 3 == 0 ? -7 : 9_007_199_254_740_992
            let t = Double(index / 2) / 120
            odd.append(Touch(t: t, id: id, phase: phases[index % 5], x: xs[index % 6], y: Double(index) / 3))
        }
        requests.append(EngineRequest(scenarioName: "odd", device: GestureSession.defaultDevice, refreshHz: 120, touches: odd, id: 3))
        requests.append(EngineRequest(scenarioName: "none", device: GestureSession.defaultDevice, refreshHz: 60, touches: [], id: 4))
        return requests
    }

    @Test func binaryTouchesDecodeToThePlainRequestBitForBit() throws {
        var decoder = RequestDecoder()
        for request in Self.requests() {
            var binary = request
            binary.sendsBinaryTouches = true
            let plainLine = Array(try request.encodedLine().dropLast())
            let binaryLine = Array(try binary.encodedLine().dropLast())
            let text = String(decoding: binaryLine, as: UTF8.self)
            #expect(text.contains(#""binary_touches":""#) && !text.contains(#""touches":"#))
            let tree = try EngineRequest.decode(line: binaryLine)
            let fast = try binaryLine.withUnsafeBufferPointer { try decoder.decode(line: $0) }
            #expect(tree == request)
            #expect(fast == request)
            #expect(try EngineRequest.decode(line: plainLine) == request)
            let bits = { (r: EngineRequest) in r.touches.flatMap { [$0.t.bitPattern, $0.x.bitPattern, $0.y.bitPattern] } }
            #expect(bits(tree) == bits(request) && bits(fast) == bits(request))
            // Re-encoded plainly, the decoded request is the plain line byte for byte.
            #expect(try tree.encodedLine().dropLast() == plainLine[...])
        }
    }

    /// Touches with runs that start, stop and cross the 8-byte steps, plus every request's.
    static func touchSets() -> [[Touch]] {
        var many: [Touch] = []
        for index in 0..<300 {
            // Ids and phases in stretches, x repeating in threes, y changing every time.
            many.append(
                Touch(
                    t: Double(index) / 120, id: index / 50, phase: index % 50 == 0 ? .began : .moved,
                    x: Double(index / 3), y: Double(index) * 0.5))
        }
        return Self.requests().map(\.touches) + [many, Array(many.prefix(1)), Array(many.prefix(2))]
    }

    /// What `BinaryTouches.writeValue` writes, the independent reader of tools/example_engine.py
    /// (`decode_touches`, written from docs/PROTOCOL.md alone) reads to the same touches bit for
    /// bit; what its writer (`encode_touches`) writes, `BinaryTouches.read` reads to them.
    @Test func binaryTouchesReadAndWriteAsTheIndependentCodecDoes() throws {
        let touchSets = Self.touchSets()
        let folder = try temporaryFolder()
        var lines: [String] = []
        for touches in touchSets {
            var writer = JSONWriter()
            BinaryTouches.writeValue(touches, into: &writer)
            var plain = JSONWriter()
            plain.array(touches) { writer, touch in
                writer.punctuation(UInt8(ascii: "{"))
                GestureStreamWriter.appendTouchFields(touch, to: &writer)
                writer.closeObject()
            }
            lines.append("[" + writer.text + "," + plain.text + "]")
        }
        let input = folder + "/touches.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        // Each line: Python's reading of Reel's bytes, then Python's bytes of the plain touches.
        let script = """
            import base64, json, sys
            sys.path.insert(0, sys.argv[1])
            import example_engine
            for line in sys.stdin:
                text, touches = json.loads(line)
                read = example_engine.decode_touches(base64.urlsafe_b64decode(text))
                written = base64.urlsafe_b64encode(example_engine.encode_touches(touches)).decode()
                print(json.dumps([read, written]))
            """
        let run = try startProcess(
            ["/usr/bin/env", "python3", "-c", script, repositoryRoot + "/tools"], in: folder, input: input, captureFolder: folder
        ).wait()
        #expect(run.status == 0, "\(run.standardError)")
        let answers = run.standardOutput.split(separator: "\n")
        try #require(answers.count == touchSets.count)
        let bits = { (touches: [Touch]) in touches.flatMap { [$0.t.bitPattern, $0.x.bitPattern, $0.y.bitPattern] } }
        for (touches, answer) in zip(touchSets, answers) {
            let pair = try JSONParser.parse(Array(answer.utf8))
            guard case .array(let members) = pair, members.count == 2, case .string(let written) = members[1] else {
                Issue.record("not a pair: \(answer.prefix(100))")
                continue
            }
            let read = try EngineRequest.decode(
                line: Array(#"{"scenario":{"name":"x"},"touches":\#(JSONWriter.text(of: members[0]))}"#.utf8)
            ).touches
            #expect(read == touches && bits(read) == bits(touches))
            let decoded = try Array(written.utf8).withUnsafeBufferPointer { try BinaryTouches.read($0) }
            #expect(decoded == touches && bits(decoded) == bits(touches))
        }
    }

    @Test func hostileBinaryTouchesAreRefusedByName() throws {
        func layout(_ body: (inout BinaryAnswerTests.Layout) -> Void) -> String {
            var layout = BinaryAnswerTests.Layout()
            layout.bytes[0] = BinaryTouches.version
            body(&layout)
            var text: [UInt8] = []
            layout.bytes.withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
            return "\"" + String(decoding: text, as: UTF8.self) + "\""
        }
        func touches(count: UInt32, id: UInt64 = 1, phase: UInt8 = 0, t: Double = 0) -> (inout BinaryAnswerTests.Layout) -> Void {
            { layout in
                layout.u32(count)
                layout.run(t, count)
                layout.u8(1)
                layout.u32(1)
                layout.u64(id)
                layout.u32(count)
                layout.u8(1)
                layout.u32(1)
                layout.u8(phase)
                layout.u32(count)
                layout.run(0, count)
                layout.run(0, count)
            }
        }
        let cases: [(String, String)] = [
            (layout(touches(count: 2)), "decoded"),
            (#""AQ+A""#, #"field "binary_touches" is not base64url text (RFC 4648 section 5): '+' is not a base64url character"#),
            ("5", #"field "binary_touches" must be a string of base64url text, not a number"#),
            (layout(touches(count: 2, phase: 5)), #"field "binary_touches.phase": 5 is not a phase"#),
            (layout(touches(count: 2, id: 1 << 60)), #"field "binary_touches.id": 1152921504606846976 is not an integer within 2^53"#),
            (layout(touches(count: 2, t: .nan)), #"field "binary_touches.t": nan at byte"#),
            (layout(touches(count: 100_000)), #"field "binary_touches.count": 100000 touches is more than"#),
            (
                layout {
                    touches(count: 2)(&$0)
                    $0.u8(0)
                }, "1 bytes after the end of the layout"
            ),
            (
                layout {
                    touches(count: 2)(&$0)
                    $0.bytes.removeLast()
                }, #"field "binary_touches.y": 1 runs of 12 bytes do not fit the 11 bytes left"#
            ),
            (
                layout {
                    touches(count: 2)(&$0)
                    $0.bytes[0] = 9
                }, #"field "binary_touches.version": the layout is version 9"#
            ),
        ]
        for (value, expected) in cases {
            let line = #"{"id":1,"scenario":{"name":"modal.swipe-dismiss"},"binary_touches":\#(value)}"#
            let tree = Result { () throws(EngineProtocolError) in try EngineRequest.decode(line: Array(line.utf8)) }
            var decoder = RequestDecoder()
            let fast = Array(line.utf8).withUnsafeBufferPointer { bytes in
                Result { () throws(EngineProtocolError) in try decoder.decode(line: bytes) }
            }
            #expect(fast == tree)
            switch tree {
            case .success(let request): #expect(expected == "decoded" && request.touches.count == 2, "\(value)")
            case .failure(let error): #expect(error.reason.contains(expected), "expected \(expected): \(error.reason)")
            }
        }
        let both = #"{"scenario":{"name":"x"},"touches":[],"binary_touches":\#(layout(touches(count: 1)))}"#
        #expect(throws: EngineProtocolError(reason: #"invalid request: a request holds "touches" or "binary_touches", not both"#)) {
            try EngineRequest.decode(line: Array(both.utf8))
        }
    }

    /// A process's agreement is its own: a new one (after a crash, a time-out or a malformed
    /// answer) says hello again, its first request plain, before any binary touches.
    @Test func aNewProcessSaysHelloAgain() throws {
        var slot = EngineProcessSlot()
        #expect(slot.agreement == nil)
        slot.agreement = ProtocolHello.Agreement(answers: .binary, requests: .binary)
        slot.current = nil
        #expect(slot.agreement == nil)
    }
}
