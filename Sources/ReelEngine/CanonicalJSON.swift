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
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` as UTF-8 to `out`: one buffer for the whole text, no string per value.
    static func write(_ value: Value, into out: inout [UInt8]) {
        switch value {
        case .number(let number): out += formatNumber(number).utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .string(let text): JSONString.append(text, to: &out)
        case .null: out += "null".utf8
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.append(member.0, to: &out)
                out.append(UInt8(ascii: ":"))
                write(member.1, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Integral values print without ".0"; others in Swift's shortest round-trip form.
    static func formatNumber(_ number: Double) -> String {
        if number.isNaN || number.isInfinite { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return number.description
    }
}
