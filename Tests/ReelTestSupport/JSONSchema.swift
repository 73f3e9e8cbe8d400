import ReelJSON

/// A JSON Schema (draft 2020-12) of the subset docs/schemas uses, and a validator for it: `type`
/// (one name or a list; "integer" is a number without a fraction), `properties`, `required`,
/// `additionalProperties` (false or a schema), `items`, `enum`, `const` and `minimum`, plus the
/// annotations `$schema`, `$id`, `title` and `description`. Any other keyword is refused when the
/// schema is read, so a schema cannot lean on a rule this validator would silently skip.
///
/// ```swift
/// let schema = try JSONSchema(JSONParser.parse(#"{"type":"object","required":["a"]}"#))
/// schema.violations(of: try JSONParser.parse(#"{"b":1}"#))   // ["$: lacks the required member \"a\""]
/// ```
package struct JSONSchema {
    package let root: JSONValue

    /// The keywords this validator checks, and the annotations it reads past.
    package static let checkedKeywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "minimum",
    ]
    package static let annotations: Set<String> = ["$schema", "$id", "title", "description"]

    package struct Unsupported: Error, CustomStringConvertible {
        package var description: String
    }

    /// Reads `schema`, refusing a keyword outside the subset, or one whose value has the wrong shape.
    package init(_ schema: JSONValue) throws {
        try Self.check(schema, at: "#")
        root = schema
    }

    /// Every way `instance` breaks the schema, each as "PATH: reason" (`$.findings[2].kinds`); none
    /// when it conforms.
    package func violations(of instance: JSONValue) -> [String] {
        var found: [String] = []
        Self.validate(instance, against: root, at: "$", into: &found)
        return found
    }

    private static func check(_ schema: JSONValue, at path: String) throws {
        guard case .object(let members) = schema else {
            // `additionalProperties: false` is the one boolean schema the subset uses.
            if case .bool = schema { return }
            throw Unsupported(description: "\(path): a schema must be an object or a boolean")
        }
        for member in members {
            let here = path + "/" + member.key
            switch member.key {
            case _ where annotations.contains(member.key): continue
            case "type":
                let names: [JSONValue]
                if case .array(let list) = member.value { names = list } else { names = [member.value] }
                for name in names {
                    guard case .string(let text) = name, typeNames.contains(text) else {
                        throw Unsupported(description: "\(here): not a type name: \(JSONWriter.text(of: name))")
                    }
                }
            case "properties":
                guard case .object(let properties) = member.value else { throw Unsupported(description: "\(here): not an object") }
                for property in properties { try check(property.value, at: here + "/" + property.key) }
            case "required":
                guard case .array(let names) = member.value, names.allSatisfy({ if case .string = $0 { true } else { false } }) else {
                    throw Unsupported(description: "\(here): not an array of names")
                }
            case "additionalProperties", "items": try check(member.value, at: here)
            case "enum":
                guard case .array = member.value else { throw Unsupported(description: "\(here): not an array") }
            case "const": continue
            case "minimum":
                guard case .number = member.value else { throw Unsupported(description: "\(here): not a number") }
            default: throw Unsupported(description: "\(here): keyword outside the subset this validator checks")
            }
        }
    }

    private static let typeNames: Set<String> = ["null", "boolean", "integer", "number", "string", "array", "object"]

    private static func validate(_ value: JSONValue, against schema: JSONValue, at path: String, into found: inout [String]) {
        if case .bool(let allowed) = schema {
            if !allowed { found.append("\(path): not allowed here") }
            return
        }
        if let type = schema["type"] {
            let names: [String]
            switch type {
            case .array(let list): names = list.compactMap { if case .string(let name) = $0 { name } else { nil } }
            case .string(let name): names = [name]
            default: names = []
            }
            guard names.contains(where: { isOfType(value, $0) }) else {
                found.append("\(path): \(value.kindDescription), not \(names.joined(separator: " or "))")
                return
            }
        }
        if let constant = schema["const"], !equal(value, constant) {
            found.append("\(path): \(JSONWriter.text(of: value)), not \(JSONWriter.text(of: constant))")
        }
        if case .array(let choices)? = schema["enum"], !choices.contains(where: { equal(value, $0) }) {
            found.append("\(path): \(JSONWriter.text(of: value)) is none of \(JSONWriter.text(of: .array(choices)))")
        }
        if case .number(let minimum)? = schema["minimum"], case .number(let number) = value, number < minimum {
            found.append("\(path): \(JSONWriter.format(number)) is below the minimum \(JSONWriter.format(minimum))")
        }
        if case .array(let elements) = value, let items = schema["items"] {
            for (index, element) in elements.enumerated() {
                validate(element, against: items, at: "\(path)[\(index)]", into: &found)
            }
        }
        guard case .object(let members) = value else { return }
        if case .array(let required)? = schema["required"] {
            for case .string(let name) in required where !members.contains(where: { $0.key == name }) {
                found.append("\(path): lacks the required member \"\(name)\"")
            }
        }
        var properties: [JSONMember] = []
        if case .object(let declared)? = schema["properties"] { properties = declared }
        var seen: Set<String> = []
        for member in members {
            if !seen.insert(member.key).inserted { found.append("\(path): the member \"\(member.key)\" twice") }
            if let property = properties.first(where: { $0.key == member.key }) {
                validate(member.value, against: property.value, at: "\(path).\(member.key)", into: &found)
            } else if let additional = schema["additionalProperties"] {
                validate(member.value, against: additional, at: "\(path).\(member.key)", into: &found)
            }
        }
    }

    private static func isOfType(_ value: JSONValue, _ name: String) -> Bool {
        switch (name, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("integer", .number(let number)): return number.isFinite && number == number.rounded(.towardZero)
        default: return false
        }
    }

    /// JSON equality: numbers by value, objects whatever their members' order.
    private static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { member in y.contains { $0.key == member.key && equal($0.value, member.value) } }
        default: return a == b
        }
    }
}
