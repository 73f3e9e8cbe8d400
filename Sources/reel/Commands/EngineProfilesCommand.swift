import ArgumentParser
import ReelEngine
import ReelJSON

/// `reel engine profiles`: the presets `--engine` takes, what each models and the parameters it sets.
struct EngineProfilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles", abstract: "List the engine's preset profiles: what each models and which parameters it sets.",
        discussion: "Every preset is the built-in profile with the listed parameters changed; `builtin` is `classic`.")

    @Option(help: "How to print the presets: text or JSON (docs/JSON.md).")
    var format: OutputFormat = .text

    func run() throws {
        if format == .json {
            print(json(EngineProfile.presets))
            return
        }
        for (index, preset) in EngineProfile.presets.enumerated() {
            if index > 0 { print("") }
            print("\(preset.name): \(preset.models)")
            if preset.overrides.isEmpty { print("  sets no parameter (every parameter at its default)") }
            for (name, value) in preset.overrides {
                let defaultValue = EngineProfile.builtin.value(name).map(\.forPeopleText) ?? "?"
                print("  \(name) = \(value.forPeopleText) (default \(defaultValue))")
            }
        }
    }

    /// `{"format":"reel.engine-profiles/1","presets":[...]}`: name, models and the parameters each sets, in order.
    private func json(_ presets: [EngineProfile.Preset]) -> String {
        var writer = JSONWriter()
        writer.object { members in
            members.member("format", JSONOutput.engineProfiles.format)
            members.member("presets") { $0.array(presets, onePerLine: true) { Self.write($1, to: &$0) } }
        }
        return writer.text
    }

    private static func write(_ preset: EngineProfile.Preset, to writer: inout JSONWriter) {
        writer.object { members in
            members.member("name", preset.name)
            members.member("models", preset.models)
            members.member("sets") { writer in
                writer.array(preset.overrides) { writer, override in
                    writer.object { members in
                        members.member("name", override.0)
                        members.member("value") { $0.parameterValue(override.1) }
                    }
                }
            }
        }
    }
}
