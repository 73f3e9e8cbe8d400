import ReelDiff
import ReelJSON
import ReelRunner
import Testing

/// The tolerances a replay row stores (`tolerances_json`), written through `JSONWriter` since
/// session 13 with the bytes they always had: each family's value as Swift's `Double.description`.
@Suite struct TolerancesJSONTests {
    @Test(arguments: [
        Tolerances.exact, Tolerances.default, Tolerances(position: 1e-5, size: 2, alpha: 0.25, transform: 1e300, progress: 0.1),
    ])
    func familiesInKeyOrderAsSwiftWritesDoubles(tolerances: Tolerances) throws {
        let expected =
            "{\"alpha\":\(tolerances.alpha.description),\"position\":\(tolerances.position.description),"
            + "\"progress\":\(tolerances.progress.description),\"size\":\(tolerances.size.description),"
            + "\"transform\":\(tolerances.transform.description)}"
        #expect(tolerances.json == expected)
        // And it is JSON: the parser reads each family back bit for bit.
        let parsed = try JSONParser.parse(tolerances.json)
        #expect(parsed["position"] == .number(tolerances.position))
        #expect(parsed["transform"] == .number(tolerances.transform))
    }

    @Test func aValueJSONCannotSayIsNull() {
        var tolerances = Tolerances.exact
        tolerances.size = .infinity
        #expect(tolerances.json == #"{"alpha":0.0,"position":0.0,"progress":0.0,"size":null,"transform":0.0}"#)
    }
}
