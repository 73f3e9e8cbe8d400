import ReelEngine
import ReelStore
import ReelTrace

extension ReplaySelection {
    /// The archive's session ids this selection takes, ascending.
    ///
    /// - Throws: a `ReelFailure` (bad input, 65) naming the archive when the selection names a
    ///   scenario no session of the archive has (each of its scenarios) (with the closest scenario
    ///   names), a glob no scenario of it matches, a tag no session carries (with the tags there
    ///   are), a replay it does not hold, a session id it does not hold, or when no session passes
    ///   every part of the selection (naming the selection); and when the archive holds no session
    ///   at all. A replay never starts on an empty selection.
    public func sessions(in archive: Archive) throws -> [Int64] {
        let resolved = try checkedScenarios(in: archive)
        return try archive.sessionIDs(scenarios: resolved, ids: sessionIDs, tags: tags, notMatchedIn: divergedIn)
    }

    /// The checks of `sessions(in:)` without the list: the selection's scenario names resolved
    /// against the archive's (globs expanded; nil for any scenario), once the archive is known to
    /// hold a session the selection takes. A replay reads the ids afterwards, block by block
    /// (`SelectedSessions`).
    ///
    /// - Throws: what `sessions(in:)` throws.
    package func checkedScenarios(in archive: Archive) throws -> [String]? {
        let path = archive.path
        let names = scenarios == nil ? [] : try archive.scenarioNames()
        for scenario in scenarios ?? [] {
            if NameGlob.isPattern(scenario) {
                if !names.contains(where: NameGlob(scenario).matches) {
                    throw ReelFailure(.dataError, "\(path): no scenario matches '\(scenario)'; its scenarios: " + shortList(names))
                }
            } else if !names.contains(scenario) {
                let inCatalog = ScenarioCatalog.named(scenario) != nil
                let close =
                    inCatalog ? [] : closestNames(to: scenario, in: names + ScenarioCatalog.all.map(\.name).filter { !names.contains($0) })
                let hint =
                    close.isEmpty
                    ? "; its scenarios: " + shortList(names) : "; closest: " + close.joined(separator: ", ")
                throw ReelFailure(.dataError, "\(path): no session of scenario '\(scenario)'\(hint)")
            }
        }
        for tag in tags ?? [] where try !archive.hasSession(tagged: tag) {
            let known = try archive.sessionTags(limit: 20)
            throw ReelFailure(
                .dataError,
                "\(path): no session tagged '\(tag)'; " + (known.isEmpty ? "its sessions carry no tag" : "its tags: " + shortList(known)))
        }
        if let divergedIn, try archive.replayRun(id: divergedIn) == nil {
            let ids = try archive.replayRuns().map { String($0.id) }
            throw ReelFailure(
                .dataError, "\(path): no replay \(divergedIn) for --diverged-in (its replays: \(ids.isEmpty ? "none" : shortList(ids)))")
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
        let resolved = resolved(scenarioNames: names)
        let first =
            resolved?.isEmpty == true
            ? []
            : try archive.sessionIDs(
                scenarios: resolved, ids: sessionIDs, tags: tags, notMatchedIn: divergedIn, after: nil, through: nil, limit: 1)
        if first.isEmpty {
            if selectsEverySession {
                throw ReelFailure(.dataError, "\(path): the archive holds no session; record some first with `reel record \(path) FILE`")
            }
            throw ReelFailure(.dataError, "\(path): the selection selects no session: \(description)")
        }
        return resolved
    }

    /// The selection's scenario names resolved against the archive's, without the checks of
    /// `checkedScenarios(in:)` (a resumed replay's stored selection): nil for any scenario, empty
    /// when globs match none (no session then).
    package func resolvedScenarios(in archive: Archive) throws -> [String]? {
        resolved(scenarioNames: scenarios == nil ? [] : try archive.scenarioNames())
    }

    /// The scenarios' globs resolved against `scenarioNames` (the archive's).
    private func resolved(scenarioNames: [String]) -> [String]? {
        scenarios.map { given in
            given.flatMap { scenario in
                NameGlob.isPattern(scenario) ? scenarioNames.filter(NameGlob(scenario).matches) : [scenario]
            }
        }
    }
}
