import ReelJSON
import ReelTrace

/// Every constant of the engine: thresholds, durations, curves, spring parameters, edge width,
/// slop, velocity filter. Values are stored in the fixed order of `parameters`.
public struct EngineProfile: Sendable, Hashable {
    /// Values in the order of `EngineProfile.parameters`.
    let values: [ParameterValue]

    /// The built-in profile: every parameter at its default.
    public static let builtin = EngineProfile(values: ParameterTable.descriptors.map(\.defaultValue))

    /// Every parameter with name, unit, description and default, in a fixed order.
    public static var parameters: [ParameterDescriptor] { ParameterTable.descriptors }

    /// The value of the named parameter, nil for an unknown name.
    public func value(_ name: String) -> ParameterValue? {
        guard let parameter = ParameterTable.named[name] else { return nil }
        return self[parameter]
    }

    /// The value of a parameter.
    package subscript(_ parameter: ParameterName) -> ParameterValue {
        values[parameter.ordinal]
    }

    /// A copy with the given parameters changed. Throws for an unknown name, a value of the
    /// wrong type, or a string outside the parameter's choices.
    public func overriding(_ overrides: [(String, ParameterValue)]) throws -> EngineProfile {
        try overriding(
            overrides.map { name, value in
                guard let parameter = ParameterTable.named[name] else {
                    throw ProfileError(
                        "unknown engine parameter '\(name)'" + closestHint(to: name, in: ParameterTable.descriptors.map(\.name))
                            + "; reel engine params lists them")
                }
                return (parameter, value)
            })
    }

    /// A copy with the given parameters changed, named by their cases. Throws for a value of the
    /// wrong type, or a string outside the parameter's choices.
    package func overriding(_ overrides: [(ParameterName, ParameterValue)]) throws -> EngineProfile {
        var changed = values
        for (parameter, value) in overrides {
            let index = parameter.ordinal
            let name = parameter.rawValue
            let descriptor = ParameterTable.descriptors[index]
            guard descriptor.defaultValue.typeName == value.typeName else {
                throw ProfileError("parameter '\(name)' takes a \(descriptor.defaultValue.typeName), got a \(value.typeName)")
            }
            if case .string(let text) = value, !descriptor.choices.isEmpty, !descriptor.choices.contains(text) {
                throw ProfileError("parameter '\(name)' must be one of \(descriptor.choices.joined(separator: ", ")); got '\(text)'")
            }
            if case .number(let number) = value, !number.isFinite {
                throw ProfileError("parameter '\(name)' must be a finite number")
            }
            if case .number(let number) = value, let range = descriptor.range, !range.contains(number) {
                throw ProfileError("parameter '\(name)' must be within \(descriptor.rangeText ?? "") \(descriptor.unit); got \(number)")
            }
            if case .number(let number) = value, descriptor.isInteger, number.rounded() != number {
                throw ProfileError("parameter '\(name)' is a count and takes a whole number; got \(number)")
            }
            changed[index] = value
        }
        return EngineProfile(values: changed)
    }

    /// All parameters as one JSON object with sorted keys.
    public var canonicalJSON: String {
        let members = zip(ParameterTable.descriptors, values).map { JSONMember($0.name, $1.json) }
        return JSONWriter.text(of: .object(members), sortedKeys: true, numberStyle: .fingerprint)
    }

    /// A number parameter's value. The parameter's type is fixed by its descriptor; asking a
    /// string or flag parameter for a number is a bug in the engine, caught by its tests.
    func number(_ parameter: ParameterName) -> Double {
        if case .number(let value) = self[parameter] { return value }
        preconditionFailure("parameter \(parameter.rawValue) is not a number")
    }

    /// A choice parameter's value (one of its descriptor's choices).
    func string(_ parameter: ParameterName) -> String {
        if case .string(let value) = self[parameter] { return value }
        preconditionFailure("parameter \(parameter.rawValue) is not a string")
    }

    /// A flag parameter's value.
    func bool(_ parameter: ParameterName) -> Bool {
        if case .bool(let value) = self[parameter] { return value }
        preconditionFailure("parameter \(parameter.rawValue) is not a bool")
    }
}
