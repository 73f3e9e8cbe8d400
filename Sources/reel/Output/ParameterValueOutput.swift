import ReelEngine
import ReelJSON

extension ParameterValue {
    /// The value as `reel engine params` and `reel engine profiles` print it for people.
    var forPeopleText: String {
        switch self {
        case .number(let number): forPeople(JSONWriter.format(number))
        case .bool(let flag): flag ? "true" : "false"
        case .string(let string): string
        }
    }
}

extension JSONWriter {
    /// Writes a parameter's value as its JSON type: number, boolean or string.
    mutating func parameterValue(_ value: ParameterValue) {
        switch value {
        case .number(let number): self.number(number)
        case .bool(let flag): bool(flag)
        case .string(let string): self.string(string)
        }
    }
}
