import Foundation
import ReelJSON
import ReelTrace
import Testing

@testable import ReelFormats

/// Issue 37: one engine process's answers read with a `ReplyMemo` (its `engine` member and final
/// hierarchy read once, then recognised by their bytes) decode exactly as each read on its own,
/// whatever comes in between: another engine name, another hierarchy, a decision, whitespace,
/// broken members.
@Suite("Protocol: answers read with a memo")
struct ProtocolReplyMemoTests {
    private static func line(engine: String = #"{"name":"e","version":"1"}"#, outcome: String) -> [UInt8] {
        Array(#"{"id":1,"engine":\#(engine),"frames":[],"events":[],"outcome":\#(outcome)}"#.utf8)
    }

    private static func decoded(_ line: [UInt8], memo: inout ReplyMemo) -> Result<EngineReply, EngineProtocolError> {
        Result { () throws(EngineProtocolError) in try EngineReply.decodeAnswerAndForm(line: line, memo: &memo).reply }
    }

    @Test func aSequenceDecodesAsEachLineOnItsOwn() {
        let hierarchy = #"{"presented":[{"presented":"B","presenter":"nav"}],"root":{"children":["A"],"name":"nav"},"views":["B.view"]}"#
        let lines: [[UInt8]] = [
            Self.line(outcome: #"{"completed":true,"t":0.5,"hierarchy":\#(hierarchy)}"#),
            Self.line(outcome: #"{"completed":false,"t":1.25,"hierarchy":\#(hierarchy)}"#),
            // The same bytes with a member added after the remembered object: still that object.
            Self.line(outcome: #"{"hierarchy":\#(hierarchy),"t":2,"completed":true}"#),
            // Another engine name and version; back again.
            Self.line(engine: #"{"name":"f","version":"2"}"#, outcome: #"{"completed":true,"t":0.5,"hierarchy":\#(hierarchy)}"#),
            Self.line(outcome: #"{"completed":true,"t":0.5}"#),
            // Another hierarchy, then the first again.
            Self.line(outcome: #"{"completed":true,"t":3,"hierarchy":{"root":"X","\u00e9":[1,2.5,-0.0]}}"#),
            Self.line(outcome: #"{"completed":true,"t":3,"hierarchy":\#(hierarchy)}"#),
            // Whitespace, a decision, an unknown member: read as trees.
            Self.line(outcome: #"{ "completed": true, "t": 3, "hierarchy": \#(hierarchy) }"#),
            Self.line(outcome: #"{"completed":true,"t":3,"decision":{"rule":"r"},"hierarchy":\#(hierarchy)}"#),
            Self.line(outcome: #"{"completed":true,"t":3,"later":1,"hierarchy":\#(hierarchy)}"#),
            // Broken outcomes and engines: the same errors as without a memo.
            Self.line(outcome: #"{"completed":true,"t":3,"hierarchy":null}"#),
            Self.line(outcome: #"{"completed":true,"t":3,"t":4,"hierarchy":\#(hierarchy)}"#),
            Self.line(outcome: #"{"completed":true,"t":3,"hierarchy":{"a":1,"a":2}}"#),
            Self.line(outcome: #"{"completed":1,"t":3}"#),
            Self.line(outcome: #"{"completed":true}"#),
            Self.line(outcome: #"{"completed":true,"t":1e999}"#),
            Self.line(engine: #"{"name":"e","version":1}"#, outcome: #"{"completed":true,"t":0.5}"#),
            Self.line(engine: #"{"name":"e","version":"1","name":"e"}"#, outcome: #"{"completed":true,"t":0.5}"#),
            Self.line(engine: #"{"name":"e","version":"1"}}"#, outcome: #"{"completed":true,"t":0.5}"#),
            Self.line(outcome: #"{"completed":true,"t":3,"hierarchy":\#(hierarchy)"#),
            Self.line(outcome: #"{"completed":true,"t":0.5,"hierarchy":\#(hierarchy)}"#),
        ]
        var memo = ReplyMemo()
        var decodedCount = 0
        for line in lines {
            var fresh = ReplyMemo()
            let alone = Self.decoded(line, memo: &fresh)
            let withMemo = Self.decoded(line, memo: &memo)
            #expect(withMemo == alone, "\(String(decoding: line, as: UTF8.self))")
            if case .success = alone { decodedCount += 1 }
        }
        // The lines that are answers decode (the first 10 and the last), the broken ones do not.
        #expect(decodedCount == 11)
        // The hierarchy is stored as its compact text in the engine's member order, as always.
        var memo2 = ReplyMemo()
        if case .success(.response(let response)) = Self.decoded(lines[0], memo: &memo2) {
            #expect(response.trace.outcome.hierarchy == hierarchy)
            #expect(response.engineName == "e" && response.engineVersion == "1")
        } else {
            Issue.record("the first line did not decode")
        }
    }
}
