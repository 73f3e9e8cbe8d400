import ReelTrace

/// The little JSON the store writes itself (tag lists, kind lists), with a fixed byte layout.
public enum JSONText {
    /// `values` as a JSON array of strings, in the given order: `["a","b"]`.
    public static func stringArray(_ values: [String]) -> String {
        "[" + values.map(JSONString.quoted).joined(separator: ",") + "]"
    }
}
