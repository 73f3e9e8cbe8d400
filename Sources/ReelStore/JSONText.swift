/// The little JSON the store writes itself (tag lists, kind lists), with a fixed byte layout.
public enum JSONText {
    /// `value` as a JSON string literal, escaping quotes, backslashes and control characters.
    public static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `values` as a JSON array of strings, in the given order: `["a","b"]`.
    public static func stringArray(_ values: [String]) -> String {
        "[" + values.map(quoted).joined(separator: ",") + "]"
    }
}
