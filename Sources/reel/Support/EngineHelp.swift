import ReelEngine

/// The `--engine` help of the commands that run an engine: every preset named, so `--help` is
/// where a user finds them (`reel engine profiles` describes each).
///
/// ```swift
/// @Option(help: ArgumentHelp(EngineHelp.choices)) var engine = "builtin"
/// ```
enum EngineHelp {
    /// "builtin, a preset (legacy-0.3, ...), a profile .json file, or exec:COMMAND."
    static var choices: String {
        "builtin, a preset (" + EngineProfile.presetNames.joined(separator: ", ")
            + "; reel engine profiles describes them), a profile .json file, or exec:COMMAND."
    }
}
