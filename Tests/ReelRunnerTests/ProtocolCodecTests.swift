import Foundation
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

@Suite("Engine protocol codec")
struct ProtocolCodecTests {
    private let request = EngineRequest(
        scenarioName: "nav.interactive-pop",
        scenarioSpecJSON: """
            {"kind": "navigation",
             "params": {"threshold": 0.5, "names": ["A", "B"]}}
            """,
        device: Device(width: 390, height: 844, scale: 3), refreshHz: 120,
        touches: [
            Touch(t: 0, id: 0, phase: .began, x: 4, y: 420),
            Touch(t: 0.1, id: 0, phase: .moved, x: 1e-7, y: -0.0),
            Touch(t: 1.0 / 3.0, id: 0, phase: .ended, x: 180.25, y: 430),
        ])

    private let response = EngineResponse(
        engineName: "reel", engineVersion: "0.1.0",
        trace: Trace(
            frames: [
                Frame(
                    index: 0, t: 0, progress: 0,
                    views: [
                        ViewState(key: "A.view", x: -117, y: 0, w: 390, h: 844, z: 0),
                        ViewState(
                            key: "B.view", x: 0.1, y: 0, w: 390, h: 844, alpha: 0.5,
                            transform: AffineTransform(a: 0.9, b: 0.1, c: -0.1, d: 0.9, tx: 3, ty: -4),
                            rotationX: 0.25, rotationY: -0.0, m34: -1.0 / 500, z: 1, hidden: true),
                    ]),
                Frame(index: 1, t: 1.0 / 60.0, progress: 0.016666666666666666, views: []),
            ],
            events: [TraceEvent(t: 0, kind: "gesture", subject: "pan", detail: "began \"quoted\"\n")],
            outcome: Outcome(completed: true, t: 0.35, hierarchy: #"{"nav":["A"],"presented":null}"#)))

    @Test func requestRoundTrips() throws {
        let line = try request.encodedLine()
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(line.dropLast().contains(UInt8(ascii: "\n")) == false)
        let decoded = try EngineRequest.decode(line: Array(line.dropLast()))
        var expected = request
        expected.scenarioSpecJSON = #"{"kind":"navigation","params":{"threshold":0.5,"names":["A","B"]}}"#
        #expect(decoded == expected)
        // A touch holds +0.0 for a zero of either sign (an archive reads -0.0 back as 0.0), so the
        // -0.0 written in the test's touch arrives as +0.0 on both sides.
        #expect(request.touches[1].y == 0 && request.touches[1].y.sign == .plus)
        #expect(decoded.touches[1].y.sign == .plus)
    }

    @Test func requestWithoutSpecHasTheDocumentedShape() throws {
        var bare = request
        bare.scenarioSpecJSON = nil
        bare.touches = [Touch(t: 0.016, id: 2, phase: .moved, x: 9.5, y: 421)]
        #expect(
            String(decoding: try bare.encodedLine(), as: UTF8.self) == """
                {"scenario":{"name":"nav.interactive-pop"},"device":{"width":390,"height":844,"scale":3},"refresh_hz":120,"touches":[{"t":0.016,"id":2,"phase":"moved","x":9.5,"y":421}]}

                """)
        #expect(try EngineRequest.decode(line: Array(try bare.encodedLine().dropLast())) == bare)
    }

    @Test func requestDecodingDefaultsAndRejects() throws {
        let minimal = try EngineRequest.decode(line: Array(#"{"scenario":{"name":"x"},"touches":[],"extra":1}"#.utf8))
        #expect(minimal.device == Device(width: 390, height: 844, scale: 3))
        #expect(minimal.refreshHz == 60)
        #expect(throws: EngineProtocolError(reason: "invalid request: missing field \"touches\"")) {
            try EngineRequest.decode(line: Array(#"{"scenario":{"name":"x"}}"#.utf8))
        }
        #expect(throws: EngineProtocolError(reason: "invalid request: unknown phase \"up\" in touches[0].phase")) {
            try EngineRequest.decode(line: Array(#"{"scenario":{"name":"x"},"touches":[{"t":0,"id":0,"phase":"up","x":0,"y":0}]}"#.utf8))
        }
        #expect(throws: EngineProtocolError.self) {
            try EngineRequest(scenarioName: "x", scenarioSpecJSON: "{not json", device: .phone, refreshHz: 60, touches: []).encodedLine()
        }
    }

    @Test func responseRoundTripsBitIdentical() throws {
        let line = EngineReply.response(response).encodedLine()
        #expect(line.dropLast().contains(UInt8(ascii: "\n")) == false)
        let decoded = try EngineReply.decode(line: Array(line.dropLast()))
        #expect(decoded == .response(response))
        guard case .response(let back) = decoded else { return }
        #expect(back.trace.frames[0].views[1].rotationY.sign == .minus)
        #expect(back.trace.frames[1].t.bitPattern == (1.0 / 60.0).bitPattern)
    }

    @Test func responseDefaultsOptionalFieldsAndIgnoresExtraKeys() throws {
        let line =
            #"{"engine":{"name":"e","version":"2","build":7},"frames":[{"t":0,"progress":0,"views":[{"key":"k","x":1,"y":2,"w":3,"h":4,"alpha":1,"transform":[1,0,0,1,0,0],"z":0,"hidden":false,"color":"red"}],"extra":[]}],"events":[],"outcome":{"completed":false,"t":0.5},"padding":"xxxx"}"#
        let decoded = try EngineReply.decode(line: Array(line.utf8))
        let expected = EngineResponse(
            engineName: "e", engineVersion: "2",
            trace: Trace(
                frames: [Frame(index: 0, t: 0, progress: 0, views: [ViewState(key: "k", x: 1, y: 2, w: 3, h: 4, z: 0)])],
                events: [], outcome: Outcome(completed: false, t: 0.5, hierarchy: "")))
        #expect(decoded == .response(expected))
    }

    /// An answer's exact bytes in both forms, written here by hand from docs/PROTOCOL.md: members
    /// in the documented order, numbers as `JSONWriter` writes them (integers without a point,
    /// shortest round-trip digits otherwise), `rotation_x` only because it is not +0, column runs
    /// as `[value, n]`, texts by first use, the one-line hierarchy as it is.
    @Test func answersHaveTheDocumentedBytes() {
        let views = [211.0, 250].map { y in ViewState(key: "B.view", x: 0, y: y, w: 390, h: 844, rotationX: 0.5, z: 0) }
        let trace = Trace(
            frames: [
                Frame(index: 0, t: 0, progress: 0.25, views: [views[0]]),
                Frame(index: 1, t: 1.0 / 60.0, progress: 0.5, views: [views[1]]),
            ],
            events: [
                TraceEvent(t: 0, kind: "gesture", subject: "pan", detail: "began"),
                TraceEvent(t: 0.1, kind: "gesture", subject: "pan", detail: "ended"),
            ],
            outcome: Outcome(completed: true, t: 0.4, hierarchy: #"{"nav":["A"]}"#))
        let reply = EngineReply.response(EngineResponse(engineName: "e", engineVersion: "1", trace: trace))
        let view = #""key":"B.view","x":0,"y":Y,"w":390,"h":844,"alpha":1,"transform":[1,0,0,1,0,0],"z":0,"hidden":false,"rotation_x":0.5"#
        let plain =
            #"{"id":7,"engine":{"name":"e","version":"1"},"frames":[{"t":0,"progress":0.25,"views":[{"#
            + view.replacingOccurrences(of: "Y", with: "211") + #"}]},{"t":0.016666666666666666,"progress":0.5,"views":[{"#
            + view.replacingOccurrences(of: "Y", with: "250")
            + #"}]}],"events":[{"t":0,"kind":"gesture","subject":"pan","detail":"began"},"#
            + #"{"t":0.1,"kind":"gesture","subject":"pan","detail":"ended"}],"#
            + #""outcome":{"completed":true,"t":0.4,"hierarchy":{"nav":["A"]}}}"# + "\n"
        var check = HierarchyCheck()
        #expect(String(decoding: reply.encodedLine(id: 7, encoding: .plain, hierarchyCheck: &check), as: UTF8.self) == plain)
    }

    @Test func errorRepliesRoundTrip() throws {
        let line = EngineReply.error("unknown scenario \"x\"").encodedLine()
        #expect(String(decoding: line, as: UTF8.self) == #"{"error":"unknown scenario \"x\""}"# + "\n")
        #expect(try EngineReply.decode(line: Array(line.dropLast())) == .error("unknown scenario \"x\""))
    }

    @Test func malformedResponsesGiveClearErrors() {
        func reason(_ text: String) -> String? {
            do {
                _ = try EngineReply.decode(line: Array(text.utf8))
                return nil
            } catch {
                return error.reason
            }
        }
        let view = #"{"key":"k","x":1,"y":2,"w":3,"h":4,"alpha":1,"transform":[1,0,0,1,0,0],"z":0,"hidden":false}"#
        func response(view: String = view, outcome: String = #"{"completed":true,"t":1}"#) -> String {
            #"{"engine":{"name":"e","version":"1"},"frames":[{"t":0,"progress":0,"views":[\#(view)]}],"events":[],"outcome":\#(outcome)}"#
        }
        #expect(reason(response()) == nil)
        #expect(reason("garbage") == "malformed JSON at column 1: unexpected character 'g', expected a value")
        #expect(reason("[]") == "invalid response: expected a JSON object, not an array")
        #expect(reason(#"{"frames":[]}"#) == "invalid response: missing field \"engine\"")
        #expect(
            reason(response(view: view.replacingOccurrences(of: #""alpha":1"#, with: #""alpha":"1""#)))
                == "invalid response: field \"frames[0].views[0].alpha\" must be a number, not a string")
        #expect(
            reason(response(view: view.replacingOccurrences(of: "[1,0,0,1,0,0]", with: "[1,0,0,1]")))
                == "invalid response: field \"frames[0].views[0].transform\" must hold 6 numbers [a, b, c, d, tx, ty], not 4")
        #expect(
            reason(response(view: view.replacingOccurrences(of: #""z":0"#, with: #""z":0.5"#)))
                == "invalid response: field \"frames[0].views[0].z\" must be an integer, not 0.5")
        #expect(reason(response(outcome: #"{"t":1}"#)) == "invalid response: missing field \"outcome.completed\"")
        #expect(reason(response(view: "3")) == "invalid response: field \"frames[0].views[0]\" must be an object, not a number")
        #expect(reason(#"{"error":42}"#) == "invalid response: field \"error\" must be a string, not a number")
    }
}

@Suite("Engine protocol server")
struct ProtocolServerTests {
    @Test func answersEveryRequestLineWithOneResponseLine() throws {
        let input = """
            {"scenario":{"name":"a"},"touches":[{"t":0,"id":0,"phase":"began","x":1,"y":2}]}

            garbage
            {"scenario":{"name":"b"},"touches":[]}
            """
        var output: [UInt8] = []
        try EngineProtocolServer.serve(
            lines: LineSource(bytes: Array(input.utf8)),
            handler: { request in
                request.scenarioName == "a"
                    ? .response(
                        EngineResponse(
                            engineName: "echo", engineVersion: "1",
                            trace: Trace(frames: [], events: [], outcome: Outcome(completed: true, t: request.touches[0].x, hierarchy: "")))
                    )
                    : .error("unknown scenario \(request.scenarioName)")
            },
            emit: { output += $0 })
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"engine":{"name":"echo","version":"1"},"frames":[],"events":[],"outcome":{"completed":true,"t":1}}"#,
                #"{"error":"malformed JSON request at column 1: unexpected character 'g', expected a value"}"#,
                #"{"error":"unknown scenario b"}"#,
            ])
    }
}
