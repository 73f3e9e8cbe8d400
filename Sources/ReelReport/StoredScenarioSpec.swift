import ReelEngine
import ReelStore
import ReelTrace

extension SessionHeader {
    /// The session's scenario spec, decoded from the archive's `scenarios.spec_json`. A damaged
    /// archive's spec that does not decode is bad archive data (exit 65, naming the column and the
    /// scenario), not a bug.
    ///
    /// ```swift
    /// let spec = try header.storedScenarioSpec()  // ArchiveError.invalidStoredValue when it does not decode
    /// ```
    func storedScenarioSpec() throws -> ScenarioSpec {
        do {
            return try ScenarioSpec.decode(json: scenarioSpecJSON)
        } catch {
            throw ArchiveError.invalidStoredValue(
                table: "scenarios", column: "spec_json", value: "(the spec of scenario \(scenarioName), which does not decode)")
        }
    }
}
