import ReelJSON

/// Which sessions of an archive a replay covers: `--session` ids and `--scenario` names (each
/// repeatable), each optional; a session is selected when its id is one of the ids and its scenario
/// one of the scenarios. With neither, every session.
///
/// Stored in `replays.selection_json` as `{"sessions": [ids ascending], "scenario": "name"}` for one
/// scenario and `{"scenarios": [names in order]}` for several, each key only when given (`{}` for
/// every session), so `reel replay --resume` continues a replay with the selection it was begun with.
///
/// ```swift
/// let selection = ReplaySelection(sessionIDs: nil, scenarios: ["nav.push", "modal.swipe-dismiss"])
/// selection.description  // "the sessions of scenarios modal.swipe-dismiss, nav.push"
/// ```
public struct ReplaySelection: Sendable, Hashable, CustomStringConvertible {
    /// The selected ids, ascending and without repeats; nil for sessions of any id.
    public let sessionIDs: [Int64]?
    /// The selected scenarios' names, in name order and without repeats; nil for sessions of any scenario.
    public let scenarios: [String]?

    package init(sessionIDs: [Int64]?, scenarios: [String]?) {
        self.sessionIDs = sessionIDs.map { Set($0).sorted() }
        self.scenarios = scenarios.flatMap { $0.isEmpty ? nil : Set($0).sorted() }
    }

    /// One scenario (or any, for nil).
    public init(sessionIDs: [Int64]?, scenario: String?) {
        self.init(sessionIDs: sessionIDs, scenarios: scenario.map { [$0] })
    }

    /// No `--session` and no `--scenario`.
    public var selectsEverySession: Bool { sessionIDs == nil && scenarios == nil }

    /// The `selection_json` text.
    package var json: String {
        var members: [JSONMember] = []
        if let sessionIDs { members.append(JSONMember("sessions", .array(sessionIDs.map { .number(Double($0)) }))) }
        if let scenarios {
            members.append(
                scenarios.count == 1
                    ? JSONMember("scenario", .string(scenarios[0])) : JSONMember("scenarios", .array(scenarios.map { .string($0) })))
        }
        return JSONWriter.text(of: .object(members))
    }

    /// Reads `selection_json` text; nil when it is not a selection `json` writes.
    package init?(json: String) {
        guard let value = try? JSONParser.parse(json), case .object = value else { return nil }
        do {
            let ids = try value.optionalMember("sessions").map { sessions throws(JSONFieldError) in
                guard case .array(let ids) = sessions else { throw JSONFieldError(reason: "sessions") }
                return try ids.map { id throws(JSONFieldError) in Int64(try id.asInteger(field: "sessions")) }
            }
            var names = try value.optionalMember("scenario").map { [try $0.asString(field: "scenario")] }
            if let several = value.optionalMember("scenarios") {
                guard names == nil, case .array(let list) = several, !list.isEmpty else { return nil }
                names = try list.map { name throws(JSONFieldError) in try name.asString(field: "scenarios") }
            }
            self.init(sessionIDs: ids, scenarios: names)
        } catch {
            return nil
        }
    }

    /// As people read it: "every session (...)", "the sessions of scenario X", "sessions 1, 4",
    /// "session 4 of scenario X", "the sessions of scenarios X, Y".
    public var description: String {
        let ids = sessionIDs.map { ($0.count == 1 ? "session " : "sessions ") + shortList($0.map(String.init)) }
        let names = scenarios.map { ($0.count == 1 ? "scenario " : "scenarios ") + $0.joined(separator: ", ") }
        switch (ids, names) {
        case (nil, nil): return "every session (no --session, no --scenario)"
        case (nil, let names?): return "the sessions of \(names)"
        case (let ids?, nil): return ids
        case (let ids?, let names?): return "\(ids) of \(names)"
        }
    }
}
