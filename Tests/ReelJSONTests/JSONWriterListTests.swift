import ReelJSON
import Testing

@Suite("JSON arrays and objects written element by element")
struct JSONWriterListTests {
    @Test func anArrayHasACommaBetweenTwoElementsOnly() {
        // RFC 8259 section 5: begin-array [ value *( value-separator value ) ] end-array.
        for count in 1...3 {
            var writer = JSONWriter()
            writer.array(1...count) { writer, number in writer.int(number) }
            #expect(writer.text == "[" + (1...count).map(String.init).joined(separator: ",") + "]")
        }
        var empty = JSONWriter()
        empty.array([Int]()) { $0.int($1) }
        #expect(empty.text == "[]")
    }

    @Test func onePerLinePutsEachElementAndTheClosingBracketOnALineOfItsOwn() throws {
        var writer = JSONWriter()
        writer.array(["a", "b"], onePerLine: true) { $0.string($1) }
        #expect(writer.text == "[\n\"a\",\n\"b\"\n]")
        #expect(try JSONParser.parse(writer.text) == .array([.string("a"), .string("b")]))
        var empty = JSONWriter()
        empty.array([String](), onePerLine: true) { $0.string($1) }
        #expect(empty.text == "[\n]")
    }

    @Test func anObjectWritesEachKeyThenItsValueInTheGivenOrder() {
        // RFC 8259 section 4: begin-object [ member *( value-separator member ) ] end-object,
        // member = string name-separator value.
        var writer = JSONWriter()
        writer.object([("b", 2), ("a\"", 1)], key: \.0) { $0.int($1.1) }
        #expect(writer.text == #"{"b":2,"a\"":1}"#)
        var empty = JSONWriter()
        empty.object([(String, Int)](), key: \.0) { $0.int($1.1) }
        #expect(empty.text == "{}")
    }

    @Test func listsNestAndReadBack() throws {
        var writer = JSONWriter()
        writer.array([[0.5, -2], [], [1e-7]]) { writer, row in writer.array(row) { $0.number($1) } }
        #expect(writer.text == "[[0.5,-2],[],[1e-07]]")
        #expect(try JSONParser.parse(writer.text) == .array([.array([.number(0.5), .number(-2)]), .array([]), .array([.number(1e-7)])]))
    }

    @Test func aThrowingElementStopsTheList() {
        struct Refused: Error {}
        var writer = JSONWriter()
        #expect(throws: Refused.self) {
            try writer.array([1, 2, 3]) { writer, number in
                if number == 2 { throw Refused() }
                writer.int(number)
            }
        }
        #expect(writer.text == "[1,")
    }
}
