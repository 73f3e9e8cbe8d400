import Testing

@testable import ReelEngine

/// The detail of `updateInteractiveTransition` events: the percent to four decimals, as recorded
/// archives hold it (engine 0.3.0 wrote the same text through String concatenation).
@Suite struct CallDetailTests {
    @Test(arguments: [
        (0.0, "update(0.0000)"), (0.25, "update(0.2500)"), (0.123_44, "update(0.1234)"), (0.123_46, "update(0.1235)"),
        (0.999_96, "update(1.0000)"), (1.0, "update(1.0000)"), (-0.5, "update(-0.5000)"), (-0.000_04, "update(0.0000)"),
        (12.345_67, "update(12.3457)"), (1_234.5, "update(1234.5000)"), (0.000_1, "update(0.0001)"),
    ])
    func fractionWithFourDecimals(value: Double, expected: String) {
        #expect(Simulation.call("update", fraction: value) == expected)
    }
}
