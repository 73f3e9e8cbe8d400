import Testing

@testable import ReelEngine

/// `ParameterName.ordinal` reads a case's position from its tag instead of a dictionary keyed by
/// the case (which hashed the raw value on every read): each case's ordinal must be its position
/// in `allCases`, the order `ParameterTable.descriptors` and a profile's values follow.
@Suite("Parameter ordinals")
struct ParameterOrdinalTests {
    @Test func everyCaseIsAtItsPositionInAllCases() {
        for (position, parameter) in ParameterName.allCases.enumerated() {
            #expect(parameter.ordinal == position, "\(parameter.rawValue)")
            #expect(ParameterTable.descriptors[parameter.ordinal].name == parameter.rawValue)
        }
    }

    @Test func aProfileReadsEachParameterAtItsOwnValue() throws {
        // Each number parameter set to a value of its own (its position, within its range when the
        // range allows it), read back through the case.
        var overrides: [(ParameterName, ParameterValue)] = []
        for (position, descriptor) in ParameterTable.descriptors.enumerated() {
            guard case .number = descriptor.defaultValue, let range = descriptor.range else { continue }
            let value = min(max(Double(position), range.lowerBound), range.upperBound)
            overrides.append((ParameterName.allCases[position], .number(value)))
        }
        #expect(overrides.count > 20)
        let profile = try EngineProfile.builtin.overriding(overrides)
        for (parameter, value) in overrides { #expect(profile[parameter] == value, "\(parameter.rawValue)") }
    }
}
