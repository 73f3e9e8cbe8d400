/// JSON text that is already written, copied byte for byte: a stored scenario spec or profile,
/// whose bytes feed a content hash, so re-writing it (another number style, another key order)
/// would change what it names. The text must be one whole JSON value (the caller's promise, as the
/// archive's or `ScenarioSpec.canonicalJSON`'s text is); punctuation is never verbatim text, it is
/// the writer's (`object`, `array`, `Members`).
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { $0.member("scenario", verbatim: #"{"name":"custom"}"#) }
/// writer.text  // {"scenario":{"name":"custom"}}
/// ```
extension JSONWriter {
    /// Appends `json`, one whole JSON value already written, as it is.
    package mutating func verbatim(_ json: String) {
        raw(json)
    }
}

extension JSONWriter.Members {
    /// `"key":` and `json`, one whole JSON value already written, as it is.
    package mutating func member(_ key: String, verbatim json: String) {
        member(key) { $0.verbatim(json) }
    }
}

extension JSONWriter {
    /// Appends `bytes`, already valid JSON text (a quoted base64url string, say), as they are.
    package mutating func verbatim(bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes)
    }
}
