import ReelJSON

/// The little JSON the store writes itself (tag lists, kind lists, id lists bound to `json_each`),
/// through `JSONWriter`, so its bytes are those of every other JSON Reel writes.
package enum JSONText {
    /// `values` as a JSON array of strings, in the given order: `["a","b"]`.
    package static func stringArray(_ values: [String]) -> String {
        var writer = JSONWriter(reservingCapacity: 2 + values.count * 16)
        writer.array(values) { writer, value in writer.string(value) }
        return writer.text
    }

    /// `values` as a JSON array of integers, in the given order: `[3,1,2]`.
    package static func integerArray(_ values: [Int64]) -> String {
        var writer = JSONWriter(reservingCapacity: 2 + values.count * 8)
        writer.array(values) { writer, value in writer.int(Int(value)) }
        return writer.text
    }

    /// `pairs` as one JSON object of strings, members in ascending order of their keys:
    /// `{"branch":"main","commit":"abc"}`.
    package static func stringObject(_ pairs: [String: String]) -> String {
        var writer = JSONWriter()
        writer.object(pairs.sorted { $0.key < $1.key }, key: \.key) { writer, pair in writer.string(pair.value) }
        return writer.text
    }
}
