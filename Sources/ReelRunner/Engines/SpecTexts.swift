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
    /// The scenarios and texts by name (`BoundedMemo`, an entry counted as its text's bytes): an
    /// archive of many user-written scenarios, its specs user data, must not grow it without bound.
    private(set) var byName = BoundedMemo<String, (scenario: ScenarioSpec, text: String)>(byteBudget: 1 << 22, entryCap: 256)

    /// The spec of `scenario` as a request carries it.
    mutating func text(of scenario: ScenarioSpec) throws(EngineProtocolError) -> String {
        if let known = byName[scenario.name], known.scenario == scenario { return known.text }
        let text = try EngineRequest.compactSpec(scenario.canonicalJSON)
        byName.remember((scenario, text), for: scenario.name, bytes: text.utf8.count)
        return text
    }
}
