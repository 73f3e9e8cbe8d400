import ArgumentParser
import Foundation
import ReelEngine
import ReelFormats
import ReelRunner
import ReelSynth
import ReelTrace

/// `reel synth`: humanlike gesture streams for a catalog scenario, deterministic for a seed.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write humanlike gesture streams (JSON Lines) for a catalog scenario.",
        discussion: """
            Slow drags, flicks, reversals, hesitations, jitter, cancelled touches and two-finger \
            pinches along minimum-jerk trajectories, spread across both sides of the scenario's \
            decision boundary. The same seed gives the same bytes.
            """)

    @Option(
        name: .customLong("scenario"),
        help: "A catalog scenario name (see `reel scenarios`; repeatable, the n-th from 0 takes seed + n), or 'all' for every scenario.")
    var scenarios: [String]

    @Option(help: "Sessions per scenario.")
    var count = 100

    @Option(help: "Seed of the deterministic generator.")
    var seed: UInt64 = 1

    @Option(help: "Display refresh rate (touches are sampled at it).")
    var refreshHz: Double = 60

    @Option(help: "Device width in points.")
    var width: Double = 390

    @Option(help: "Device height in points.")
    var height: Double = 844

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(help: "Overwrite the -o file when it exists.")
    var force = false

    func validate() throws {
        guard (0...1_000_000).contains(count) else { throw ValidationError("--count must be within 0-1000000") }
        guard (1...240).contains(refreshHz) else { throw ValidationError("--refresh-hz must be within 1-240") }
        guard (1...100_000).contains(width), (1...100_000).contains(height) else {
            throw ValidationError("--width and --height must be within 1-100000 points")
        }
    }

    func run() throws {
        try reportingErrors {
            let specs = try chosenSpecs()
            let sink = try OutputFile.standardOutputOr(output, force: force)
            let device = Device(width: width, height: height, scale: 3)
            for (offset, spec) in specs.enumerated() {
                let synthesizer = GestureSynthesizer(
                    scenario: spec, device: device, refreshHz: refreshHz, seed: seed &+ UInt64(offset))
                for index in 0..<count {
                    try sink.write(GestureStreamWriter.encode(synthesizer.session(index: index)))
                }
            }
            try sink.close()
        }
    }

    /// The scenarios named, in the order given and each once: the catalog for `all` (given alone).
    private func chosenSpecs() throws(ReelFailure) -> [ScenarioSpec] {
        if scenarios.contains("all") {
            guard scenarios.allSatisfy({ $0 == "all" }) else {
                throw ReelFailure(.usage, "--scenario all already names every scenario; give it alone")
            }
            return ScenarioCatalog.all
        }
        var seen = Set<String>()
        var specs: [ScenarioSpec] = []
        for name in scenarios where seen.insert(name).inserted {
            guard let spec = ScenarioCatalog.named(name) else {
                let close = closestNames(to: name, in: ScenarioCatalog.all.map(\.name))
                throw ReelFailure(
                    .usage,
                    "unknown scenario '\(name)'" + (close.isEmpty ? "" : "; closest: " + close.joined(separator: ", "))
                        + " (`reel scenarios` lists the catalog)")
            }
            specs.append(spec)
        }
        return specs
    }
}
