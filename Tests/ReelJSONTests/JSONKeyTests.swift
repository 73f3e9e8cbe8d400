import ReelJSON
import Testing

/// `JSONKey` and the writer's fixed-member object calls: a key is its name as a JSON string
/// (escaped as every string is), a colon, and a comma before every member but the first; the
/// result parses back to the members written.
@Suite("JSON writer: pre-encoded member keys")
struct JSONKeyTests {
    @Test func keysAreQuotedEscapedAndSeparated() throws {
        let plain = JSONKey("t")
        let odd = JSONKey("a\"b\\c\n")
        var writer = JSONWriter()
        writer.openObject(plain)
        writer.int(1)
        writer.member(odd)
        writer.bool(true)
        writer.closeObject()
        #expect(writer.text == #"{"t":1,"a\"b\\c\n":true}"#)
        #expect(try JSONParser.parse(writer.text) == .object([JSONMember("t", .number(1)), JSONMember("a\"b\\c\n", .bool(true))]))
    }

    @Test func aFirstMemberAfterABraceWrittenElsewhereHasNoComma() {
        let id = JSONKey("id")
        var writer = JSONWriter()
        writer.punctuation(UInt8(ascii: "{"))
        writer.firstMember(id)
        writer.int(7)
        writer.member(id)
        writer.int(8)
        writer.closeObject()
        #expect(writer.text == #"{"id":7,"id":8}"#)
    }
}
