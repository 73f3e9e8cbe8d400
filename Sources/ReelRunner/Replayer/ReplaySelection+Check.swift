import ReelEngine
import ReelStore
import ReelTrace

extension ReplaySelection {
    /// The archive's session ids this selection takes, ascending.
    ///
    /// - Throws: a `ReelFailure` (bad input, 65) naming the archive when the selection names a
    ///   scenario no session of the archive has (each of its scenarios) (with the closest scenario names), a session id the
    ///   archive does not hold, or sessions none of which is of the scenario; and when the archive
    ///   holds no session at all. A replay never starts on an empty selection.
    public func sessions(in archive: Archive) throws -> [Int64] {
        let path = archive.path
        let names = scenarios == nil ? [] : try archive.scenarioNames()
        for scenario in scenarios ?? [] {
            if !names.contains(scenario) {
                let inCatalog = ScenarioCatalog.named(scenario) != nil
                let close =
                    inCatalog ? [] : closestNames(to: scenario, in: names + ScenarioCatalog.all.map(\.name).filter { !names.contains($0) })
                let hint =
                    close.isEmpty
                    ? "; its scenarios: " + shortList(names) : "; closest: " + close.joined(separator: ", ")
                throw ReelFailure(.dataError, "\(path): no session of scenario '\(scenario)'\(hint)")
            }
        }
        if let sessionIDs {
            let stored = Set(try archive.sessionIDs(ids: sessionIDs))
            let missing = sessionIDs.filter { !stored.contains($0) }
            if !missing.isEmpty {
                throw ReelFailure(
                    .dataError,
                    "\(path): no session with id \(shortList(missing.map(String.init))) (`reel info \(path)` counts the sessions)")
            }
        }
        let selected = try archive.sessionIDs(scenarios: scenarios, ids: sessionIDs)
        if selected.isEmpty {
            if selectsEverySession {
                throw ReelFailure(.dataError, "\(path): the archive holds no session; record some first with `reel record \(path) FILE`")
            }
            throw ReelFailure(
                .dataError,
                "\(path): \(description) selects no session: none of them is of \(scenarios.map { ($0.count == 1 ? "scenario " : "scenarios ") + $0.joined(separator: ", ") } ?? "?")"
            )
        }
        return selected
    }
}
