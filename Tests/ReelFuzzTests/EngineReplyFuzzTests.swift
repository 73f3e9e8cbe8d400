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
