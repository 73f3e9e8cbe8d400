import ArgumentParser
import ReelEngine
import ReelReplay

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
                let defaultValue = EngineProfile.builtin.value(name).map(text) ?? "?"
                print("  \(name) = \(text(value)) (default \(defaultValue))")
            }
        }
    }

    /// The presets as a JSON array: name, models and the parameters each sets, in order.
    private func json(_ presets: [EngineProfile.Preset]) -> String {
        var writer = JSONWriter()
        writer.raw("[")
        for (index, preset) in presets.enumerated() {
            writer.raw(index == 0 ? "\n{\"name\":" : ",\n{\"name\":")
            writer.string(preset.name)
            writer.raw(",\"models\":")
            writer.string(preset.models)
            writer.raw(",\"sets\":[")
            for (position, (name, value)) in preset.overrides.enumerated() {
                writer.raw(position == 0 ? "{\"name\":" : ",{\"name\":")
                writer.string(name)
                writer.raw(",\"value\":")
                write(value, to: &writer)
                writer.raw("}")
            }
            writer.raw("]}")
        }
        writer.raw("\n]")
        return writer.text
    }

    private func text(_ value: ParameterValue) -> String {
        switch value {
        case .number(let number): forPeople(JSONWriter.format(number))
        case .bool(let flag): flag ? "true" : "false"
        case .string(let string): string
        }
    }

    private func write(_ value: ParameterValue, to writer: inout JSONWriter) {
        switch value {
        case .number(let number): writer.number(number)
        case .bool(let flag): writer.bool(flag)
        case .string(let string): writer.string(string)
        }
    }
}
