import Foundation
import ReelEngine
import ReelJSON
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Issues 30, 37 and 50: the binary encoding's answers (`ProtocolEncoding.binary`, docs/PROTOCOL.md
/// "The binary encoding") decode to the traces the plain form gives, bit for bit; servers answer
/// in it only after a hello that agrees it; every rule of the layout refuses hostile bytes with
/// the member's name.
@Suite("Binary answers")
struct BinaryAnswerTests {
    /// The plain line of a decoded reply: equal lines mean bit-identical traces.
    private func plainText(_ line: [UInt8]) throws -> String {
        let reply = try EngineReply.decode(line: Array(line.dropLast()))
        return String(decoding: reply.encodedLine(id: 1), as: UTF8.self)
    }

    @Test func binaryAndPlainDecodeToTheSameTraceBitForBit() throws {
        var check = HierarchyCheck()
        var plainBytes = 0
        var binaryBytes = 0
        let traces =
            ServedAnswers.answers().map(\.response)
            + (1...20).map { seed in
                EngineResponse(engineName: "odd", engineVersion: "1", trace: ServedAnswers.oddTrace(seed: UInt64(seed)))
            }
            + [
                EngineResponse(
                    engineName: "empty", engineVersion: "1",
                    trace: Trace(frames: [], events: [], outcome: Outcome(completed: false, t: 0, hierarchy: "")))
            ]
        for response in traces {
            let plain = EngineReply.response(response).encodedLine(id: 1, encoding: .plain, hierarchyCheck: &check)
            let binary = EngineReply.response(response).encodedLine(id: 1, encoding: .binary, hierarchyCheck: &check)
            let text = String(decoding: binary, as: UTF8.self)
            #expect(text.contains(#""binary_trace":""#) && !text.contains(#""frames""#))
            #expect(try EngineReply.decode(line: Array(binary.dropLast())) == .response(response))
            #expect(try plainText(binary) == plainText(plain))
            if !["odd", "empty"].contains(response.engineName) {
                plainBytes += plain.count
                binaryBytes += binary.count
            }
        }
        // -0.0 keeps its sign: the decoded bit patterns, not just the values, are the trace's.
        let odd = ServedAnswers.oddTrace(seed: 3)
        let line = EngineReply.response(EngineResponse(engineName: "o", engineVersion: "1", trace: odd))
            .encodedLine(id: nil, encoding: .binary, hierarchyCheck: &check)
        guard case .response(let decoded) = try EngineReply.decode(line: Array(line.dropLast())) else {
            Issue.record("no response")
            return
        }
        let bits = { (trace: Trace) in
            trace.frames.flatMap { $0.views.flatMap { [$0.x.bitPattern, $0.m34.bitPattern, $0.alpha.bitPattern] } }
        }
        #expect(bits(decoded.trace) == bits(odd))
        #expect(binaryBytes * 3 < plainBytes, "\(binaryBytes) binary bytes against \(plainBytes) plain")
    }

