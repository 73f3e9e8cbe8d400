import Foundation
import ReelJSON
import ReelTrace
import Testing

@testable import ReelFormats

/// Issue 37, engines over the protocol: frames read by `FrameFastPath` (no JSON tree) are the
/// frames the tree path (`EngineReply.decodeFrame`) gives, bit for bit, and numbers written by
/// `JSONWriter.number` are the text `JSONWriter.format` documents.
@Suite("Frame fast path")
struct FrameFastPathTests {
    /// Doubles of every shape the number rule distinguishes: integers, signed zeros, tiny,
    /// huge, shortest-representation fractions.
    static let values: [Double] = [
        0, -0.0, 1, -1, 390, -117, 844, 0.5, 0.1, 1.0 / 3.0, 1e-7, -2.5e-5, 1e300, -1e300, .leastNonzeroMagnitude, 9_007_199_254_740_991,
        9_007_199_254_740_992, 1e16, 123_456.789, 0.016666666666666666,
    ]

    @Test func numbersAreWrittenAsTheRuleSays() {
        for value in Self.values + Self.values.map({ $0 * 7 }) + [.nan, .infinity, -.infinity] {
            var writer = JSONWriter()
            writer.number(value)
            #expect(writer.text == JSONWriter.format(value), "\(value)")
        }
        for value in [0, 7, -7, 10, -10, 1_234_567_890, Int.max, Int.min] {
            var writer = JSONWriter()
            writer.int(value)
            #expect(writer.text == String(value))
        }
    }

    @Test func fastFramesAreTheTreeFramesBitForBit() throws {
        var generator = SystemRandomNumberGenerator()
        func pick() -> Double { Self.values.randomElement(using: &generator)! }
        let frames = (0..<200).map { index in
            Frame(
                index: index, t: Double(index) / 60, progress: pick(),
                views: (0..<Int.random(in: 0...6, using: &generator)).map { viewIndex in
                    var view = ViewState(
                        key: "V\(viewIndex).view\(viewIndex == 3 ? "\u{e9}\\\"" : "")", x: pick(), y: pick(), w: pick(), h: pick(),
                        alpha: pick(), transform: AffineTransform(a: pick(), b: pick(), c: pick(), d: pick(), tx: pick(), ty: pick()),
                        rotationX: Bool.random(using: &generator) ? pick() : 0, rotationY: pick(), m34: pick(),
                        z: Int.random(in: -3...3, using: &generator), hidden: Bool.random(using: &generator))
                    // Now and then extension members too (the layer's and the scroll view's).
                    for property in ViewProperty.extensions where Int.random(in: 0..<4, using: &generator) == 0 {
                        property.set(pick(), in: &view)
                    }
                    return view
                })
        }
        let response = EngineResponse(
            engineName: "e", engineVersion: "1",
            trace: Trace(frames: frames, events: [], outcome: Outcome(completed: true, t: 4, hierarchy: "")))
        let compact = String(decoding: EngineReply.response(response).encodedLine().dropLast(), as: UTF8.self)
        // The same answer with whitespace between every token, as a pretty-printing engine writes it.
        var spaced: String = compact.replacingOccurrences(of: ",", with: " ,\n ")
        spaced = spaced.replacingOccurrences(of: ":", with: " : ")
        spaced = spaced.replacingOccurrences(of: "[", with: "[ ")
        spaced = spaced.replacingOccurrences(of: "{", with: "{\t")
        for line in [compact, spaced] {
            let tree = try JSONParser.parse(line)
            guard case .array(let elements)? = tree["frames"] else {
                Issue.record("no frames")
                return
            }
            let expected = try elements.enumerated().map { index, element in try EngineReply.decodeFrame(element, index: index) }
            guard case .response(let decoded) = try EngineReply.decode(line: Array(line.utf8)) else {
                Issue.record("not a response")
                return
            }
            #expect(decoded.trace.frames.count == expected.count)
            for (got, want) in zip(decoded.trace.frames, expected) {
                #expect(Self.bits(got) == Self.bits(want))
            }
            #expect(Self.bits(decoded.trace.frames[0]) == Self.bits(frames[0]))
        }
    }

    /// A frame's numbers as bit patterns, with its keys and flags: equal for bit-identical frames.
    static func bits(_ frame: Frame) -> [String] {
        [String(frame.index), String(frame.t.bitPattern), String(frame.progress.bitPattern)]
            + frame.views.flatMap { view in
                [view.key, String(view.z), String(view.hidden)]
                    + [
                        view.x, view.y, view.w, view.h, view.alpha, view.transform.a, view.transform.b, view.transform.c,
                        view.transform.d, view.transform.tx, view.transform.ty, view.rotationX, view.rotationY, view.m34,
                    ].map { String($0.bitPattern) }
            }
    }

    /// Elements the fast path leaves to the tree path are decoded, or refused, as before.
    @Test func unusualFramesFallBackToTheTreePath() throws {
        let view = #"{"key":"k","x":1,"y":2,"w":3,"h":4,"alpha":1,"transform":[1,0,0,1,0,0],"z":0,"hidden":false}"#
        func decode(_ frames: String) throws(EngineProtocolError) -> EngineReply {
            try EngineReply.decode(
                line: Array(
                    #"{"engine":{"name":"e","version":"1"},"frames":[\#(frames)],"events":[],"outcome":{"completed":true,"t":0}}"#.utf8))
        }
        // An extra member, a null optional member, members in another order: accepted.
        for frames in [
            #"{"t":0,"progress":0,"views":[\#(view)],"extra":{"a":[1]}}"#,
            #"{"views":[\#(view)],"progress":0,"t":0,"rotation_x":null}"#,
            #"{"t":0,"progress":0,"views":[{"hidden":false,"z":0,"transform":[1,0,0,1,0,0],"alpha":1,"h":4,"w":3,"y":2,"x":1,"key":"k","m34":null}]}"#,
        ] {
            guard case .response(let response) = try decode(frames) else {
                Issue.record("refused \(frames)")
                continue
            }
            #expect(response.trace.frames.first?.views == [ViewState(key: "k", x: 1, y: 2, w: 3, h: 4, z: 0)])
        }
        // A repeated view key and a non-integral z: refused with the tree path's words.
        #expect(throws: EngineProtocolError.self) { try decode(#"{"t":0,"progress":0,"views":[\#(view),\#(view)]}"#) }
        do {
            _ = try decode(#"{"t":0,"progress":0,"views":[\#(view),\#(view)]}"#)
        } catch {
            #expect(error.reason.contains("a second view \"k\" in one frame"), "\(error.reason)")
        }
        do {
            _ = try decode(#"{"t":0,"progress":0,"views":[\#(view.replacingOccurrences(of: "\"z\":0", with: "\"z\":0.5"))]}"#)
            Issue.record("z 0.5 accepted")
        } catch {
            #expect(error.reason.contains("frames[0].views[0].z\" must be an integer"), "\(error.reason)")
        }
    }
}
