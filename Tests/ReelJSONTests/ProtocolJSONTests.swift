import Foundation
import ReelSynth
import Testing

@testable import ReelJSON

@Suite("JSON parser and writer")
struct ProtocolJSONTests {
    private func parseError(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5, true, false, null, "s"], "b": {}, "c": []} "#)
        #expect(
            value
                == .object([
                    JSONMember("a", .array([.number(1), .number(-2.5), .bool(true), .bool(false), .null, .string("s")])),
                    JSONMember("b", .object([])),
                    JSONMember("c", .array([])),
                ]))
    }

    @Test func decodesStringEscapesAndUnicode() throws {
        let value = try JSONParser.parse(#""q\" b\\ s\/ \b\f\n\r\t \u00e9 \u20AC \ud83d\ude00 é€😀""#)
        #expect(value == .string("q\" b\\ s/ \u{8}\u{C}\n\r\t é € 😀 é€😀"))
    }

    @Test func rejectsBadStrings() {
        #expect(parseError(#""abc"#)?.reason == "unterminated string")
        #expect(parseError(#""a\x""#)?.reason == "invalid escape \\x")
        #expect(parseError(#""\ud83d""#)?.reason == "unpaired surrogate in \\u escape")
        #expect(parseError(#""\ude00""#)?.reason == "unpaired surrogate in \\u escape")
        #expect(parseError(#""\u12G4""#)?.reason == "invalid \\u escape")
        #expect(parseError("\"a\tb\"")?.reason == "unescaped control character in string")
        let invalidUTF8: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: JSONParseError(offset: 0, reason: "invalid UTF-8 in string")) { try JSONParser.parse(invalidUTF8) }
    }

    @Test func parsesNumbersExactly() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", -0.0), ("0.1", 0.1), ("1e-7", 1e-7), ("390", 390), ("0.016", 0.016),
            ("123456789012345678901234567890", 123456789012345678901234567890.0),
            ("2.2250738585072014e-308", 2.2250738585072014e-308), ("5e-324", .leastNonzeroMagnitude),
            ("1.7976931348623157e308", 1.7976931348623157e308), ("0.30000000000000004", 0.30000000000000004),
            ("9007199254740993", 9_007_199_254_740_992), ("1E+2", 100), ("-12.5e-1", -1.25),
        ]
        for (text, expected) in cases {
            let value = try JSONParser.parse(text)
            guard case .number(let number) = value else {
                Issue.record("\(text) did not parse as a number")
                continue
            }
            #expect(number.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func rejectsNonFiniteAndMalformedNumbers() {
        #expect(parseError("1e999")?.reason == "number 1e999 is not finite as a double")
        #expect(parseError("-1e999")?.reason == "number -1e999 is not finite as a double")
        #expect(parseError("NaN")?.reason == "NaN and Infinity are not numbers JSON allows")
        #expect(parseError("-Infinity")?.reason == "NaN and Infinity are not numbers JSON allows")
        #expect(parseError("01")?.reason == "leading zeros are not allowed in numbers")
        #expect(parseError("1.")?.reason == "expected a digit after the decimal point")
        #expect(parseError("1e")?.reason == "expected a digit in the exponent")
        #expect(parseError("-")?.reason == "invalid number")
        #expect(parseError("+1")?.reason == "unexpected character '+', expected a value")
    }

    @Test func reportsExactPositions() {
        #expect(parseError(#"{"a":1,}"#) == JSONParseError(offset: 7, reason: "expected a string key"))
        #expect(parseError(#"{"a" 1}"#) == JSONParseError(offset: 5, reason: "expected ':' after key"))
        #expect(parseError("[1 2]") == JSONParseError(offset: 3, reason: "expected ',' or ']'"))
        #expect(parseError("{} x") == JSONParseError(offset: 3, reason: "unexpected characters after the JSON value"))
        #expect(parseError("tru") == JSONParseError(offset: 0, reason: "invalid literal"))
        #expect(parseError(#"{"a":1,"a":2}"#) == JSONParseError(offset: 7, reason: "duplicate key \"a\""))
        #expect(parseError("") == JSONParseError(offset: 0, reason: "unexpected end of input, expected a value"))
        #expect(parseError("[1,") == JSONParseError(offset: 3, reason: "unexpected end of input, expected a value"))
        #expect(parseError("{} x")?.column == 4)
    }

    @Test func limitsNesting() throws {
        let deepest = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        _ = try JSONParser.parse(deepest)
        let tooDeep = "[" + deepest + "]"
        #expect(parseError(tooDeep)?.reason == "nesting deeper than 512 levels")
    }

    @Test func writesNumbersThatParseBackBitIdentical() throws {
        let values: [Double] = [
            0, -0.0, 0.1, 1e-7, 390, -4, 0.016666666666666666, 1.0 / 3.0, .leastNonzeroMagnitude, 1.7976931348623157e308,
            9_007_199_254_740_992, 9_007_199_254_740_994 * 4, -123.456, 2.5e-300, 844.0000000000001,
        ]
        for value in values {
            let text = JSONWriter.format(value)
            guard case .number(let back) = try JSONParser.parse(text) else {
                Issue.record("\(text) did not parse as a number")
                continue
            }
            #expect(back.bitPattern == value.bitPattern, "\(value) written as \(text)")
        }
        #expect(JSONWriter.format(390) == "390")
        #expect(JSONWriter.format(-0.0) == "-0.0")
        #expect(JSONWriter.format(0.1) == "0.1")
        #expect(JSONWriter.format(.nan) == "null")
        #expect(JSONWriter.format(.infinity) == "null")
    }

    @Test func writesEscapedStringsAndCanonicalObjects() throws {
        let value = JSONValue.object([
            JSONMember("b", .string("line\nbreak \"quoted\" \\ \u{1} é")),
            JSONMember("a", .array([.number(1), .null, .bool(true)])),
        ])
        let text = JSONWriter.text(of: value)
        #expect(text == #"{"b":"line\nbreak \"quoted\" \\ \u0001 é","a":[1,null,true]}"#)
        #expect(JSONWriter.text(of: value, sortedKeys: true) == #"{"a":[1,null,true],"b":"line\nbreak \"quoted\" \\ \u0001 é"}"#)
        #expect(try JSONParser.parse(text) == value)
    }
}

