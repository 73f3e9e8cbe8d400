import ReelJSON

/// A scenario spec's decoding error in the words of the gesture-stream messages:
/// `missing field "hierarchy"`, `field "trigger.kind" has the wrong type or value`.
enum SpecDecodingError {
    /// The words for `error`, raised decoding the spec text `json`. Foundation's decoder reports a
    /// number too large for an integer field (`"selected": 9223372036854775808`) as "not valid
    /// JSON" without a field: when the text is valid JSON, the field holding such a number is named.
    static func describe(_ error: any Error, json: String) -> String {
        if let error = error as? DecodingError, case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
            do throws(JSONParseError) {
                let value = try JSONParser.parse(json)
                if let (path, number) = outOfIntegerRange(value, path: "") {
                    return "field \"\(path)\": \(JSONWriter.format(number)) is out of range "
                        + "(an integer field holds -9223372036854775808 to 9223372036854775807)"
                }
            } catch {
                return "not valid JSON (at byte \(error.offset): \(error.reason))"
            }
        }
        return describe(error)
    }

    /// The first number (depth first) whose magnitude no 64-bit integer reaches, with its path.
    private static func outOfIntegerRange(_ value: JSONValue, path: String) -> (String, Double)? {
        switch value {
        case .number(let number) where !(number >= -0x1p63 && number < 0x1p63): return (path, number)
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = outOfIntegerRange(element, path: path.isEmpty ? "\(index)" : "\(path).\(index)") { return found }
            }
        case .object(let members):
            for member in members {
                if let found = outOfIntegerRange(member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)") {
                    return found
                }
            }
        default: break
        }
        return nil
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field \"\(path(context.codingPath + [key]))\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "field \"\(path(context.codingPath))\" has the wrong type"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON"
        case .dataCorrupted(let context):
            return "field \"\(path(context.codingPath))\": \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `hierarchy.controllers.0` from coding keys.
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
