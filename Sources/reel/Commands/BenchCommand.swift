import ArgumentParser
import Foundation
import ReelTrace

/// `reel bench`: every benchmark of the project in one run, as one table (or JSON).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the engine, the store, recording, replay and queries; print one table of figures and goals.",
        discussion: """
            Run it from a release build: tools/bench builds one, compiles the C insert loop the \
            store is compared with, and runs this. Every input is synthesized with fixed seeds in a \
            scratch folder that is deleted afterwards. Ratios are measured in the same run, side by \
            side. Progress goes to standard error. docs/PERFORMANCE.md explains every figure.
            """)

    @Flag(help: "Small sizes (a few seconds), for checking that every step runs.")
    var quick = false

    @Option(help: "How to print the figures: a table or one JSON object.")
    var format: OutputFormat = .text

    @Flag(help: "Same as --format json.")
    var json = false

    @Option(help: "The compiled tools/bench-src/insert.c (without it the store has no C reference).")
    var cInsert: String?

    @Option(
        help: ArgumentHelp(
            "The ReelKit examples' engine executable (reelkit-examples; tools/bench builds it in release).",
            discussion: "Adds the ReelKit figure: its replay speed against the built-in engine's, protocol included (docs/KIT.md)."))
    var kitEngine: String?

    @Flag(help: "Only the engines over the protocol: the ReelKit figures and exec:reel engine serve's (needs --kit-engine).")
    var kitOnly = false

    @Option(help: "The compiled shared/bench/c_limit.c: the yardstick figures run first when given (tools/bench compiles it).")
    var cLimit: String?

    @Flag(help: "Only the yardstick figures (needs --c-limit).")
    var yardstickOnly = false

    @Option(help: "Keep the scratch files in this folder (created) instead of a temporary one.")
    var work: String?

    func run() throws {
        try reportingErrors {
            let folder = work ?? NSTemporaryDirectory() + "reel-bench-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { if work == nil { try? FileManager.default.removeItem(atPath: folder) } }
            if let cInsert, !FileManager.default.isExecutableFile(atPath: cInsert) {
                throw ReelFailure(.noInput, "\(cInsert): no such executable (tools/bench compiles tools/bench-src/insert.c)")
            }
            if let cLimit, !FileManager.default.isExecutableFile(atPath: cLimit) {
                throw ReelFailure(.noInput, "\(cLimit): no such executable (tools/bench compiles shared/bench/c_limit.c)")
            }
            if yardstickOnly, cLimit == nil { throw ReelFailure(.usage, "--yardstick-only needs --c-limit") }
            if yardstickOnly, kitOnly { throw ReelFailure(.usage, "--yardstick-only and --kit-only each run one step: give one") }

            if let kitEngine, !FileManager.default.isExecutableFile(atPath: kitEngine) {
                throw ReelFailure(.noInput, "\(kitEngine): no such executable (tools/bench builds reelkit-examples in release)")
            }
            if kitOnly, kitEngine == nil {
                throw ReelFailure(.usage, "--kit-only needs --kit-engine PATH (the reelkit-examples executable)")
            }

            let loadBefore = loadAverage()
            let runner = try BenchRunner(
                sizes: quick ? .quick : .full, work: folder, cInsert: cInsert, cLimit: cLimit,
                kitEngine: kitEngine.map { URL(fileURLWithPath: $0).path })
            let figures = try runner.run(kitOnly: kitOnly, yardstickOnly: yardstickOnly)
            let report = BenchReport(
                date: Date().formatted(.iso8601.year().month().day()), quick: quick,
                cores: ProcessInfo.processInfo.activeProcessorCount, memoryBytes: ProcessInfo.processInfo.physicalMemory,
                loadBefore: loadBefore, loadAfter: loadAverage(), figures: figures)
            print(json || format == .json ? report.json : report.table)
        }
    }

    /// The 1, 5 and 15 minute load averages.
    private func loadAverage() -> [Double] {
        var load = [Double](repeating: 0, count: 3)
        _ = getloadavg(&load, 3)
        return load
    }
}