@Suite("JSON number parsing against strtod")
struct ProtocolJSONNumberTests {
    private func parsed(_ text: String) -> Double? {
        guard case .number(let number)? = try? JSONParser.parse(text) else { return nil }
        return number
    }

    @Test func shortestFormsOfManyDoublesParseBackExactly() {
        var random = SplitMix64(seed: 2024)
        for step in 0..<100_000 {
            // Magnitudes from 1e-30 to 1e30 with random significands; every bit pattern class.
            let magnitude = random.uniform(-30, 30)
            let value = (random.unit() + 0.5) * pow(10, magnitude.rounded(.down))
            let signed = step % 2 == 0 ? value : -value
            let text = JSONWriter.format(signed)
            #expect(parsed(text)?.bitPattern == signed.bitPattern, "\(text)")
        }
    }

    @Test func randomDecimalsMatchStrtod() {
        var random = SplitMix64(seed: 99)
        for _ in 0..<100_000 {
            let digits = 1 + Int(random.next() % 19)
            var text = String(1 + random.next() % 9)
            for _ in 1..<digits { text += String(random.next() % 10) }
            let exponent = Int(random.next() % 70) - 35
            text += "e\(exponent)"
            #expect(parsed(text)?.bitPattern == strtod(text, nil).bitPattern, "\(text)")
        }
        // Halfway cases between two doubles, where a double rounding would go wrong.
        for text in [
            "9007199254740993", "9007199254740993e0", "1.00000000000000011102230246251565404236316680908203125",
            "0.1000000000000000055511151231257827", "4.9406564584124654e-324", "2.4703282292062328e-324",
        ] {
            #expect(parsed(text)?.bitPattern == strtod(text, nil).bitPattern, "\(text)")
        }
    }

    /// Exact halfway points between two doubles written with at most 18 digits (the parser keeps
    /// 18 exactly), so they take the integer fast path, not `strtod`: ties must go to even, and a
    /// digit either side must round away from the tie. m / 2^j with m odd and of 54 bits lies
    /// halfway between two doubles; as a decimal it is the digits of m * 5^j times 10^-j.
    @Test func halfwayPointsWithEighteenDigitsRoundToEvenWithoutStrtod() {
        var random = SplitMix64(seed: 7)
        var checked = 0
        for j in 0...2 {
            let five = (0..<j).reduce(UInt64(1)) { product, _ in product * 5 }
            for _ in 0..<20_000 {
                let m = (UInt64(1) << 53) | (random.next() & ((1 << 53) - 1)) | 1
                let digits = m * five
                for nudge in [-1, 0, 1] as [Int64] {
                    let text = "\(UInt64(Int64(digits) + nudge))e-\(j)"
                    #expect(parsed(text)?.bitPattern == strtod(text, nil).bitPattern, "\(text)")
                    checked += 1
                }
            }
        }
        #expect(checked == 3 * 20_000 * 3)
    }

    /// The parser's result must not depend on x87 extended precision, which Valgrind emulates at
    /// double precision (a callgrind replay at `--tolerance exact` diverged where a native one
    /// matched): its source holds no Float80.
    @Test func theParserUsesNoExtendedPrecision() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ReelJSON/JSONParser.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        #expect(!text.contains("Float80"))
    }
}
