import ReelRunner
import ReelStore
import ReelTrace

/// The `--param` values of `reel query` that name something in the archive: `replay=ID` (and
/// `earlier`, `later` of verdict-changes) must be a replay of it, `session=ID` a session, `scenario=NAME` a scenario (with the closest names when
/// it is not). Any other parameter is taken as given.
enum QueryParameterCheck {
    static func check(name: String, value: String, in store: Archive) throws {
        let path = store.path
        switch name {
        case "replay", "earlier", "later":
            guard let id = Int64(value), try store.replayRun(id: id) != nil else {
                let ids = try store.replayRuns().map { String($0.id) }
                throw ReelFailure(
                    .dataError, "\(path): no replay \(value) (its replays: \(ids.isEmpty ? "none" : ids.joined(separator: ", ")))")
            }
        case "session":
            guard let id = Int64(value), try !store.sessionIDs(ids: [id]).isEmpty else {
                throw ReelFailure(.dataError, "\(path): no session with id \(value)")
            }
        case "scenario":
            // A saved query compares names: a glob such as `nav.*`, which `reel replay --scenario` takes, would match nothing.
            if NameGlob.isPattern(value) {
                throw ReelFailure(.usage, "--param scenario=\(value): a query takes one scenario name, not a glob")
            }
            _ = try ReplaySelection(sessionIDs: nil, scenario: value).checkedScenarios(in: store)
        default:
            break
        }
    }
}
