import ReelTrace

/// A closed set of names a scenario spec uses (interaction controllers, animators, actions): an
/// enum whose raw values are the names spec files spell. Decoding one is where a misspelt name is
/// caught: the error names the closest known name, and the format layer adds the file
/// (ReelFormats' `ScenarioResolver`, exit 65).
///
/// ```swift
/// try ScenarioSpec.decode(json: #"{..., "interaction": "backSwip", ...}"#)
/// // field "interaction": unknown interaction controller 'backSwip'; did you mean 'backSwipe'? ...
/// ```
package protocol ScenarioVocabulary: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// What the names are, for messages ("interaction controller").
    static var noun: String { get }
}

extension ScenarioVocabulary {
    /// Every name the vocabulary accepts, in declaration order.
    package static var names: [String] { allCases.map(\.rawValue) }

    /// The known name closest to `text` (`closestNames`: fewest single-character edits, ignoring
    /// case), nil when none is close or the text is longer than any name could be misspelt as
    /// (`maximumCompared` characters).
    package static func closestName(to text: String) -> String? {
        guard text.count <= maximumCompared else { return nil }
        return closestNames(to: text, in: names, limit: 1).first
    }

    /// The longest text compared with the names (a hostile spec's name may be a megabyte long).
    package static var maximumCompared: Int { 64 }

    /// The message for a name outside the vocabulary: the closest name, then every name. A text
    /// longer than `maximumCompared` is shown cut there.
    package static func unknownNameMessage(_ text: String) -> String {
        let hint = closestName(to: text).map { "; did you mean '\($0)'?" } ?? ""
        let shown = text.count <= maximumCompared ? text : String(text.prefix(maximumCompared)) + "..."
        return "unknown \(noun) '\(shown)'\(hint) (one of \(names.joined(separator: ", ")))"
    }

    /// Decodes a name, failing with `unknownNameMessage` for one outside the vocabulary.
    package static func decodeName(from decoder: any Decoder) throws -> Self {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: unknownNameMessage(text))
        }
        return value
    }
}
