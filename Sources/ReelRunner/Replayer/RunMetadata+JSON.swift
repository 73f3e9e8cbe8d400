import ReelJSON
import ReelStore

/// The run metadata's old name in ReelRunner (issue 36 made one type, ReelStore's `RunMetadata`,
/// for `reel replay`, `reel info`, `reel compare` and `reel publish`); kept so code written against
/// `ReplayMetadata` reads the same values.
package typealias ReplayMetadata = RunMetadata

extension RunMetadata {
    /// Reads the stored form from text already in hand (a row's `metadataJSON`); nil for text that is
    /// not an object of strings. With the archive at hand, `Archive.runMetadata(replayID:)` reads it.
    ///
    /// ```swift
    /// RunMetadata(json: #"{"commit":"3f2a9c","host":"ci-7"}"#)?.commit   // "3f2a9c"
    /// ```
    package init?(json: String) {
        guard case .object(let members)? = try? JSONParser.parse(json) else { return nil }
        var values: [String: String] = [:]
        for member in members {
            guard case .string(let text) = member.value else { return nil }
            values[member.key] = text
        }
        self.init(values)
    }
}
