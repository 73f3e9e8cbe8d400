import ReelTrace

/// A missing or wrongly typed member of a JSON object, described for a person.
package struct JSONFieldError: ReelError, Sendable {
    package var reason: String

    package init(reason: String) {
        self.reason = reason
    }

    package var failureKind: FailureKind { .dataError }
    package var description: String { reason }
}

/// Typed access to the members of a JSON object with uniform error messages:
/// `missing field "x"`, `field "x" must be a number, not a string`. `path` prefixes nested names
/// (`"device."` gives `field "device.width"`). Unknown members are ignored.
extension JSONValue {
    package func member(_ key: String, path: String = "") throws(JSONFieldError) -> JSONValue {
        guard let value = self[key], value != .null else {
            throw JSONFieldError(reason: "missing field \"\(path)\(key)\"")
        }
        return value
    }

    /// nil when absent or null.
    package func optionalMember(_ key: String) -> JSONValue? {
        guard let value = self[key], value != .null else { return nil }
        return value
    }

    package func number(_ key: String, path: String = "") throws(JSONFieldError) -> Double {
        try member(key, path: path).asNumber(field: path + key)
    }

    package func string(_ key: String, path: String = "") throws(JSONFieldError) -> String {
        try member(key, path: path).asString(field: path + key)
    }

    package func bool(_ key: String, path: String = "") throws(JSONFieldError) -> Bool {
        let value = try member(key, path: path)
        guard case .bool(let flag) = value else { throw Self.typeError(path + key, "a boolean", value) }
        return flag
    }

    package func integer(_ key: String, path: String = "") throws(JSONFieldError) -> Int {
        try member(key, path: path).asInteger(field: path + key)
    }

    package func array(_ key: String, path: String = "") throws(JSONFieldError) -> [JSONValue] {
        let value = try member(key, path: path)
        guard case .array(let elements) = value else { throw Self.typeError(path + key, "an array", value) }
        return elements
    }

    package func object(_ key: String, path: String = "") throws(JSONFieldError) -> JSONValue {
        let value = try member(key, path: path)
        guard case .object = value else { throw Self.typeError(path + key, "an object", value) }
        return value
    }

    /// Self, when it is an object.
    package func asObject(field: @autoclosure () -> String) throws(JSONFieldError) -> JSONValue {
        guard case .object = self else { throw Self.typeError(field(), "an object", self) }
        return self
    }

    package func asNumber(field: @autoclosure () -> String) throws(JSONFieldError) -> Double {
        guard case .number(let number) = self else { throw Self.typeError(field(), "a number", self) }
        return number
    }

    package func asString(field: @autoclosure () -> String) throws(JSONFieldError) -> String {
        guard case .string(let string) = self else { throw Self.typeError(field(), "a string", self) }
        return string
    }

    /// A boolean.
    package func asBool(field: @autoclosure () -> String) throws(JSONFieldError) -> Bool {
        guard case .bool(let flag) = self else { throw Self.typeError(field(), "a boolean", self) }
        return flag
    }

    /// A number with an integral value that fits in ±2^53.
    package func asInteger(field: @autoclosure () -> String) throws(JSONFieldError) -> Int {
        let number = try asNumber(field: field())
        guard number == number.rounded(.towardZero), abs(number) <= 9_007_199_254_740_992 else {
            throw JSONFieldError(reason: "field \"\(field())\" must be an integer, not \(JSONWriter.format(number))")
        }
        return Int(number)
    }

    package static func typeError(_ field: String, _ expected: String, _ actual: JSONValue) -> JSONFieldError {
        JSONFieldError(reason: "field \"\(field)\" must be \(expected), not \(actual.kindDescription)")
    }
}
