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
        guard let index = ParameterTable.index[name] else { return nil }
        return values[index]
    }

    /// A copy with the given parameters changed. Throws for an unknown name, a value of the
    /// wrong type, or a string outside the parameter's choices.
    public func overriding(_ overrides: [(String, ParameterValue)]) throws -> EngineProfile {
        var changed = values
        for (name, value) in overrides {
            guard let index = ParameterTable.index[name] else {
                throw ProfileError(
                    "unknown engine parameter '\(name)'" + closestHint(to: name, in: ParameterTable.descriptors.map(\.name))
                        + "; reel engine params lists them")
            }
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

    func number(_ name: String) -> Double {
        if case .number(let value) = values[ParameterTable.index[name]!] { return value }
        preconditionFailure("parameter \(name) is not a number")
    }

    func string(_ name: String) -> String {
        if case .string(let value) = values[ParameterTable.index[name]!] { return value }
        preconditionFailure("parameter \(name) is not a string")
    }

    func bool(_ name: String) -> Bool {
        if case .bool(let value) = values[ParameterTable.index[name]!] { return value }
        preconditionFailure("parameter \(name) is not a bool")
    }
}
