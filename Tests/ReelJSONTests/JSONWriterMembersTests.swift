import ReelJSON
import Testing

/// Fixed-member objects (RFC 8259 section 4: begin-object [ member *( value-separator member ) ]
/// end-object); the expected text is written out by hand from that grammar.
@Suite("JSON objects written member by member")
struct JSONWriterMembersTests {
    @Test func membersAreWrittenInOrderWithACommaBetweenTwo() throws {
        var writer = JSONWriter()
        writer.object { members in
            members.member("id", 4)
            members.member("ratio", 0.5)
            members.member("status", "fin\"ished\n")
            members.member("kept", true)
        }
        #expect(writer.text == #"{"id":4,"ratio":0.5,"status":"fin\"ished\n","kept":true}"#)
        #expect(try JSONParser.parse(writer.text)["status"] == .string("fin\"ished\n"))
    }

    @Test func anEmptyObjectIsTwoBraces() {
        var writer = JSONWriter()
        writer.object { _ in }
        #expect(writer.text == "{}")
    }

    @Test func nilIsNullAndNonFiniteNumbersAreNull() {
        var writer = JSONWriter()
        writer.object { members in
            members.member("shard", nil as String?)
            members.member("count", nil as Int?)
            members.member("speed", Double.nan)
        }
        #expect(writer.text == #"{"shard":null,"count":null,"speed":null}"#)
    }

    @Test func nestedObjectsAndArraysKeepTheirOwnCommas() {
        var writer = JSONWriter()
        writer.int(0)  // what came before the object stays
        writer.punctuation(UInt8(ascii: " "))
        writer.object { members in
            members.member("a") {
                $0.object {
                    $0.member("b", 1)
                    $0.member("c", 2)
                }
            }
            members.member("list") { $0.array([1, 2]) { $0.int($1) } }
            members.member("d", "e")
        }
        #expect(writer.text == #"0 {"a":{"b":1,"c":2},"list":[1,2],"d":"e"}"#)
    }

    @Test func theWritersNumberStyleHoldsInsideAnObject() {
        var writer = JSONWriter(numberStyle: .foundation)
        writer.object { $0.member("x", -0.0) }
        // JSONWriter.foundationFormat: Double.description without ".0" (-0.0 -> "-0").
        #expect(writer.text == #"{"x":-0}"#)
    }
}
