import Foundation

/// Runs the measurements of `reel bench` in a scratch folder and collects their figures. The
/// steps live in the BenchRunner+*.swift files: engine, store, and the record/replay pipeline.
final class BenchRunner {
    /// How much each step does.
    struct Sizes {
        /// Sessions per reference engine case.
        var engineIterations: Int
        /// Synthesized sessions per catalog scenario for the per-family engine figures, and runs of each.
        var familySessions: Int
        var familyIterations: Int
        /// Frame-view rows of the store's insert benchmark (Swift and C).
        var storeRows: Int
        /// The two corpus sizes of the record and replay steps (memory is compared between them).
        var smallSessions: Int
        var largeSessions: Int
        /// Sessions of the ReelKit figure (BenchRunner+Kit.swift).
        var kitSessions = 2000
        /// nav.interactive-pop sessions of the shared yardstick's corpus (shared/bench/README.md).
        var yardstickSessions: Int

        static let full = Sizes(
            engineIterations: 2000, familySessions: 8, familyIterations: 100, storeRows: 2_000_000,
            smallSessions: 10_000, largeSessions: 100_000, yardstickSessions: 20_000)
        static let quick = Sizes(
            engineIterations: 20, familySessions: 2, familyIterations: 3, storeRows: 20_000,
            smallSessions: 200, largeSessions: 600, kitSessions: 60, yardstickSessions: 500)
    }

    /// Sessions per transaction of the recordings, and of the raw store writes they are compared with.
    static let recordBatchSize = 256
    /// A memory figure counts as flat when the large run peaks at most this much above the small one.
    static let flatMemoryRatio = 1.25

    let sizes: Sizes
    /// This executable: `reel synth`, `reel record` and `reel replay` run as measured child processes.
    let reel: String
    let work: String
    /// The compiled tools/bench-src/insert.c, when given.
    let cInsert: String?
    /// The ReelKit examples' executable (`--kit-engine`), when given.
    let kitEngine: String?
    /// The compiled shared/bench/c_limit.c, when given.
    let cLimit: String?
    private(set) var figures: [BenchFigure] = []
    /// The C loop's rates (insert, scan: frame-view rows per second), when it ran.
    var cRates: (insert: Double, scan: Double)?
    /// The largest peak resident memory of any measured child process.
    var childPeakBytes = 0

    init(sizes: Sizes, work: String, cInsert: String?, cLimit: String? = nil, kitEngine: String? = nil) throws {
        self.sizes = sizes
        self.work = work
        self.cInsert = cInsert
        self.cLimit = cLimit
        self.kitEngine = kitEngine
        reel = try ProcessFacts.executablePath()
    }

    /// Every step, in order; only the engines-over-the-protocol figures (ReelKit's and
    /// `exec:reel engine serve`'s) with `kitOnly`, only the yardstick's with `yardstickOnly`;
    /// returns the figures.
    func run(kitOnly: Bool = false, yardstickOnly: Bool = false) throws -> [BenchFigure] {
        if kitOnly {
            try kitFigures()
            try execEngineFigures()
            return figures
        }
        try yardstickFigures()
        if yardstickOnly { return figures }
        try engineFigures()
        try storeFigures()
        try pipelineFigures()
        try kitFigures()
        try execEngineFigures()
        add(
            BenchFigure(
                id: "memory.peak", label: "peak memory, any step", value: megabytes(max(childPeakBytes, ownPeakBytes())),
                unit: "MB"))
        return figures
    }

    func add(_ figure: BenchFigure) {
        figures.append(figure)
    }

    /// Runs `reel ARGUMENTS` as a measured child process.
    func reel(_ arguments: [String], name: String, acceptedStatuses: Set<Int32> = [0]) throws -> MeasuredProcess {
        let run = try MeasuredProcess.run(reel, arguments, outputPath: "\(work)/\(name).out", acceptedStatuses: acceptedStatuses)
        childPeakBytes = max(childPeakBytes, run.peakResidentBytes)
        return run
    }

    /// A progress note on standard error.
    func note(_ text: String) {
        FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
    }

    func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }

    /// This process's peak resident memory.
    private func ownPeakBytes() -> Int { ProcessFacts.peakResidentBytes() }
}
