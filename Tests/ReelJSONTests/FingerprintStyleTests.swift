import ReelJSON
import Testing

/// The engine's legacy number style (`JSONWriter.NumberStyle.fingerprint`), checked against its
/// published rule: an integer-valued Double of magnitude below 10^15 is written as an integer
/// (negative zero as `0`); every other finite Double as Swift's shortest round-trip text; NaN and
/// infinities as `null`. Engine fingerprints are hashes of these bytes, so they must not move.
@Suite("JSON writer: the engine fingerprint style")
struct FingerprintStyleTests {
    /// Each case with the text the rule gives, worked out by hand from the rule above.
    static let cases: [(value: Double, text: String)] = [
        (0, "0"),
        (-0.0, "0"),  // integer-valued, below 10^15: an integer, and Int64 has no negative zero
        (-4, "-4"),
        (390, "390"),
        (1e15 - 1, "999999999999999"),  // the largest integer below the bound
        (-(1e15 - 1), "-999999999999999"),
        (1e15, "1000000000000000.0"),  // at the bound: no longer an integer, Double.description
        (-1e15, "-1000000000000000.0"),
        (9_007_199_254_740_992, "9007199254740992.0"),  // 2^53
        (1e16, "1e+16"),
        (0.1, "0.1"),
        (2.5, "2.5"),
        (1e-7, "1e-07"),
        (0.016666666666666666, "0.016666666666666666"),
        (.nan, "null"),
        (.infinity, "null"),
        (-.infinity, "null"),
    ]

    @Test func numbersFollowThePublishedRule() {
        for (value, text) in Self.cases {
            #expect(JSONWriter.fingerprintFormat(value) == text, "\(value)")
            var writer = JSONWriter(numberStyle: .fingerprint)
            writer.number(value)
            #expect(writer.text == text, "\(value)")
        }
    }

    @Test func differsFromTheReelRuleWhereTheRulesDiffer() {
        // The reel rule keeps the sign of zero and writes integers up to 2^53 without a fraction.
        #expect(JSONWriter.format(-0.0) == "-0.0")
        #expect(JSONWriter.format(1e15) == "1000000000000000")
    }

    @Test func canonicalObjectsSortKeysByTheirBytes() {
        let value = JSONValue.object([
            JSONMember("b", .array([.number(-0.0), .number(0.5), .number(.nan)])),
            JSONMember("a", .number(1e15)),
            JSONMember("B", .bool(true)),
        ])
        let text = JSONWriter.text(of: value, sortedKeys: true, numberStyle: .fingerprint)
        #expect(text == #"{"B":true,"a":1000000000000000.0,"b":[0,0.5,null]}"#)
    }
}
