import ArgumentParser
import ReelEngine
import ReelJSON

/// `reel scenarios`: the scenario catalog with a one-line description each.
struct ScenariosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios", abstract: "List the catalog of named scenarios.")

    @Option(help: "How to print the catalog: names and summaries, or JSON with every full spec (docs/JSON.md).")
    var format: OutputFormat = .text

    @Flag(help: "Same as --format json.")
    var json = false

    func run() throws {
        let specs = ScenarioCatalog.all
        if json || format == .json {
            var writer = JSONWriter()
            writer.object { members in
                members.member("format", JSONOutput.scenarios.format)
                // Each spec is its canonical JSON text, one per line, written as it is.
                members.member("scenarios") { $0.array(specs, onePerLine: true) { $0.verbatim($1.canonicalJSON) } }
            }
            print(writer.text)
            return
        }
        let width = specs.map(\.name.count).max() ?? 0
        for spec in specs {
            print("\(spec.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(ScenarioCatalog.description(of: spec))")
        }
    }
}
