/// The value of one engine parameter.
public enum ParameterValue: Sendable, Hashable {
    case number(Double)
    case bool(Bool)
    case string(String)

    /// "number", "bool" or "string": the type a parameter accepts.
    public var typeName: String {
        switch self {
        case .number: "number"
        case .bool: "bool"
        case .string: "string"
        }
    }

    var json: CanonicalJSON.Value {
        switch self {
        case .number(let value): .number(value)
        case .bool(let value): .bool(value)
        case .string(let value): .string(value)
        }
    }
}

/// What `EngineProfile.parameters` publishes about one parameter.
public struct ParameterDescriptor: Sendable, Hashable {
    /// Stable dotted name, e.g. "backswipe.edge_region".
    public var name: String
    /// "s", "pt", "pt/s", "fraction", "ratio", "Hz", "choice", ...
    public var unit: String
    public var description: String
    public var defaultValue: ParameterValue
    /// For string parameters: the accepted values (empty when any string goes).
    public var choices: [String]

    public init(name: String, unit: String, description: String, defaultValue: ParameterValue, choices: [String] = []) {
        self.name = name
        self.unit = unit
        self.description = description
        self.defaultValue = defaultValue
        self.choices = choices
    }
}

/// Why a profile override was rejected.
public struct ProfileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