    /// A server answers plain JSON until a hello; the answer to the hello's request carries its
    /// own and is in the agreed encoding, and so is every answer after it, hello or not; a hello
    /// of another protocol version is refused with an error and agrees nothing.
    @Test func theServerAnswersInTheEncodingItsHelloAgreed() throws {
        let (request, _) = ServedAnswers.answers(perScenario: 1)[0]
        let server = EngineServer(engine: BuiltinEngine())
        let binary = ProtocolHello.Offer.reel
        let plainOnly = ProtocolHello.Offer(answers: [.plain], requests: [.binary, .plain])
        let future = ProtocolHello.Offer(version: 3, answers: [.binary, .plain], requests: [.plain])
        let cases: [(hellos: [ProtocolHello.Offer?], members: [String])] = [
            ([nil, nil], [#""frames":["#, #""frames":["#]),
            ([binary, nil], [#""hello":{"protocol":2,"answers":"binary","requests":"binary"},"engine""#, #""binary_trace":""#]),
            ([plainOnly, nil], [#""hello":{"protocol":2,"answers":"plain","requests":"binary"},"engine""#, #""frames":["#]),
            ([future, nil], [#""error":"the hello asks for protocol 3; this engine speaks protocol 2"#, #""frames":["#]),
            ([nil, binary], [#""frames":["#, #""binary_trace":""#]),
        ]
        for (hellos, members) in cases {
            var lines = ""
            for (index, hello) in hellos.enumerated() {
                var sent = request
                sent.id = index + 1
                sent.hello = hello
                sent.sendsBinaryTouches = index > 0 && hellos[0] == binary
                lines += String(decoding: try sent.encodedLine(), as: UTF8.self)
            }
            var answers: [[UInt8]] = []
            try EngineProtocolServer.serve(
                lines: LineSource(bytes: Array(lines.utf8)), handler: server.answer, emit: { answers.append($0) })
            try #require(answers.count == hellos.count)
            for (index, (answer, member)) in zip(answers, members).enumerated() {
                let text = String(decoding: answer, as: UTF8.self)
                #expect(text.contains(member), "\(index): \(text.prefix(160))")
                #expect(text.contains(#""hello""#) == (hellos[index] != nil && hellos[index] != future), "\(text.prefix(160))")
                #expect(try EngineReply.decodeAnswer(line: Array(answer.dropLast())).id == index + 1)
            }
        }
    }

    /// RFC 4648's test vectors (section 10) in the URL-safe alphabet, and what is refused.
    @Test func base64URLKeepsRFC4648() throws {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            var text: [UInt8] = []
            Array(plain.utf8).withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
            #expect(String(decoding: text, as: UTF8.self) == encoded)
            #expect(try Array(encoded.utf8).withUnsafeBufferPointer { try Base64URL.decode($0) } == Array(plain.utf8))
        }
        // 0xFB 0xFF uses the two characters where the URL alphabet differs: 62 '-' and 63 '_'.
        var text: [UInt8] = []
        [UInt8(0xFB), 0xFF].withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
        #expect(String(decoding: text, as: UTF8.self) == "-_8=")
        for (bad, reason) in [
            ("Zg=", "not a multiple of 4"), ("+_8=", "'+' is not"), ("/_8=", "'/' is not"), ("Zg==Zg==", "'=' is not"),
            ("Zh==", "bits that are not 0"), ("Zm9=", "bits that are not 0"), ("Z===", "'=' is not"), ("Zm\n8", "byte 0xA is not"),
        ] {
            let result = Array(bad.utf8).withUnsafeBufferPointer { text in
                Result { () throws(Base64URL.DecodeError) in try Base64URL.decode(text) }
            }
            switch result {
            case .success: Issue.record("decoded \(bad)")
            case .failure(let error): #expect(error.reason.contains(reason), "\(bad): \(error.reason)")
            }
        }
    }

    // MARK: Hostile layouts

    /// Bytes of the documented layout, written by the test (not by `BinaryTraceWriter`).
    struct Layout {
        var bytes: [UInt8] = [BinaryTrace.version]
        mutating func u8(_ value: UInt8) { bytes.append(value) }
        mutating func u16(_ value: UInt16) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
        mutating func u32(_ value: UInt32) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
        mutating func u64(_ value: UInt64) { bytes += withUnsafeBytes(of: value.littleEndian, Array.init) }
        mutating func f64(_ value: Double) { u64(value.bitPattern) }
        mutating func text(_ utf8: [UInt8]) {
            u32(UInt32(utf8.count))
            bytes += utf8
        }
        /// A column of values one by one (form 0).
        mutating func doubles(_ values: [Double]) {
            u8(0)
            for value in values { f64(value) }
        }
        /// One run of `count` equal doubles (form 1).
        mutating func run(_ value: Double, _ count: UInt32) {
            u8(1)
            u32(1)
            f64(value)
            u32(count)
        }
        /// One view's columns: 14 runs of `value`, z and hidden runs.
        mutating func view(states: UInt32, value: Double = 0, z: UInt64 = 0, hidden: UInt8 = 0) {
            for _ in 0..<14 { run(value, states) }
            u8(1)
            u32(1)
            u64(z)
            u32(states)
            u8(1)
            u32(1)
            u8(hidden)
            u32(states)
        }
        /// No events.
        mutating func noEvents() {
            u32(0)
            u32(0)
            doubles([])
            // kind, subject, detail and argument: empty columns of values.
            for _ in 0..<4 { u8(0) }
        }
        /// A trace of `frames` frames one view "A" (runs only), with `value` everywhere.
        static func oneView(
            frames: UInt32, t: Double = 0, times: [Double]? = nil, value: Double = 0, z: UInt64 = 0, hidden: UInt8 = 0
        ) -> Layout {
            var layout = Layout()
            layout.u32(frames)
            if let times { layout.doubles(times) } else { layout.run(t, frames) }
            layout.run(0, frames)
            layout.u32(1)
            layout.text(Array("A".utf8))
            layout.u32(1)
            layout.u32(frames)
            layout.u32(1)
            layout.u32(0)
            layout.view(states: frames, value: value, z: z, hidden: hidden)
            layout.noEvents()
            return layout
        }

        /// Layout 3: `frames` frames of one view "A" (zeros) that names the extensions `names`
        /// and holds one run of `values[i]` in the column of `names[i]` (as many columns as names).
        static func extended(names: [String], values: [Double], frames: UInt32 = 2) -> Layout {
            var layout = Layout(bytes: [BinaryTrace.extendedVersion])
            layout.u32(UInt32(names.count))
            for name in names { layout.text(Array(name.utf8)) }
            let plain = oneView(frames: frames)
            // Layout 2's bytes from the frame count up to the end of the view's hidden column.
            let viewEnd = plain.bytes.count - (4 + 4 + 1 + 4)
            layout.bytes += plain.bytes[1..<viewEnd]
            for value in values { layout.run(value, frames) }
            layout.noEvents()
            return layout
        }

        var line: String { line() }

        func line(extra: String = "") -> String {
            var text: [UInt8] = []
            bytes.withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
            return answer(#""\#(String(decoding: text, as: UTF8.self))""#, extra: extra)
        }
    }

    static func answer(_ binary: String, extra: String = "") -> String {
        #"{"id":1,"engine":{"name":"e","version":"1"},"outcome":{"completed":true,"t":0},"binary_trace":\#(binary)\#(extra)}"#
    }

    private func reason(_ line: String) -> String {
        do {
            _ = try EngineReply.decode(line: Array(line.utf8))
            return "decoded"
        } catch {
            return error.reason
        }
    }

    @Test func aLegitimateLongRunDecodesFromAFewBytes() throws {
        let layout = Layout.oneView(frames: UInt32(EngineReplyLimits.maxFrames), value: 2)
        #expect(layout.bytes.count < 400)
        guard case .response(let response) = try EngineReply.decode(line: Array(layout.line.utf8)) else {
            Issue.record("no response")
            return
        }
        #expect(response.trace.frames.count == EngineReplyLimits.maxFrames)
        let two = AffineTransform(a: 2, b: 2, c: 2, d: 2, tx: 2, ty: 2)
        #expect(
            response.trace.frames.last?.views
                == [ViewState(key: "A", x: 2, y: 2, w: 2, h: 2, alpha: 2, transform: two, rotationX: 2, rotationY: 2, m34: 2, z: 0)])
    }

    /// Layout 3 names its extensions in any order; each column fills its property, and the
    /// extensions it does not name are 0.
    @Test func aLayoutThreeAnswerCarriesTheExtensionsItNames() throws {
        let layout = Layout.extended(names: ["shadow_opacity", "corner_radius"], values: [0.25, 12])
        guard case .response(let response) = try EngineReply.decode(line: Array(layout.line.utf8)) else {
            Issue.record("no response")
            return
        }
        let expected = ViewState(
            key: "A", x: 0, y: 0, w: 0, h: 0, alpha: 0, transform: .init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0),
            z: 0, cornerRadius: 12, shadowOpacity: 0.25)
        #expect(response.trace.frames.map(\.views) == [[expected], [expected]])
        // Written back, the trace is layout 3 naming the two in ViewProperty order; without them, layout 2.
        var check = HierarchyCheck()
        let line = EngineReply.response(response).encodedLine(id: 1, encoding: .binary, hierarchyCheck: &check)
        let bytes = BinaryAnswerFuzzTestsSplit.layout(line) ?? []
        #expect(Array(bytes.prefix(5)) == [3, 2, 0, 0, 0])
        // u32 13, "corner_radius", u32 14, "shadow_opacity".
        #expect(
            Array(bytes[5..<(5 + 4 + 13 + 4 + 14)]) == [13, 0, 0, 0] + Array("corner_radius".utf8) + [14, 0, 0, 0]
                + Array("shadow_opacity".utf8))
        var plain = response
        plain.trace.frames = plain.trace.frames.map { frame in
            var frame = frame
            frame.views = frame.views.map {
                var view = $0
                view.cornerRadius = 0
                view.shadowOpacity = 0
                return view
            }
            return frame
        }
        let plainLine = EngineReply.response(plain).encodedLine(id: 1, encoding: .binary, hierarchyCheck: &check)
        #expect(BinaryAnswerFuzzTestsSplit.layout(plainLine)?.first == 2)
    }

    @Test func everyRuleOfTheLayoutRefusesWithTheMembersName() throws {
        var cases: [(String, String)] = []
        func add(_ layout: Layout, _ expected: String) { cases.append((layout.line, expected)) }
        // The text itself.
        cases.append((Self.answer(#""abc""#), #"field "binary_trace" is not base64url text"#))
        cases.append((Self.answer(#""AQ+A""#), "'+' is not a base64url character at character 3"))
        cases.append((Self.answer("5"), #"field "binary_trace" must be a string of base64url text, not a number"#))
        cases.append((Self.answer(#""AQ\u0041""#), "is not base64url text"))
        cases.append(
            (
                Layout.oneView(frames: 2).line(extra: #","frames":[]"#),
                #"an answer holds "binary_trace" or its frames and events in another form, not both"#
            ))
        // Version, truncation, extra bytes.
        var version = Layout.oneView(frames: 2)
        version.bytes[0] = 4
        add(version, #"field "binary_trace.version": the layout is version 4; this reader knows layouts 2 and 3"#)
        var first = Layout.oneView(frames: 2)
        first.bytes[0] = 1
        add(first, #"field "binary_trace.version": the layout is version 1; this reader knows layouts 2 and 3"#)
        // Layout 3's extension names: known extensions only, each once, at most all of them.
        add(
            .extended(names: ["corner_radiuz"], values: [1]),
            #"field "binary_trace.extensions[0]": "corner_radiuz" at byte 5 is not an extension view property this reader knows"#)
        add(
            .extended(names: ["alpha"], values: [1]),
            #"field "binary_trace.extensions[0]": "alpha" at byte 5 is not an extension view property"#)
        add(
            .extended(names: ["corner_radius", "corner_radius"], values: [1, 2]),
            #"field "binary_trace.extensions[1]": "corner_radius" at byte 22 is named twice"#)
        add(
            .extended(names: Array(repeating: "shadow_radius", count: 13), values: []),
            #"field "binary_trace.extensions": 13 names is more than 12"#)
        add(
            .extended(names: ["border_width"], values: [.infinity]),
            #"field "binary_trace.views[0].border_width": inf at byte"#)
        var cut = Layout.oneView(frames: 2)
        cut.bytes.removeLast(2)
        add(cut, "the bytes end at byte")
        var extra = Layout.oneView(frames: 2)
        extra.bytes += [0, 0, 0]
        add(extra, "3 bytes after the end of the layout")
        // Counts against the limits and the bytes left, before anything is allocated.
        add(Layout.oneView(frames: UInt32(EngineReplyLimits.maxFrames + 1)), "\(EngineReplyLimits.maxFrames + 1) frames is more than")
        var manyViews = Layout()
        manyViews.u32(1)
        manyViews.doubles([0])
        manyViews.doubles([0])
        manyViews.u32(4_000_000_000)
        add(manyViews, #"field "binary_trace.views": 4000000000 views of at least 4 bytes each do not fit"#)
        var huge = Layout()
        huge.u32(UInt32(EngineReplyLimits.maxFrames))
        huge.run(0, UInt32(EngineReplyLimits.maxFrames))
        huge.run(0, UInt32(EngineReplyLimits.maxFrames))
        huge.u32(100)
        for index in 0..<100 { huge.text(Array("v\(index)".utf8)) }
        huge.u32(1)
        huge.u32(UInt32(EngineReplyLimits.maxFrames))
        huge.u32(100)
        for index in 0..<100 { huge.u32(UInt32(index)) }
        add(
            huge,
            "field \"binary_trace.layout[0]\": \(EngineReplyLimits.maxFrames * 100) views of this run would decode to more than "
                + "\(EngineReplyLimits.maxDecodedBytes) bytes (EngineReplyLimits.maxDecodedBytes")
        var valuesTooMany = Layout()
        valuesTooMany.u32(1000)
        valuesTooMany.u8(0)
        valuesTooMany.f64(0)
        add(valuesTooMany, #"field "binary_trace.t": 1000 values of 8 bytes do not fit"#)
        var runsTooMany = Layout()
        runsTooMany.u32(3)
        runsTooMany.u8(1)
        runsTooMany.u32(2_000_000_000)
        add(runsTooMany, #"field "binary_trace.t": 2000000000 runs for 3 values"#)
        var runTooLong = Layout()
        runTooLong.u32(3)
        runTooLong.run(0, 4)
        add(runTooLong, "a run of 4 values does not fit the 3 values")
        var runsShort = Layout()
        runsShort.u32(3)
        runsShort.run(0, 2)
        add(runsShort, #"field "binary_trace.t": the runs hold 2 values, not 3"#)
        var form = Layout()
        form.u32(3)
        form.u8(7)
        add(form, "column form 7")
        // Values the plain form cannot carry or the archive would refuse.
        add(Layout.oneView(frames: 2, t: .nan), #"field "binary_trace.t": nan at byte"#)
        add(Layout.oneView(frames: 2, value: .infinity), #"field "binary_trace.views[0].x": inf at byte"#)
        add(Layout.oneView(frames: 2, z: 1 << 60), #"field "binary_trace.views[0].z": 1152921504606846976 is not an integer within 2^53"#)
        add(Layout.oneView(frames: 2, hidden: 2), #"field "binary_trace.views[0].hidden": 2 is not 0 or 1"#)
        add(
            Layout.oneView(frames: 2, times: [1, 0]),
            #"field "binary_trace.frames[1].t": 0 is before the previous frame's 1; frames must be in time order"#)
        // The layout's runs and views.
        func frames(_ body: (inout Layout) -> Void) -> Layout {
            var layout = Layout()
            layout.u32(2)
            layout.doubles([0, 0])
            layout.doubles([0, 0])
            body(&layout)
            return layout
        }
        add(
            frames {
                $0.u32(2)
                $0.text(Array("A".utf8))
                $0.text(Array("B".utf8))
                $0.u32(1)
                $0.u32(2)
                $0.u32(2)
                $0.u32(0)
                $0.u32(0)
            },
            #"field "binary_trace.layout[0]": view 0 twice in one frame"#)
        add(
            frames {
                $0.u32(1)
                $0.text(Array("A".utf8))
                $0.u32(1)
                $0.u32(3)
                $0.u32(0)
            }, "a run of 3 frames does not fit the 2 frames")
        add(
            frames {
                $0.u32(1)
                $0.text(Array("A".utf8))
                $0.u32(1)
                $0.u32(2)
                $0.u32(1)
                $0.u32(1)
            }, "view 1 is not one of the 1 views")
        add(
            frames {
                $0.u32(1)
                $0.text(Array("A".utf8))
                $0.u32(1)
                $0.u32(1)
                $0.u32(0)
            }, #"field "binary_trace.layout": the runs hold 1 frames, not 2"#)
        add(
            frames {
                $0.u32(2)
                $0.text(Array("A".utf8))
                $0.text(Array("A".utf8))
            }, #"field "binary_trace.views[1].key": a second view "A""#)
        add(
            frames {
                $0.u32(1)
                $0.text([0x41, 0xFF])
            }, #"field "binary_trace.views[0].key": the text at byte"#)
        add(
            frames {
                $0.u32(1)
                $0.u32(1000)
                $0.u8(0x41)
            }, "a text of 1000 bytes does not fit")
        add(
            frames {
                $0.u32(2)
                $0.text(Array("A".utf8))
                $0.text(Array("B".utf8))
                $0.u32(1)
                $0.u32(2)
                $0.u32(1)
                $0.u32(0)
                $0.view(states: 2)
            },
            #"field "binary_trace.views[1]": no frame of the layout holds this view"#)
        // Events: text indices, times.
        func events(_ body: (inout Layout) -> Void) -> Layout {
            var layout = Layout()
            layout.u32(0)
            layout.doubles([])
            layout.doubles([])
            layout.u32(0)
            layout.u32(0)
            body(&layout)
            return layout
        }
        add(
            events {
                $0.u32(1)
                $0.u32(1)
                $0.text(Array("k".utf8))
                $0.doubles([0])
                $0.u8(0)
                $0.u8(0)
                $0.u8(0)
                $0.u8(1)
            }, #"field "binary_trace.events.subject": text 1 is not one of the 1 texts"#)
        add(
            events {
                $0.u32(1)
                $0.u32(1)
                $0.text(Array("k".utf8))
                $0.doubles([-.infinity])
            }, #"field "binary_trace.events.t": -inf at byte"#)
        add(
            events { $0.u32(UInt32(EngineReplyLimits.maxEvents + 1)) },
            "\(EngineReplyLimits.maxEvents + 1) events is more than \(EngineReplyLimits.maxEvents) (EngineReplyLimits.maxEvents)")
        add(
            events {
                $0.u32(1)
                $0.u32(100)
            }, "100 texts of at least 4 bytes each do not fit")
        for (line, expected) in cases {
            let found = reason(line)
            #expect(found.contains(expected), "expected \(expected): \(found)")
            #expect(found == "decoded" || found.hasPrefix("invalid response: "), "\(found)")
        }
    }

    /// Event names as in the other forms: 4096 distinct ones are taken, one more is refused.
    @Test func distinctEventNamesKeepTheLimit() throws {
        for names in [EngineReplyLimits.maxDistinctEventNames, EngineReplyLimits.maxDistinctEventNames + 1] {
            var layout = Layout()
            layout.u32(0)
            layout.doubles([])
            layout.doubles([])
            layout.u32(0)
            layout.u32(0)
            layout.u32(UInt32(names))
            layout.u32(UInt32(names + 1))
            layout.text(Array("k".utf8))
            for index in 0..<names { layout.text(Array("d\(index)".utf8)) }
            layout.run(0, UInt32(names))
            // More than 256 texts: the indices take 2 bytes each.
            for _ in 0..<2 {
                layout.u8(1)
                layout.u32(1)
                layout.u16(0)
                layout.u32(UInt32(names))
            }
            layout.u8(0)
            for index in 1...names { layout.u16(UInt16(index)) }
            // No arguments: one run of the "all text" value.
            layout.u8(1)
            layout.u32(1)
            layout.u64(UInt64(bitPattern: DetailArgument.none))
            layout.u32(UInt32(names))
            let found = reason(layout.line)
            if names > EngineReplyLimits.maxDistinctEventNames {
                #expect(found.contains(#"field "binary_trace.events.detail": more than 4096 distinct event names"#), "\(found)")
            } else {
                #expect(found == "decoded", "\(found)")
            }
        }
    }
}
