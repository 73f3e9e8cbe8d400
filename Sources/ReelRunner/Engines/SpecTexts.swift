import ReelEngine
import ReelFormats

/// The compact spec texts an `exec:` engine's requests carry, one per scenario sent, so that a
/// spec is encoded once per scenario rather than once per session: a replay builds each request
/// twice (sent ahead, and at its turn), so around every change of scenario the two alternate,
/// and an archive may hold its scenarios in any order. A scenario
/// is found by its name, then compared whole with the remembered one (a spec of the same name
/// but other contents is encoded and takes its place), so the text is always the one
/// `EngineRequest.compactSpec(scenario.canonicalJSON)` gives.
///
/// ```swift
/// var texts = SpecTexts()
/// let text = try texts.text(of: ScenarioCatalog.named("nav.push")!)
/// ```
struct SpecTexts {
    private var byName: [String: (scenario: ScenarioSpec, text: String)] = [:]
    /// The most scenarios remembered; past it the memory starts afresh (an archive of many
    /// user-written scenarios must not grow it without bound).
    static let capacity = 256
    /// The most bytes of spec text remembered (an archive's specs are user data); past it the
    /// memory starts afresh, and a text longer than half of it is not remembered.
    static let byteBudget = 1 << 22
    /// The bytes of the texts remembered now (a text replaced is still counted until the restart).
    private(set) var bytes = 0

    /// The spec of `scenario` as a request carries it.
    mutating func text(of scenario: ScenarioSpec) throws(EngineProtocolError) -> String {
        if let known = byName[scenario.name], known.scenario == scenario { return known.text }
        let text = try EngineRequest.compactSpec(scenario.canonicalJSON)
        let size = text.utf8.count
        guard size <= Self.byteBudget / 2 else { return text }
        if (byName.count >= Self.capacity && byName[scenario.name] == nil) || bytes + size > Self.byteBudget {
            byName.removeAll(keepingCapacity: true)
            bytes = 0
        }
        byName[scenario.name] = (scenario, text)
        bytes += size
        return text
    }

    /// How many scenarios are remembered (for tests).
    var count: Int { byName.count }
}
