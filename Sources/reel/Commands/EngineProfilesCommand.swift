import ArgumentParser
import ReelEngine
import ReelJSON

/// `reel engine profiles`: the presets `--engine` takes, what each models and the parameters it sets.
struct EngineProfilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles", abstract: "List the engine's preset profiles: what each models and which parameters it sets.",
        discussion: "Every preset is the built-in profile with the listed parameters changed; `builtin` is `classic`.")

    @Option(help: "How to print the presets: text or a JSON array.")
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

    /// The presets as a JSON array: name, models and the parameters each sets, in order.
    private func json(_ presets: [EngineProfile.Preset]) -> String {
        var writer = JSONWriter()
        writer.array(presets, onePerLine: true) { writer, preset in
            writer.raw("{\"name\":")
            writer.string(preset.name)
            writer.raw(",\"models\":")
            writer.string(preset.models)
            writer.raw(",\"sets\":")
            writer.array(preset.overrides) { writer, override in
                let (name, value) = override
                writer.raw("{\"name\":")
                writer.string(name)
                writer.raw(",\"value\":")
                writer.parameterValue(value)
                writer.punctuation(UInt8(ascii: "}"))
            }
            writer.punctuation(UInt8(ascii: "}"))
        }
        return writer.text
    }
}
