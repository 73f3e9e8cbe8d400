import Foundation
import ReelEngine
import ReelJSON
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Binary touches in requests (docs/PROTOCOL.md, "Binary requests"): what Reel sends an engine
/// process once it has answered in the binary form. Both decoders read them to the request the
/// plain touches give, bit for bit; hostile bytes are refused naming `binary_touches`.
@Suite("Binary requests")
struct BinaryRequestTests {
    /// The served requests of every catalog scenario, plus touches with -0.0, extreme values and every phase.
    static func requests() -> [EngineRequest] {
        var requests = ColumnAnswerTests.servedAnswers(perScenario: 1).map(\.request)
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
        for var request in Self.requests() {
            request.offersBinary = true
            request.offersColumns = true
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

    /// The layout `BinaryTouches.writeValue` writes is the one the reference writer (the writer
    /// before session 18, kept in the tests) writes, byte for byte: the head, then the five
    /// columns in order, each in the form that takes fewer bytes.
    @Test func binaryTouchesAreTheReferenceWritersBytes() throws {
        var many: [Touch] = []
        for index in 0..<300 {
            // Runs that start, stop and cross the 8-byte steps: ids and phases in stretches, x
            // repeating in threes, y changing every time.
            many.append(
                Touch(
                    t: Double(index) / 120, id: index / 50, phase: index % 50 == 0 ? .began : .moved,
                    x: Double(index / 3), y: Double(index) * 0.5))
        }
        let touchSets = Self.requests().map(\.touches) + [many, Array(many.prefix(1)), Array(many.prefix(2))]
        for touches in touchSets {
            var reference = ReferenceBinaryBuffer()
            reference.u8(1)
            reference.u32(touches.count)
            let phaseNumbers: [TouchPhase: UInt64] = [.began: 0, .moved: 1, .stationary: 2, .ended: 3, .cancelled: 4]
            let columns: [([UInt64], Int)] = [
                (touches.map(\.t.bitPattern), 8), (touches.map { UInt64(bitPattern: Int64($0.id)) }, 8),
                (touches.map { phaseNumbers[$0.phase]! }, 1), (touches.map(\.x.bitPattern), 8), (touches.map(\.y.bitPattern), 8),
            ]
            for (values, size) in columns { values.withUnsafeBufferPointer { reference.column($0, size: size) } }
            var text: [UInt8] = []
            Array(reference.bytes).withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
            var writer = JSONWriter()
            BinaryTouches.writeValue(touches, into: &writer)
            #expect(writer.bytes == [UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")], "\(touches.count) touches")
        }
    }

    @Test func hostileBinaryTouchesAreRefusedByName() throws {
        func layout(_ body: (inout BinaryAnswerTests.Layout) -> Void) -> String {
            var layout = BinaryAnswerTests.Layout()
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

    /// A process that has answered in binary is sent binary touches; a new process (after a crash,
    /// a time-out or a malformed answer) starts again with plain ones until it answers in binary.
    @Test func aNewProcessStartsWithPlainTouches() throws {
        var slot = EngineProcessSlot()
        #expect(slot.readsBinaryTouches == false)
        slot.readsBinaryTouches = true
        slot.current = nil
        #expect(slot.readsBinaryTouches == false)
    }
}
