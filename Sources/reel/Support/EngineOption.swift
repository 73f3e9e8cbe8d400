import ArgumentParser
import ReelEngine

/// `--engine`, the option every command that runs or names an engine shares (record, replay,
/// accept, review, engine params, engine serve): one name, one help text naming every preset, so
/// `--help` is where a user finds them (`reel engine profiles` describes each). Each command
/// decides what an absent `--engine` means.
///
/// ```swift
/// @OptionGroup var engineOption: EngineOption
/// var engine: String { engineOption.engine ?? "builtin" }
/// ```
struct EngineOption: ParsableArguments {
    @Option(help: ArgumentHelp(EngineOption.help, valueName: "engine"))
    var engine: String?

    /// "builtin, a preset (classic, ...), a profile .json file, or exec:COMMAND. Without it: ..."
    static var help: String {
        "builtin, a preset (" + EngineProfile.presetNames.joined(separator: ", ")
            + "; reel engine profiles describes them), a profile .json file, or exec:COMMAND (an engine process). "
            + "Without it: builtin for record, replay, engine params and engine serve (the last two run no exec:); "
            + "for accept and review, the replay's candidate as `reel replay --engine` was given it "
            + "(name it when sessions without a kept trace must run on a profile file or an engine process)."
    }
}
