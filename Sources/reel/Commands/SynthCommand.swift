import ArgumentParser
import Foundation
import ReelEngine
import ReelFormats
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

    @Option(help: "A catalog scenario name (see `reel scenarios`), or 'all' for every scenario.")
    var scenario: String

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
            let specs: [ScenarioSpec]
            if scenario == "all" {
                specs = ScenarioCatalog.all
            } else if let spec = ScenarioCatalog.named(scenario) {
                specs = [spec]
            } else {
                throw ReelFailure(.usage, "unknown scenario '\(scenario)' (`reel scenarios` lists the catalog)")
            }
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
}
