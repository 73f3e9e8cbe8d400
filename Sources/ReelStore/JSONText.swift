import ReelTrace

/// The little JSON the store writes itself (tag lists, kind lists), with a fixed byte layout.
package enum JSONText {
    /// `values` as a JSON array of strings, in the given order: `["a","b"]`.
    package static func stringArray(_ values: [String]) -> String {
        "[" + values.map(JSONString.quoted).joined(separator: ",") + "]"
    }
}
