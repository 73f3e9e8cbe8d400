import ReelJSON
import ReelTrace
import Testing

@Suite("JSON string literals")
struct JSONStringTests {
    @Test func escapesExactlyWhatRFC8259Requires() {
        // RFC 8259 section 7: quotation mark, reverse solidus and U+0000-U+001F must be escaped;
        // the two-character forms exist for \b \f \n \r \t. Everything else passes through.
        let text = "a\"b\\c/d\n\r\t\u{08}\u{0C}\u{01}\u{1F}é→😀"
        #expect(JSONString.quoted(text) == #""a\"b\\c/d\n\r\t\b\f\u0001\u001fé→😀""#)
        #expect(JSONString.quoted("") == #""""#)
    }

    @Test func theParserReadsEveryLiteralBack() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let scalars = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &generator))
            }
            let text = String(String.UnicodeScalarView(scalars)) + "ü"
            #expect(try JSONParser.parse(JSONString.quoted(text)) == .string(text))
        }
    }
}
