/// A scenario spec's decoding error in the words of the gesture-stream messages:
/// `missing field "hierarchy"`, `field "trigger.kind" has the wrong type or value`.
enum SpecDecodingError {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field \"\(path(context.codingPath + [key]))\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "field \"\(path(context.codingPath))\" has the wrong type"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON"
        case .dataCorrupted(let context):
            return "field \"\(path(context.codingPath))\": \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `hierarchy.controllers.0` from coding keys.
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
