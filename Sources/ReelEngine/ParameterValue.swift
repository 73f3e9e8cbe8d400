import ReelJSON
import ReelTrace

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

    var json: JSONValue {
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
    /// For number parameters: the values a profile may give (checked when a profile is loaded).
    public var range: ClosedRange<Double>?
    /// For number parameters: whether only whole numbers are accepted (counts).
    public var isInteger: Bool

    public init(
        name: String, unit: String, description: String, defaultValue: ParameterValue, choices: [String] = [],
        range: ClosedRange<Double>? = nil, isInteger: Bool = false
    ) {
        self.name = name
        self.unit = unit
        self.description = description
        self.defaultValue = defaultValue
        self.choices = choices
        self.range = range
        self.isInteger = isInteger
    }

    /// `range` as people read it, "0 to 1" or "1 to 1000 (whole)"; nil when there is none.
    public var rangeText: String? {
        guard let range else { return nil }
        func plain(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
        return "\(plain(range.lowerBound)) to \(plain(range.upperBound))" + (isInteger ? " (whole)" : "")
    }
}

/// Why a profile override was rejected.
public struct ProfileError: ReelError, Sendable, Hashable {
    public var failureKind: FailureKind { .dataError }
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
