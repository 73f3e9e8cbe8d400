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

    /// `--format`: a table for people, JSON, or docs/ENGINE.md's Markdown table.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @Option(
        help: """
            How to print the parameters: a table, JSON (docs/JSON.md), or the Markdown table of docs/ENGINE.md's \
            "Parameters" (tools/engine-params-doc writes it there; a test fails when the two drift).
            """)
    var format: Format = .text

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
                writer.object { members in
                    members.member("format", JSONOutput.engineParams.format)
                    members.member("parameters") { $0.array(rows, onePerLine: true) { Self.write($1.0, value: $1.1, to: &$0) } }
                }
                print(writer.text)
                return
            }
            if format == .markdown {
                print(Self.markdownTable(rows))
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

    /// The parameters as docs/ENGINE.md's table: name, unit, default (the value shown when a profile
    /// changes it), accepted range, description with the choices.
    static func markdownTable(_ rows: [(ParameterDescriptor, ParameterValue)]) -> String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var lines = ["| name | unit | default | range | description |", "|---|---|---|---|---|"]
        for (descriptor, value) in rows {
            func exact(_ value: ParameterValue) -> String {
                switch value {
                case .number(let number): JSONWriter.format(number)
                case .bool(let flag): flag ? "true" : "false"
                case .string(let string): "\"\(string)\""
                }
            }
            var shown = exact(descriptor.defaultValue)
            if value != descriptor.defaultValue { shown += " (here \(exact(value)))" }
            let choices = descriptor.choices.isEmpty ? "" : " (\(descriptor.choices.joined(separator: ", ")))"
            lines.append(
                "| `\(descriptor.name)` | \(cell(descriptor.unit)) | \(cell(shown)) | \(cell(descriptor.rangeText ?? "")) | "
                    + "\(cell(descriptor.description + choices)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// One parameter: name, value, default, unit, range (when it has one), description, choices (when it has them).
    private static func write(_ descriptor: ParameterDescriptor, value: ParameterValue, to writer: inout JSONWriter) {
        writer.object { members in
            members.member("name", descriptor.name)
            members.member("value") { $0.parameterValue(value) }
            members.member("default") { $0.parameterValue(descriptor.defaultValue) }
            members.member("unit", descriptor.unit)
            if let range = descriptor.range {
                members.member("min", range.lowerBound)
                members.member("max", range.upperBound)
                members.member("integer", descriptor.isInteger)
            }
            members.member("description", descriptor.description)
            if !descriptor.choices.isEmpty { members.member("choices") { $0.array(descriptor.choices) { $0.string($1) } } }
        }
    }
}
