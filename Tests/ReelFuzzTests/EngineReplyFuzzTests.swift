import PropertyBased
import ReelFormats
import ReelJSON
import Testing

/// Mutated engine response lines: decoded, or rejected with an `EngineProtocolError` that says
/// where (the column of malformed JSON, or the field).
@Suite("Fuzz: engine reply decoder")
struct EngineReplyFuzzTests {
    static let dictionary = [
        "\"engine\"", "\"frames\"", "\"views\"", "\"events\"", "\"outcome\"", "\"error\"", "\"key\"", "\"transform\"",
        "\"alpha\"", "\"z\"", "\"hidden\"", "\"progress\"", "\"completed\"", "\"hierarchy\"", "[1,0,0,1,0,0]",
    ]

    @Test func mutatedRepliesAreDecodedOrRejectedWithAPlace() async throws {
        let corpus = try Corpus("engine-reply")
        await propertyCheck(
            count: fuzzCases, input: Gen.int(in: 0...1000), Gen<UInt64>.value().array(of: 1...12)
        ) { seed, words in
            check(corpus.mutated(seed: seed, words: words, dictionary: Self.dictionary))
        }
    }

    /// The limits of `EngineReplyLimits`, each refused with its name; a line that is not an
    /// object is named by its kind without being built.
    @Test func limitsAreRefusedByName() throws {
        func reason(_ text: String) -> String {
            do {
                _ = try EngineReply.decode(line: Array(text.utf8))
                return "decoded"
            } catch {
                return error.reason
            }
        }
        func reply(frames: String, events: String = "", hierarchy: String = "{}") -> String {
            #"{"engine":{"name":"e","version":"1"},"frames":[\#(frames)],"events":[\#(events)],"#
                + #""outcome":{"completed":true,"t":0,"hierarchy":\#(hierarchy)}}"#
        }
        let frame = { (t: Int) in #"{"t":\#(t),"progress":0,"views":[]}"# }
        #expect(reason(reply(frames: frame(0))) == "decoded")
        let tooMany = (0...EngineReplyLimits.maxFrames).map { _ in frame(0) }.joined(separator: ",")
        #expect(reason(reply(frames: tooMany)).contains("more than \(EngineReplyLimits.maxFrames) frames (EngineReplyLimits.maxFrames"))
        #expect(reason(reply(frames: frame(1) + "," + frame(0))).contains("field \"frames[1].t\": 0 is before the previous frame's 1"))
        #expect(reason(reply(frames: frame(0) + "," + frame(1201))).contains("(EngineReplyLimits.maxFrameSpan)"))
        let names = (0...EngineReplyLimits.maxDistinctEventNames).map { #"{"t":0,"kind":"k","subject":"s","detail":"d\#($0)"}"# }
        #expect(reason(reply(frames: "", events: names.joined(separator: ","))).contains("(EngineReplyLimits.maxDistinctEventNames"))
        // Details with arguments share their name: finish(0), finish(1), ... are one name.
        let arguments = (0...EngineReplyLimits.maxDistinctEventNames).map { #"{"t":0,"kind":"k","subject":"s","detail":"f(\#($0))"}"# }
        #expect(reason(reply(frames: "", events: arguments.joined(separator: ","))) == "decoded")
        let hierarchy = "\"" + String(repeating: "x", count: EngineReplyLimits.maxMemberBytes) + "\""
        #expect(reason(reply(frames: "", hierarchy: hierarchy)).contains("field \"outcome\" is"))
        #expect(reason("[" + String(repeating: "1,", count: 100_000) + "1]") == "invalid response: expected a JSON object, not an array")
        #expect(reason("[1,]").hasPrefix("malformed JSON at column 4"))
    }

    @Test func everyCorpusEntryAsIs() throws {
        for entry in try Corpus("engine-reply").entries { check(entry) }
    }

    /// The decoder reads the line element by element (`ReplyReader`), never as one tree: it must
    /// call exactly the lines malformed that the whole-text parser refuses.
    private func check(_ line: [UInt8]) {
        let parses = (try? JSONParser.parse(line)) != nil
        do {
            switch try EngineReply.decode(line: line) {
            case .error(let message):
                _ = message
            case .response(let response):
                #expect(parses, "decoded a line the parser refuses")
                let frames = response.trace.frames
                #expect(frames.map(\.index) == Array(frames.indices))
                #expect(frames.allSatisfy { $0.t.isFinite && $0.views.allSatisfy { $0.alpha.isFinite } })
            }
        } catch {
            #expect(error.reason.hasPrefix("malformed JSON at column ") || error.reason.hasPrefix("invalid response: "))
            #expect(error.reason.hasPrefix("malformed JSON") == !parses, "\(error.reason)")
            if error.reason.hasPrefix("malformed JSON at column ") {
                let column = Int(error.reason.dropFirst("malformed JSON at column ".count).prefix { $0.isNumber })
                #expect(column.map { (1...line.count + 1).contains($0) } == true, "\(error.reason)")
            }
        }
    }
}
