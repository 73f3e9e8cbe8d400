import ReelJSON

/// Which sessions of an archive a replay covers: `--session` ids, `--scenario` names or globs,
/// `--tag` tags (each repeatable) and `--diverged-in` a replay, each optional; a session is
/// selected when it passes each one given: its id is one of the ids, its scenario one of the
/// scenarios (or matches one of the globs: `*` any run of characters, `?` one), it carries one of
/// the tags, and that replay judged it other than matched (diverged, or an engine error). With
/// none, every session.
///
/// Stored in `replays.selection_json` as `{"sessions": [ids ascending], "scenario": "name"}` for one
/// scenario and `{"scenarios": [names in order]}` for several, `"tags": [tags in order]` and
/// `"diverged_in": id`, each key only when given (`{}` for every session), so `reel replay --resume`
/// continues a replay with the selection it was begun with.
///
/// ```swift
/// let selection = ReplaySelection(sessionIDs: nil, scenarios: ["nav.push", "modal.swipe-dismiss"])
/// selection.description  // "the sessions of scenarios modal.swipe-dismiss, nav.push"
/// ```
public struct ReplaySelection: Sendable, Hashable, CustomStringConvertible {
    /// The selected ids, ascending and without repeats; nil for sessions of any id.
    public let sessionIDs: [Int64]?
    /// The selected scenarios' names or globs, in name order and without repeats; nil for sessions of any scenario.
    public let scenarios: [String]?
    /// The tags of which a selected session carries at least one, sorted and without repeats; nil for any tags.
    package let tags: [String]?
    /// The replay whose diverged and failed sessions are selected (`--diverged-in`); nil for any verdict.
    package let divergedIn: Int64?

    package init(sessionIDs: [Int64]?, scenarios: [String]?, tags: [String]? = nil, divergedIn: Int64? = nil) {
        self.sessionIDs = sessionIDs.map { Set($0).sorted() }
        self.scenarios = scenarios.flatMap { $0.isEmpty ? nil : Set($0).sorted() }
        self.tags = tags.flatMap { $0.isEmpty ? nil : Set($0).sorted() }
        self.divergedIn = divergedIn
    }

    /// One scenario (or any, for nil).
    public init(sessionIDs: [Int64]?, scenario: String?) {
        self.init(sessionIDs: sessionIDs, scenarios: scenario.map { [$0] })
    }

    /// No `--session`, `--scenario`, `--tag` or `--diverged-in`.
    public var selectsEverySession: Bool { sessionIDs == nil && scenarios == nil && tags == nil && divergedIn == nil }

    /// The `selection_json` text.
    package var json: String { JSONWriter.text(of: .object(members)) }

    /// The members of `json`, in its order.
    private var members: [JSONMember] {
        var members: [JSONMember] = []
        if let sessionIDs { members.append(JSONMember("sessions", .array(sessionIDs.map { .number(Double($0)) }))) }
        if let scenarios {
            members.append(
                scenarios.count == 1
                    ? JSONMember("scenario", .string(scenarios[0])) : JSONMember("scenarios", .array(scenarios.map { .string($0) })))
        }
        if let tags { members.append(JSONMember("tags", .array(tags.map { .string($0) }))) }
        if let divergedIn { members.append(JSONMember("diverged_in", .number(Double(divergedIn)))) }
        return members
    }

    /// The `selection_json` text of a replay into a separate results archive: `json` with the
    /// member `"selected": {"sessions": N, "sha256": "HEX"}`, the count and `SessionsDigest` of
    /// every session the selection took when the replay began (whatever its shard), which
    /// `reel merge` compares between shards (`ShardResults`).
    ///
    /// ```swift
    /// ReplaySelection(sessionIDs: nil, scenario: nil).json(selected: digest)
    /// // {"selected":{"sessions":3,"sha256":"9f2c..."}}
    /// ```
    func json(selected digest: SessionsDigest) -> String {
        JSONWriter.text(
            of: .object(
                members + [
                    JSONMember(
                        "selected",
                        .object([JSONMember("sessions", .number(Double(digest.count))), JSONMember("sha256", .string(digest.hex))]))
                ]))
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
            var tags: [String]?
            if let list = value.optionalMember("tags") {
                guard case .array(let elements) = list, !elements.isEmpty else { return nil }
                tags = try elements.map { tag throws(JSONFieldError) in try tag.asString(field: "tags") }
            }
            let replay = try value.optionalMember("diverged_in").map { Int64(try $0.asInteger(field: "diverged_in")) }
            self.init(sessionIDs: ids, scenarios: names, tags: tags, divergedIn: replay)
        } catch {
            return nil
        }
    }

    /// As people read it: "every session (...)", "the sessions of scenario X", "sessions 1, 4",
    /// "session 4 of scenario X", "the sessions of scenarios X, Y tagged T or U that replay 3 did not match".
    public var description: String {
        if selectsEverySession { return "every session (no --session, --scenario, --tag or --diverged-in)" }
        var text = sessionIDs.map { ($0.count == 1 ? "session " : "sessions ") + shortList($0.map(String.init)) } ?? "the sessions"
        if let scenarios { text += (scenarios.count == 1 ? " of scenario " : " of scenarios ") + scenarios.joined(separator: ", ") }
        if let tags { text += " tagged " + tags.joined(separator: " or ") }
        if let divergedIn { text += " that replay \(divergedIn) did not match" }
        return text
    }
}
