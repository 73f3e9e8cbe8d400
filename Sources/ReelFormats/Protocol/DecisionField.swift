import ReelJSON
import ReelTrace

extension StoredDecision {
    /// The longest `rule`, `source` or `recognizer_state` an engine may send: they are names and
    /// one sentence, stored once per distinct value.
    static let maxTextLength = 500

    /// Decodes the protocol's optional `outcome.decision` object (docs/PROTOCOL.md): `rule` (string),
    /// and optionally `source`, `recognizer_state` (strings), `finish` (boolean, default
    /// `completed`), `progress`, `velocity`, `acceleration`, `horizon`, `value`, `threshold`,
    /// `velocity_threshold`, `scale`, `scale_threshold` (numbers).
    ///
    /// ```swift
    /// // {"rule": "progressThreshold", "progress": 0.42, "value": 0.42, "threshold": 0.5}
    /// let decision = try StoredDecision(protocolValue: value, completed: false)
    /// ```
    package init(protocolValue value: JSONValue, completed: Bool) throws(JSONFieldError) {
        let object = try value.asObject(field: "outcome.decision")
        let path = "outcome.decision."
        func text(_ key: String, required: Bool) throws(JSONFieldError) -> String {
            guard required || object.optionalMember(key) != nil else { return "" }
            let text = try object.string(key, path: path)
            guard text.count <= Self.maxTextLength else {
                throw JSONFieldError(reason: "field \"\(path)\(key)\" is longer than \(Self.maxTextLength) characters")
            }
            return text
        }
        func number(_ key: String) throws(JSONFieldError) -> Double? {
            try object.optionalMember(key).map { member throws(JSONFieldError) in try member.asNumber(field: path + key) }
        }
        self.init(
            rule: try text("rule", required: true), source: try text("source", required: false),
            recognizerState: try text("recognizer_state", required: false),
            finish: try object.optionalMember("finish").map { member throws(JSONFieldError) in
                try member.asBool(field: path + "finish")
            } ?? completed,
            progress: try number("progress"), velocity: try number("velocity"), acceleration: try number("acceleration"),
            horizon: try number("horizon"), value: try number("value"), threshold: try number("threshold"),
            velocityThreshold: try number("velocity_threshold"), scale: try number("scale"),
            scaleThreshold: try number("scale_threshold"))
    }
}
