import ArgumentParser
import ReelReplay
import ReelStore

/// `reel merge RESULTS... -o OUT`: combines the results archives of shard runs into one.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine shard results (reel replay --shard I/N --results FILE) into one results archive.",
        discussion: """
            The inputs must be the shards 1/N ... N/N of one replay: each a results archive of one \
            finished replay, all of the same sessions of the same archive (same --scenario and --session \
            selection), the same candidate engine and the same tolerances. OUT then holds what one \
            unsharded run would have written, under one replay without a shard, and the summary is \
            printed as by reel replay. Exit codes: 0 nothing diverged, 1 divergences found, 2 engine \
            errors on some sessions, 64 usage (OUT exists), 65 inputs that do not merge (the message \
            names the input and the reason, or the missing shards), 66 missing input.
            """)

    @Argument(help: "The results archives of the shards: files, folders (their *.sqlite files) or quoted glob patterns.")
    var results: [String]

    @Option(name: .shortAndLong, help: "The merged results archive to create (must not exist).")
    var output: String

    @Option(help: "Output: text, json or junit (JUnit XML, one test case per session).")
    var format: ReplayReport.Format = .text

    func run() throws {
        let summary = try reportingErrors {
            let replayID = try ResultsMerger(inputs: try ResultsInputs.expand(results), output: output).merge()
            return try Replayer.Summary(replayID: replayID, in: try Archive.open(output, mode: .readOnly))
        }
        try ReplayReport.emit(summary, format: format, resultsPath: output)
    }
}
