import ArgumentParser
import Foundation
import ReelJSON
import ReelStore
import ReelTrace

/// `reel info PATH`: schema version, file size and row counts, without writing anything.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show an archive's schema version, file size, row counts and replays (status, start, candidate, verdict counts, flips).")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The archive to describe.")
    var path: String

    @Option(help: "How to print the description.")
    var format: Format = .text

    @Flag(
        help:
            "Also check the rows: foreign keys (PRAGMA foreign_key_check) and that every session has its own baseline trace; exit 65 when a check fails."
    )
    var check = false

    func run() throws {
        try reportingErrors(archive: path) {
            let archive = try Archive.open(path, mode: .readOnly)
            let problems = check ? try archive.integrityProblems() : []
            // The tables, then the baselines' rows under the v3 tables' names (views).
            let counts = try archive.rowCounts() + archive.baselineRowCounts().map { (table: $0.view, rows: $0.rows) }
            let replays = try ReplayListing.read(archive)
            let size = archiveFileSize(path)
            switch format {
            case .text:
                print("archive:  \(path)")
                print("schema:   v\(archive.schemaVersion)")
                print("size:     \(size) bytes")
                let width = counts.map(\.table.count).max() ?? 0
                for (table, rows) in counts {
                    // Padded by hand: Foundation's padding(toLength:) costs more than all of info's queries.
                    print("  \(table)\(String(repeating: " ", count: width - table.count))  \(rows)")
                }
                print(replays.isEmpty ? "replays:  none" : "replays:")
                for line in ReplayListing.table(replays) { print("  " + line) }
                for line in try rejectLines(archive) { print(line) }
                if check { print(problems.isEmpty ? "check:    ok" : "check:    \(counted(problems.count, "problem"))") }
            case .json:
                var w = JSONWriter()
                w.object { members in
                    members.member("format", JSONOutput.info.format)
                    members.member("path", path)
                    members.member("schema_version", archive.schemaVersion)
                    members.member("size_bytes", size)
                    members.member("rows") { $0.object(counts, key: \.table) { $0.int(Int($1.rows)) } }
                    members.member("replays") { $0.array(replays) { $1.write(to: &$0) } }
                    if check { members.member("problems") { $0.array(problems) { $0.string($1) } } }
                }
                print(w.text)
            }
            for problem in problems { printError("\(path): \(problem)") }
            if !problems.isEmpty { throw ExitCode(ExitStatus.dataError.rawValue) }
        }
    }
}

/// `rejected: replay 1: sessions 4, 9 (reel review ... --include-rejected asks again)`, one line
/// per replay a review rejected sessions of (`review_rejects`); none when there are none.
private func rejectLines(_ archive: Archive) throws -> [String] {
    let byReplay = Dictionary(grouping: try archive.reviewRejects(), by: \.replayID)
    return byReplay.keys.sorted().map { replayID in
        let sessions = byReplay[replayID, default: []].map(\.sessionID)
        let shown = sessions.prefix(10).map(String.init).joined(separator: ", ") + (sessions.count > 10 ? ", ..." : "")
        return "rejected: replay \(replayID): \(sessions.count) session\(sessions.count == 1 ? "" : "s") (\(shown)); "
            + "reel review \(shellQuoted(archive.path)) --replay \(replayID) --include-rejected asks again"
    }
}

/// An archive's bytes on disk, including a write-ahead log not yet checkpointed. Read with
/// `lstat`, as FileManager's attributes are, without FileManager's dictionary of them.
func archiveFileSize(_ path: String) -> Int64 {
    [path, path + "-wal"].reduce(0) { total, file in
        var status = stat()
        return total + (lstat(file, &status) == 0 ? Int64(status.st_size) : 0)
    }
}
