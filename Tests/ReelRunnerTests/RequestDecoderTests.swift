import Foundation
import ReelJSON
import ReelTrace
import Testing

@testable import ReelFormats
@testable import ReelRunner

/// The server's tree-free request decoder (`RequestDecoder`) gives what the tree decoder gives,
/// for the usual requests, the hello of a process's first one, and every near miss of them.
@Suite("Request decoder")
struct RequestDecoderTests {
    @Test func theRequestDecoderGivesWhatTheTreeDecoderGives() throws {
        var decoder = RequestDecoder()
        var lines = try ServedAnswers.answers(perScenario: 1).map { try $0.request.encodedLine().dropLast() }.map { Array($0) }
        let base = String(decoding: lines[0], as: UTF8.self)
        var first = ServedAnswers.answers(perScenario: 1)[0].request
        first.hello = .reel
        let hello = String(decoding: try first.encodedLine().dropLast(), as: UTF8.self)
        #expect(hello.contains(#""hello":{"protocol":2,"answers":["binary","plain"],"requests":["binary","plain"]}"#), "\(hello)")
        lines += [
            base.replacingOccurrences(of: ",", with: " ,\n\t").replacingOccurrences(of: ":", with: " : "),
            base.replacingOccurrences(of: #""refresh_hz":60"#, with: #""refresh_hz":60,"extra":{"a":[1,2]}"#),
            base.replacingOccurrences(of: #""device":{"#, with: #""device":null,"x":{"#),
            base.replacingOccurrences(of: #""phase":"began""#, with: #""phase":"hovering""#),
            base.replacingOccurrences(of: #""id":1,"#, with: #""id":1,"id":2,"#),
            base.replacingOccurrences(of: #""id":1,"#, with: #""id":1.5,"#),
            hello, hello.replacingOccurrences(of: #""protocol":2"#, with: #""protocol":3"#),
            hello.replacingOccurrences(of: #""answers":["binary","plain"]"#, with: #""answers":"binary""#),
            hello.replacingOccurrences(of: #""answers":["binary","plain"]"#, with: #""answers":["zstd","binary"]"#),
            hello.replacingOccurrences(of: #""protocol":2,"#, with: ""),
            String(base.dropLast(5)), "[]", "", #"{"scenario":{"name":"x"},"touches":[]}"#,
        ].map { Array($0.utf8) }
        let renamed: [(String, String)] = [
            // Member names and offers are matched on their bytes: escaped, empty, reordered,
            // of a known name's length or a known prefix, they still decode as the tree does.
            (#""id":1,"#, #""\u0069d":1,"#),
            (#""id":1,"#, #""ix":1,"#),
            (#""device":{"#, #""devicf":{"#),
            (#""refresh_hz":60"#, #""refresh_hz_":60"#),
            (#""id":1,"#, #""id":1,"hellp":{},"#),
            (#""id":1,"#, #""id":1,"reply_encodings":["binary2","binary","columns"],"#),
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
}
