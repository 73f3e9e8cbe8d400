import Foundation
import ReelEngine
import ReelJSON
import ReelSynth
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// Issues 30 and 37, engines over the protocol: the compact answer form (`ReplyEncoding.columns`,
/// docs/PROTOCOL.md "Column answers") decodes to the traces the plain form gives, bit for bit; the
/// server answers in it only when the request offers it; the server's tree-free request decoder
/// gives what the tree decoder gives; hostile column answers fail their session with a reason,
/// never a trap or an unbounded trace.
@Suite("Column answers")
struct ColumnAnswerTests {
    /// Real traces: the built-in engine's answers to synthesized sessions of every catalog scenario.
    static func servedAnswers(perScenario: Int = 2) -> [(request: EngineRequest, response: EngineResponse)] {
        let server = EngineServer(engine: BuiltinEngine())
        var answers: [(EngineRequest, EngineResponse)] = []
        for spec in ScenarioCatalog.all {
            let synthesizer = GestureSynthesizer(scenario: spec, device: GestureSession.defaultDevice, refreshHz: 60, seed: 5)
            for index in 0..<perScenario {
                let session = synthesizer.session(index: index)
                var request = EngineRequest(
                    scenarioName: spec.name, scenarioSpecJSON: spec.canonicalJSON, device: session.device, refreshHz: session.refreshHz,
                    touches: session.touches, id: answers.count + 1)
                request.offersColumns = true
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
                    ViewState(
                        key: key, x: pick(), y: pick(), w: pick(), h: pick(), alpha: pick(),
                        transform: AffineTransform(a: pick(), b: pick(), c: pick(), d: pick(), tx: pick(), ty: pick()),
                        rotationX: random.next() % 3 == 0 ? pick() : 0, rotationY: 0, m34: random.next() % 4 == 0 ? -0.0 : 0,
                        z: Int(random.next() % 7) - 3, hidden: random.next() % 2 == 0)
                })
        }
        let events = (0..<30).map { index in
            TraceEvent(
                t: Double(index / 3) / 60, kind: ["gesture", "lifecycle", "transition"][index % 3], subject: index % 2 == 0 ? "pan" : "B",
                detail: index % 4 == 0 ? "update(\(Double(index) / 7))" : "changed")
        }
        return Trace(frames: frames, events: events, outcome: Outcome(completed: true, t: 1, hierarchy: #"{"nav":["A"]}"#))
    }

    /// The plain line of a decoded reply: equal lines mean bit-identical traces (-0.0 is written `-0.0`).
    private func plainText(_ line: [UInt8]) throws -> String {
        let reply = try EngineReply.decode(line: Array(line.dropLast()))
        return String(decoding: reply.encodedLine(id: 1), as: UTF8.self)
    }

    @Test func columnsAndPlainDecodeToTheSameTraceBitForBit() throws {
        var check = HierarchyCheck()
        var plainBytes = 0
        var columnBytes = 0
        let traces =
            Self.servedAnswers().map(\.response)
            + (1...20).map { seed in
                EngineResponse(engineName: "odd", engineVersion: "1", trace: Self.oddTrace(seed: UInt64(seed)))
            }
        for response in traces {
            let plain = EngineReply.response(response).encodedLine(id: 1, encoding: .plain, hierarchyCheck: &check)
            let columns = EngineReply.response(response).encodedLine(id: 1, encoding: .columns, hierarchyCheck: &check)
            #expect(String(decoding: columns, as: UTF8.self).contains("\"frame_columns\":{\"count\":\(response.trace.frames.count),"))
            #expect(try plainText(columns) == plainText(plain))
            #expect(try EngineReply.decode(line: Array(plain.dropLast())) == .response(response))
            if response.engineName != "odd" {
                plainBytes += plain.count
                columnBytes += columns.count
            }
        }
        // The point of the form: the built-in engine's answers are several times smaller.
        #expect(columnBytes * 3 < plainBytes, "\(columnBytes) column bytes against \(plainBytes) plain")
    }

    /// An interactive transition's events: a gesture event, then nine updates each with its own
    /// detail (a progress value). A text is declared again only when its field has used four
    /// other texts since (PROTOCOL.md, "Column answers"): the kinds and subjects (two each) are
    /// declared once however many unique details come between their uses; the detail "changed"
    /// comes back after nine unique details, so it is declared once per cycle, as each update is.
    @Test func eventTextsRepeatedByAFieldAreDeclaredOnce() throws {
        let cycles = 20
        let updatesPerCycle = 9
        var events: [TraceEvent] = []
        for cycle in 0..<cycles {
            events.append(TraceEvent(t: Double(cycle), kind: "gesture", subject: "pan", detail: "changed"))
            for update in 0..<updatesPerCycle {
                let fraction = Double(cycle * updatesPerCycle + update) / 1000
                events.append(
                    TraceEvent(
                        t: Double(cycle), kind: "transition", subject: "B.transition", detail: "updateInteractiveTransition(\(fraction))"))
            }
        }
        let response = EngineResponse(
            engineName: "e", engineVersion: "1",
            trace: Trace(frames: [], events: events, outcome: Outcome(completed: true, t: 0, hierarchy: "")))
        var check = HierarchyCheck()
        let line = EngineReply.response(response).encodedLine(id: 1, encoding: .columns, hierarchyCheck: &check)
        guard case .array(let texts)? = try JSONParser.parse(Array(line.dropLast()))["event_columns"]?["texts"] else {
            Issue.record("no event_columns.texts in \(String(decoding: line, as: UTF8.self))")
            return
        }
        let kindsAndSubjects = 4  // gesture, pan, transition, B.transition
        #expect(updatesPerCycle >= 4)
        #expect(texts.count == kindsAndSubjects + cycles * (1 + updatesPerCycle))
        #expect(try EngineReply.decode(line: Array(line.dropLast())) == .response(response))
    }

    @Test func theServerAnswersInColumnsOnlyWhenOffered() throws {
        let (request, _) = Self.servedAnswers(perScenario: 1)[0]
        let server = EngineServer(engine: BuiltinEngine())
        for offers in [false, true] {
            var sent = request
            sent.offersColumns = offers
            let line = try sent.encodedLine()
            #expect(String(decoding: line, as: UTF8.self).contains(#""reply_encodings":["columns"]"#) == offers)
            var answers: [[UInt8]] = []
            try EngineProtocolServer.serve(lines: LineSource(bytes: line), handler: server.answer, emit: { answers.append($0) })
            let text = String(decoding: answers[0], as: UTF8.self)
            #expect(text.contains(#""frame_columns":"#) == offers)
            #expect(text.contains(#""frames":["#) == !offers)
            #expect(try EngineReply.decodeAnswer(line: Array(answers[0].dropLast())).id == request.id)
        }
    }

    @Test func theRequestDecoderGivesWhatTheTreeDecoderGives() throws {
        var decoder = RequestDecoder()
        var lines = try Self.servedAnswers(perScenario: 1).map { try $0.request.encodedLine().dropLast() }.map { Array($0) }
        let base = String(decoding: lines[0], as: UTF8.self)
        lines += [
            base.replacingOccurrences(of: ",", with: " ,\n\t").replacingOccurrences(of: ":", with: " : "),
            base.replacingOccurrences(of: #""refresh_hz":60"#, with: #""refresh_hz":60,"extra":{"a":[1,2]}"#),
            base.replacingOccurrences(of: #""device":{"#, with: #""device":null,"x":{"#),
            base.replacingOccurrences(of: #""phase":"began""#, with: #""phase":"hovering""#),
            base.replacingOccurrences(of: #""id":1,"#, with: #""id":1,"id":2,"#),
            base.replacingOccurrences(of: #""id":1,"#, with: #""id":1.5,"#),
            base.replacingOccurrences(of: #""reply_encodings":["columns"]"#, with: #""reply_encodings":"columns""#),
            base.replacingOccurrences(of: #""reply_encodings":["columns"]"#, with: #""reply_encodings":["zstd","columns"]"#),
            String(base.dropLast(5)), "[]", "", #"{"scenario":{"name":"x"},"touches":[]}"#,
        ].map { Array($0.utf8) }
        let renamed: [(String, String)] = [
            // Member names and offers are matched on their bytes: escaped, empty, reordered,
            // of a known name's length or a known prefix, they still decode as the tree does.
            (#""id":1,"#, #""\u0069d":1,"#),
            (#""id":1,"#, #""ix":1,"#),
            (#""device":{"#, #""devicf":{"#),
            (#""refresh_hz":60"#, #""refresh_hz_":60"#),
            (#""reply_encodings":["columns"]"#, #""reply_encodings":["col\u0075mns"]"#),
            (#""reply_encodings":["columns"]"#, #""reply_encodings":["","columns","columns"]"#),
            (#""reply_encodings":["columns"]"#, #""reply_encodings":[]"#),
            (#""reply_encodings":["columns"]"#, #""reply_encodings":["columns",]"#),
            (#""width":"#, #""wid\u0074h":"#),
            (#""scale":3"#, #""scale":3,"scale":2"#),
            (#"{"name":"#, #"{"nam":"#),
            (#"{"name":"#, #"{"n\u0061me":"#),
        ]
        lines += renamed.map { Array(base.replacingOccurrences(of: $0.0, with: $0.1).utf8) }
        for line in lines {
            let fast = line.withUnsafeBufferPointer { bytes in Result { () throws(EngineProtocolError) in try decoder.decode(line: bytes) }
            }
            let tree = Result { () throws(EngineProtocolError) in try EngineRequest.decode(line: line) }
            #expect(fast == tree, "\(String(decoding: line.prefix(200), as: UTF8.self))")
        }
    }

    @Test func hostileColumnAnswersFailWithAReason() throws {
        let head =
            #"{"id":1,"engine":{"name":"e","version":"1"},"outcome":{"completed":true,"t":0},"event_columns":{"count":0,"texts":[],"t":[],"kind":[],"subject":[],"detail":[]},"#
        let view =
            #"{"key":"A","x":[[0,288001]],"y":[[0,288001]],"w":[[0,288001]],"h":[[0,288001]],"alpha":[[1,288001]],"a":[[1,288001]],"b":[[0,288001]],"c":[[0,288001]],"d":[[1,288001]],"tx":[[0,288001]],"ty":[[0,288001]],"z":[[0,288001]],"hidden":[[false,288001]]}"#
        let cases: [(String, String)] = [
            // A few bytes claiming 288,001 frames of 100 views each: refused from the layout alone.
            (
                #""frame_columns":{"count":288001,"t":[[0,288001]],"progress":[[0,288001]],"layout":[[288001,["#
                    + (0..<100).map(String.init).joined(separator: ",") + "]]],\"views\":[]}}",
                "\(EngineReplyLimits.maxFrames * 100) views of this run would decode to more than \(EngineReplyLimits.maxDecodedBytes) bytes"
            ),
            (#""frame_columns":{"count":288002,"t":[],"progress":[],"layout":[],"views":[]}}"#, "288002 frames is not 0 to 288001"),
            (
                #""frame_columns":{"count":2,"t":[[0,1000000000000]],"progress":[0,0],"layout":[[2,[0]]],"views":[]}}"#,
                "holds more than 2 values"
            ),
            (#""frame_columns":{"count":2,"t":[0,1],"progress":[0,0],"layout":[[2,[0,0]]],"views":[]}}"#, "view 0 twice in one frame"),
            (#""frame_columns":{"count":2,"t":[1,0],"progress":[0,0],"layout":[[2,[]]],"views":[]}}"#, "frames must be in time order"),
            (#""frame_columns":{"t":[0],"count":1,"progress":[0],"layout":[[1,[]]],"views":[]}}"#, "must come first"),
            (#""frame_columns":{"count":1,"t":[0],"progress":[0],"layout":[[1,[0]]],"views":[]}}"#, "names view 0, but \"views\" holds 0"),
            (#""frame_columns":{"count":1,"t":[0],"progress":[0],"views":[],"layout":[[1,[]]]}}"#, "must come before \"views\""),
            (#""frame_columns":{"count":1,"t":["0"],"progress":[0],"layout":[[1,[]]],"views":[]}}"#, "must hold numbers"),
            (#""frame_columns":[]}"#, "must be an object"),
            (#""frame_columns":{"count":0,"t":[],"progress":[],"layout":[],"views":[]},"frames":[]}"#, "not both"),
            (
                #""frame_columns":{"count":288001,"t":[[0,288001]],"progress":[[0,288001]],"layout":[[288001,[0]]],"views":["#
                    + view.replacingOccurrences(of: #""y":[[0,288001]],"#, with: "") + "]}}",
                "missing field \"frame_columns.views[0].y\""
            ),
        ]
        for (body, expected) in cases {
            let line = Array((head + body).utf8)
            do {
                _ = try EngineReply.decode(line: line)
                Issue.record("decoded: \(body.prefix(120))")
            } catch {
                #expect(error.reason.contains(expected), "\(error.reason)")
            }
        }
        let texts = Array(
            (#"{"engine":{"name":"e","version":"1"},"outcome":{"completed":true,"t":0},"frame_columns":{"count":0,"t":[],"progress":[],"layout":[],"views":[]},"event_columns":{"count":1,"texts":["a"],"t":[0],"kind":[0],"subject":[1],"detail":[0]}}"#)
                .utf8)
        #expect(throws: EngineProtocolError.self) { try EngineReply.decode(line: texts) }
        // Event names: 4096 distinct ones are taken, one more is refused (EngineReplyLimits.maxDistinctEventNames).
        for names in [EngineReplyLimits.maxDistinctEventNames, EngineReplyLimits.maxDistinctEventNames + 1] {
            let texts = ["k"] + (0..<names).map { "d\($0)" }
            let quoted = texts.map { "\"\($0)\"" }.joined(separator: ",")
            let line =
                #"{"engine":{"name":"e","version":"1"},"outcome":{"completed":true,"t":0},"frame_columns":{"count":0,"t":[],"progress":[],"layout":[],"views":[]},"#
                + #""event_columns":{"count":\#(names),"texts":[\#(quoted)],"t":[[0,\#(names)]],"kind":[[0,\#(names)]],"subject":[[0,\#(names)]],"detail":["#
                + (1...names).map(String.init).joined(separator: ",") + "]}}"
            let decoded = Result { () throws(EngineProtocolError) in try EngineReply.decode(line: Array(line.utf8)) }
            if names > EngineReplyLimits.maxDistinctEventNames {
                #expect((try? decoded.get()) == nil)
                if case .failure(let error) = decoded { #expect(error.reason.contains("distinct event names"), "\(error.reason)") }
            } else if case .response(let response)? = try? decoded.get() {
                #expect(response.trace.events.count == names)
            } else {
                Issue.record("\(names) distinct names refused: \(decoded)")
            }
        }
        // A long legitimate run: 288,001 frames of one unchanging view decode from a few hundred bytes.
        let long =
            head + #""frame_columns":{"count":288001,"t":[[0,288001]],"progress":[[0,288001]],"layout":[[288001,[0]]],"views":["# + view
            + "]}}"
        guard case .response(let response) = try EngineReply.decode(line: Array(long.utf8)) else {
            Issue.record("no response")
            return
        }
        #expect(response.trace.frames.count == 288_001)
        #expect(response.trace.frames.last?.views == [ViewState(key: "A", x: 0, y: 0, w: 0, h: 0, z: 0)])
    }

    /// Fuzz: column answers of real traces with bytes changed, cut or run counts blown up decode to
    /// a trace or fail with an `EngineProtocolError`; none traps, and none decodes to more frames
    /// or views than the limits allow.
    @Test func mangledColumnAnswersNeverTrap() throws {
        var check = HierarchyCheck()
        let lines = Self.servedAnswers(perScenario: 1).prefix(12).map {
            EngineReply.response($0.response).encodedLine(id: 1, encoding: .columns, hierarchyCheck: &check).dropLast()
        }
        var random = SplitMix64(seed: 37)
        let replacements = Array("[]{},:0123456789\"-e.tn".utf8) + [0xFF, 0x00]
        var failed = 0
        for round in 0..<3000 {
            var line = Array(lines[round % lines.count])
            switch random.next() % 4 {
            case 0:
                for _ in 0...(random.next() % 4) {
                    line[Int(random.next() % UInt64(line.count))] = replacements[Int(random.next() % UInt64(replacements.count))]
                }
            case 1: line.removeLast(Int(random.next() % UInt64(line.count)))
            case 2:
                // A run count (the number after "[value,") made huge or negative.
                let text = String(decoding: line, as: UTF8.self)
                let runs = text.ranges(of: /,(\d+)\]/)
                if let range = runs.randomElement(using: &random) {
                    let blown = ["1000000000000", "-1", "0", "288002", "99999999999999999999"][Int(random.next() % 5)]
                    line = Array(text.replacingCharacters(in: range, with: ",\(blown)]").utf8)
                }
            default:
                let a = Int(random.next() % UInt64(line.count))
                let b = Int(random.next() % UInt64(line.count))
                line.insert(contentsOf: line[min(a, b)..<max(a, b)].prefix(4096), at: max(a, b))
            }
            do {
                if case .response(let response) = try EngineReply.decode(line: line) {
                    #expect(response.trace.frames.count <= EngineReplyLimits.maxFrames)
                    #expect(
                        response.trace.frames.reduce(0) { $0 + $1.views.count } * DecodedSize.viewStateBytes
                            <= EngineReplyLimits.maxDecodedBytes)
                }
            } catch {
                failed += 1
                #expect(!error.reason.isEmpty)
            }
        }
        #expect(failed > 1000)
    }
}
