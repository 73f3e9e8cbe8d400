import ReelTrace

/// A tiny JSON writer for canonical output: object keys sorted by the caller's sorted input,
/// numbers in Swift's shortest round-trip form (integral values without a fraction).
enum CanonicalJSON {
    /// A JSON value assembled in code.
    indirect enum Value {
        case number(Double)
        case bool(Bool)
        case string(String)
        case array([Value])
        /// Keys are sorted when written.
        case object([(String, Value)])
        case null
    }

    static func encode(_ value: Value) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    static func write(_ value: Value, into out: inout String) {
        switch value {
        case .number(let number): out += formatNumber(number)
        case .bool(let flag): out += flag ? "true" : "false"
        case .string(let text): out += JSONString.quoted(text)
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            let sorted = members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { out += "," }
                out += JSONString.quoted(member.0)
                out += ":"
                write(member.1, into: &out)
            }
            out += "}"
        }
    }

    /// Integral values print without ".0"; others in Swift's shortest round-trip form.
    static func formatNumber(_ number: Double) -> String {
        if number.isNaN || number.isInfinite { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return number.description
    }
}
