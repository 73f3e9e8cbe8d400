/// The JSON documents `reel` prints (`--format json`, `--json`), each named with its version in
/// its first member, `"format"`: `"reel.NAME/VERSION"` (docs/JSON.md). A document's version goes
/// up when a member is removed or renamed or changes type or meaning; a new member keeps it.
/// Each has its JSON Schema in docs/schemas/NAME-VERSION.schema.json, which `JSONSchemaTests`
/// checks against the real output.
///
/// ```swift
/// writer.object { members in
///     members.member("format", JSONOutput.record.format)   // "reel.record/1"
///     ...
/// }
/// ```
enum JSONOutput: String, CaseIterable {
    /// `reel record`'s summary.
    case record
    /// `reel replay`'s and `reel merge`'s summary (the same document, so merged shards print what one run would).
    case replay
    /// `reel compare`'s changes.
    case compare
    /// `reel info`'s description of an archive.
    case info
    /// `reel prune`'s summary.
    case prune
    /// `reel scenarios`: the catalog's specs.
    case scenarios
    /// `reel query`'s rows.
    case query
    /// `reel engine params`: the parameters with their values.
    case engineParams = "engine-params"
    /// `reel engine profiles`: the presets.
    case engineProfiles = "engine-profiles"
    /// `reel bench`'s figures.
    case bench

    /// The document's current version.
    var version: Int {
        switch self {
        // 1 was the number `"format": 1` that prune printed before the member named its output.
        case .prune: 2
        case .record, .replay, .compare, .info, .scenarios, .query, .engineParams, .engineProfiles, .bench: 1
        }
    }

    /// The `"format"` member's value: "reel.record/1".
    var format: String { "reel.\(rawValue)/\(version)" }
}
