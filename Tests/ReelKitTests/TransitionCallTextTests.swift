import Testing

@testable import ReelKit

/// The detail of ReelKit's `updateInteractiveTransition` events: the fraction rounded to four
/// decimals (half away from zero, as `Double.rounded()`), a "-" only when the rounded value is
/// negative, the whole part without leading zeros. The expected texts are worked out here from
/// that rule with integer arithmetic on the scaled value.
@Suite struct TransitionCallTextTests {
    static func expected(_ name: String, _ value: Double) -> String {
        let scaled = Int((value * 10_000).rounded())
        let magnitude = abs(scaled)
        let decimals = String(magnitude % 10_000)
        let padded = String(repeating: "0", count: 4 - decimals.count) + decimals
        return name + "(" + (scaled < 0 ? "-" : "") + String(magnitude / 10_000) + "." + padded + ")"
    }

    @Test(arguments: [
        0, 1, 0.5, 0.00005, 0.00004999, 0.0038375, 0.99996, 1.23456, 12.5, 123_456.78901, -0.00004, -0.00005, -0.25, -3.14159,
        1e-9, 0.1 + 0.2,
    ])
    func fractionsAreWrittenWithFourDecimals(value: Double) {
        #expect(TransitionCallText.call("updateInteractiveTransition", value) == Self.expected("updateInteractiveTransition", value))
    }

    @Test func examplesByHand() {
        #expect(TransitionCallText.call("update", 0.0038375) == "update(0.0038)")
        #expect(TransitionCallText.call("update", -0.00004) == "update(0.0000)")
        #expect(TransitionCallText.call("update", -0.25) == "update(-0.2500)")
        #expect(TransitionCallText.call("u", 12.5) == "u(12.5000)")
    }
}
