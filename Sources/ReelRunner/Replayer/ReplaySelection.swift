import ReelJSON

/// Which sessions of an archive a replay covers: `--session` ids and a `--scenario` name, each
/// optional; a session is selected when it matches both. With neither, every session.
///
/// Stored in `replays.selection_json` as `{"sessions": [ids ascending], "scenario": "name"}`, each
/// key only when given (`{}` for every session), so `reel replay --resume` continues a replay with
/// the selection it was begun with.
public struct ReplaySelection: Sendable, Hashable, CustomStringConvertible {
    /// The selected ids, ascending and without repeats; nil for sessions of any id.
    public let sessionIDs: [Int64]?
    /// The selected scenario's name; nil for sessions of any scenario.
    public let scenario: String?

    public init(sessionIDs: [Int64]?, scenario: String?) {
        self.sessionIDs = sessionIDs.map { Set($0).sorted() }
        self.scenario = scenario
    }

    /// No `--session` and no `--scenario`.
    public var selectsEverySession: Bool { sessionIDs == nil && scenario == nil }

    /// The `selection_json` text.
    package var json: String {
        var members: [JSONMember] = []
        if let sessionIDs { members.append(JSONMember("sessions", .array(sessionIDs.map { .number(Double($0)) }))) }
        if let scenario { members.append(JSONMember("scenario", .string(scenario))) }
        return JSONWriter.text(of: .object(members))
    }

    /// Reads `selection_json` text; nil when it is not a selection `json` writes.
    package init?(json: String) {
        guard let value = try? JSONParser.parse(json), case .object = value else { return nil }
        do {
            sessionIDs = try value.optionalMember("sessions").map { sessions throws(JSONFieldError) in
                guard case .array(let ids) = sessions else { throw JSONFieldError(reason: "sessions") }
                return try ids.map { id throws(JSONFieldError) in Int64(try id.asInteger(field: "sessions")) }
            }
            scenario = try value.optionalMember("scenario")?.asString(field: "scenario")
        } catch {
            return nil
        }
    }

    /// As people read it: "every session (...)", "the sessions of scenario X", "sessions 1, 4",
    /// "session 4 of scenario X".
    public var description: String {
        let ids = sessionIDs.map { ($0.count == 1 ? "session " : "sessions ") + shortList($0.map(String.init)) }
        switch (ids, scenario) {
        case (nil, nil): return "every session (no --session, no --scenario)"
        case (nil, let scenario?): return "the sessions of scenario \(scenario)"
        case (let ids?, nil): return ids
        case (let ids?, let scenario?): return "\(ids) of scenario \(scenario)"
        }
    }
}
