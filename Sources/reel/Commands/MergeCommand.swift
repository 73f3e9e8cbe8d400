import ArgumentParser
import Foundation
import ReelRunner
import ReelStore
import ReelTrace

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
            printed as by reel replay. Exit codes: 0 nothing diverged (or only in kinds --fail-on lets \
            pass), 1 divergences found in a failing kind, 2 engine \
            errors on some sessions, 64 usage (OUT exists and no --force), 65 inputs that do not merge (the message \
            names the input and the reason, or the missing shards), 66 missing input.
            """)

    @Argument(help: "The results archives of the shards: files, folders (their *.sqlite files) or quoted glob patterns.")
    var results: [String]

    @Option(name: .shortAndLong, help: "The merged results archive to create.")
    var output: String

    @Flag(help: "Text output: list every diverged or failed session, not only the flips (the rest are counted by kind).")
    var verbose = false

    @Flag(help: "Replace OUT when it exists (a regular file only).")
    var force = false

    @Option(
        help:
            "How to print the summary (junit: JUnit XML, one test case per session; markdown: for a CI step summary; github: an ::error annotation per flipped session; docs/CI.md)."
    )
    var format: ReplayReport.Format = .text

    @Option(
        name: .customLong("fail-on"),
        help: "The divergence kinds that fail the merged replay (exit 1), as reel replay --fail-on (default: every kind).")
    var failOn: String?

    @Option(
        help:
            "Also append the Markdown summary to this file, created when missing (for example \"$GITHUB_STEP_SUMMARY\"), whatever --format prints."
    )
    var markdownSummary: String?

    @Option(
        help:
            "Also write the JUnit XML to this file, which must not exist, whatever --format prints (with --format github: annotations in the log, JUnit for the test page)."
    )
    var junit: String?

    @Option(help: "The recorded archive the shards replayed: with --format markdown, for release points and reel show commands.")
    var recorded: String?

    func run() throws {
        let policy = try reportingErrors {
            if let markdownSummary { try OutputFile.checkCanWrite(markdownSummary, force: true) }
            if let junit { try OutputFile.checkCanWrite(junit, force: false) }
            return try failOn.map { try FailurePolicy(parsing: $0) } ?? .everyKind
        }
        let summary = try reportingErrors {
            try OutputFile.checkCanWrite(output, force: force)
            if force { try requireRegularFile(output) }
            // Written beside OUT under a temporary name and renamed to OUT only once whole: an
            // interrupted merge (a signal, a full disk, a kill) leaves no OUT (docs/RELIABILITY.md).
            let partial = try PartialArchive(finalPath: output)
            let replayID = try ResultsMerger(inputs: try ResultsInputs.expand(results), output: partial.path).merge()
            try partial.commit(replacing: force)
            return try Replayer.Summary(replayID: replayID, in: try Archive.open(output, mode: .readOnly))
        }
        let recordedSessions = try reportingErrors {
            ReplayMarkdown.Recorded(
                path: recorded ?? "ARCHIVE",
                archive: try recorded.map { try Archive.open($0, mode: .readOnly) }, holdsResults: false)
        }
        try ReplayReport.emit(
            summary, format: format, resultsPath: output, policy: policy, recorded: recordedSessions, markdownFile: markdownSummary,
            junitFile: junit,
            verbose: verbose)
    }
}

/// Refuses, for `--force`, an existing `path` that is not a regular file (a symlink, a device):
/// an archive is written as a new file, never through another.
private func requireRegularFile(_ path: String) throws {
    guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType else { return }
    guard type == .typeRegular else {
        throw ReelFailure(.usage, "\(path): not a regular file; an archive is written as a new file, give another path")
    }
}
