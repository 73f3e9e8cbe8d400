import ReelEngine
import ReelJSON

/// The summary's settings in words and units: the replay's tolerances and the profile parameters
/// the candidate changed.
enum SummaryWords {
    /// Each stored tolerance as "what: within VALUE UNIT"; unknown keys as stored.
    static func tolerances(_ json: String) -> [String] {
        guard case .object(let members)? = try? JSONParser.parse(json) else { return [json] }
        let words: [String: (what: String, unit: String)] = [
            "position": ("positions (x, y and the transform's tx, ty)", "pt"),
            "size": ("sizes (w, h)", "pt"),
            "alpha": ("alpha", ""),
            "transform": ("transform entries (a, b, c, d, m34; rotations in rad)", ""),
            "progress": ("progress", ""),
        ]
        let order = ["position", "size", "alpha", "transform", "progress"]
        return members.sorted { (order.firstIndex(of: $0.key) ?? order.count) < (order.firstIndex(of: $1.key) ?? order.count) }
            .map { member in
                let (key, value) = (member.key, member.value)
                guard case .number(let number) = value, let word = words[key] else { return "\(key): \(value)" }
                let amount =
                    number == 0 ? "exactly" : "within \(NumberText.short(number, digits: 3))" + (word.unit.isEmpty ? "" : " \(word.unit)")
                return "\(word.what) \(amount)"
            }
    }

    /// "description (name): old UNIT → new UNIT" for a change written "name: old -> new".
    static func parameterChange(_ change: String) -> String {
        guard let colon = change.range(of: ": "), let arrow = change.range(of: " -> ") else { return change }
        let name = String(change[..<colon.lowerBound])
        let old = String(change[colon.upperBound..<arrow.lowerBound])
        let new = String(change[arrow.upperBound...])
        guard let descriptor = EngineProfile.parameters.first(where: { $0.name == name }) else { return change }
        let unit = ["pt", "s", "pt/s", "Hz", "1/s", "1/pt", "ms"].contains(descriptor.unit) ? " " + descriptor.unit : ""
        return "\(descriptor.description) (\(name)): \(old)\(unit) → \(new)\(unit)"
    }
}
