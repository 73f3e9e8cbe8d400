import ArgumentParser
import Foundation
import ReelEngine
import ReelFormats
import ReelJSON
import ReelRunner
import ReelTrace

/// `reel engine params`: every parameter with dotted name, value, unit and description.
struct EngineParamsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "params", abstract: "List every engine parameter: name, value, unit, accepted range, description.",
        discussion: "A profile's number outside a parameter's range, or a fraction for a count, is refused (65).")

    @OptionGroup var engineOption: EngineOption
    /// The engine whose values to show.
    var engine: String { engineOption.engine ?? "builtin" }

    @Option(help: "How to print the parameters: a table or a JSON array.")
    var format: OutputFormat = .text

    @Flag(help: "Same as --format json.")
    var json = false

    func run() throws {
        try reportingErrors {
            let factory = try EngineFactory(EngineSpec(parsing: engine))
            guard let profile = factory.builtinProfile else {
                throw ReelFailure(.usage, "an external engine's parameters are its own business: use builtin or a profile file")
            }
            let rows = EngineProfile.parameters.map { descriptor in
                (descriptor, profile.value(descriptor.name) ?? descriptor.defaultValue)
            }
            if json || format == .json {
                var writer = JSONWriter()
                writer.array(rows, onePerLine: true) { writer, row in
                    let (descriptor, value) = row
                    writer.raw("{\"name\":")
                    writer.string(descriptor.name)
                    writer.raw(",\"value\":")
                    writer.parameterValue(value)
                    writer.raw(",\"default\":")
                    writer.parameterValue(descriptor.defaultValue)
                    writer.raw(",\"unit\":")
                    writer.string(descriptor.unit)
                    if let range = descriptor.range {
                        writer.raw(",\"min\":")
                        writer.number(range.lowerBound)
                        writer.raw(",\"max\":")
                        writer.number(range.upperBound)
                        writer.raw(",\"integer\":")
                        writer.bool(descriptor.isInteger)
                    }
                    writer.raw(",\"description\":")
                    writer.string(descriptor.description)
                    if !descriptor.choices.isEmpty {
                        writer.raw(",\"choices\":")
                        writer.array(descriptor.choices) { $0.string($1) }
                    }
                    writer.raw("}")
                }
                print(writer.text)
                return
            }
            let nameWidth = rows.map(\.0.name.count).max() ?? 0
            let texts = rows.map { $0.1.forPeopleText }
            let valueWidth = texts.map(\.count).max() ?? 0
            let unitWidth = rows.map(\.0.unit.count).max() ?? 0
            let ranges = rows.map { $0.0.rangeText ?? ($0.0.choices.isEmpty ? "" : "one of") }
            let rangeWidth = ranges.map(\.count).max() ?? 0
            for (((descriptor, value), valueText), range) in zip(zip(rows, texts), ranges) {
                let changed = value != descriptor.defaultValue ? " (default \(descriptor.defaultValue.forPeopleText))" : ""
                let choices = descriptor.choices.isEmpty ? "" : " [\(descriptor.choices.joined(separator: ", "))]"
                print(
                    "\(descriptor.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0))  "
                        + "\(valueText.padding(toLength: valueWidth, withPad: " ", startingAt: 0))  "
                        + "\(descriptor.unit.padding(toLength: unitWidth, withPad: " ", startingAt: 0))  "
                        + "\(range.padding(toLength: rangeWidth, withPad: " ", startingAt: 0))  "
                        + descriptor.description + choices + changed)
            }
        }
    }
}
