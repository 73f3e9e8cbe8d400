import Foundation
import ReelStore
import ReelTrace
import Testing

/// What one run of the `reel` executable did.
package struct ReelRun {
    package var status: Int32
    package var standardOutput: String
    package var standardError: String
}

/// The `reel` executable of this build: next to the test bundle (`swift test` builds both into
/// the same products folder), else in the repository's `.build/debug`.
package let reelExecutable: String = {
    var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
    folders.append(URL(fileURLWithPath: repositoryRoot + "/.build/debug"))
    let candidates = folders.map { $0.appendingPathComponent("reel").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
}()

/// Runs `reel ARGUMENTS` with `folder` as working directory, standard input read from the file
/// `input` (empty when nil), standard output and error captured through files (no pipe can fill up).
/// A `launcher` (a command and its arguments, as `unprivilegedLauncher`) runs `reel` through it.
package func runReel(_ arguments: [String], in folder: String, input: String? = nil, launcher: [String] = []) throws -> ReelRun {
    try startProcess(launcher + [reelExecutable] + arguments, in: folder, input: input, captureFolder: folder).wait()
}

/// A process started by `startProcess`, its standard output and error going to two files.
package struct StartedProcess {
    package let process: ChildProcess
    package let capture: String

    /// Waits for the process to end and returns its status and what it printed.
    package func wait() throws -> ReelRun {
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(atPath: capture + ".out")
            try? FileManager.default.removeItem(atPath: capture + ".err")
        }
        return ReelRun(
            status: process.terminationStatus,
            standardOutput: try String(contentsOfFile: capture + ".out", encoding: .utf8),
            standardError: try String(contentsOfFile: capture + ".err", encoding: .utf8))
    }
}

/// Starts `command` (an executable path and its arguments) in `folder`, standard input from the
/// file `input` (empty when nil), the environment given (the test's own when nil), and its output
/// captured through files in `captureFolder`.
package func startProcess(
    _ command: [String], in folder: String, input: String? = nil, environment: [String: String]? = nil,
    captureFolder: String
) throws -> StartedProcess {
    let capture = captureFolder + "/.reel-run-" + UUID().uuidString
    let standardInput = open(input ?? "/dev/null", O_RDONLY | O_CLOEXEC)
    guard standardInput >= 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: input ?? "/dev/null"]) }
    defer { close(standardInput) }
    let standardOutput = open(capture + ".out", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    defer { if standardOutput >= 0 { close(standardOutput) } }
    let standardError = open(capture + ".err", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    defer { if standardError >= 0 { close(standardError) } }
    guard standardOutput >= 0, standardError >= 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: capture + ".out"])
    }
    let process = try ChildProcess(
        command, in: folder, environment: environment, standardInput: standardInput, standardOutput: standardOutput,
        standardError: standardError)
    return StartedProcess(process: process, capture: capture)
}

/// What runs `reel` as a user that file permissions apply to: nothing when the tests do not run as
/// root, `setpriv` to user and group nobody (65534) when they do (root ignores permissions), nil
/// when they run as root without `setpriv`.
package let unprivilegedLauncher: [String]? = {
    if getuid() != 0 { return [] }
    let setpriv = "/usr/bin/setpriv"
    guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
}()

/// The SHA-256 of the archive file's bytes after its write-ahead log is checkpointed into it, so
/// equal hashes mean equal archives, byte for byte.
package func archiveFileHash(_ path: String) throws -> String {
    do {
        let database = try Database.open(path, mode: .readWrite)
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    return try fileHash(path)
}

/// The SHA-256 of a file's bytes, as they are.
package func fileHash(_ path: String) throws -> String {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    return SHA256.digest(bytes).map { String(format: "%02x", $0) }.joined()
}

/// The columns that say when a row was written: left out of every `archiveDump`.
package let archiveTimeColumns: Set<String> = [
    "sessions.recorded_at", "traces.created_at", "baselines.since", "baseline_history.replaced_at",
    "review_rejects.rejected_at", "replay_results.engine_seconds",
]

/// Every row of every archive table, and of the views under the v3 tables' names, as text, table by
/// table, rows sorted by all their columns; doubles as their bit patterns, so equal dumps mean
/// bit-identical data. Columns named in `ignoring` ("table.column") and the time columns are left out.
package func archiveDump(_ path: String, ignoring: Set<String> = []) throws -> [String: [String]] {
    let ignoring = ignoring.union(archiveTimeColumns)
    let database = try Database.open(path, mode: .readOnly)
    var dump: [String: [String]] = [:]
    for table in Archive.tableNames + ["frames", "frame_views", "events", "outcomes"] {
        let columns = try database.prepare("SELECT * FROM \(table)").columnCount
        let order = (1...columns).map(String.init).joined(separator: ", ")
        let rows = try database.prepare("SELECT * FROM \(table) ORDER BY \(order)")
        var lines: [String] = []
        while try rows.step() {
            var fields: [String] = []
            for column in 0..<columns where !ignoring.contains("\(table).\(rows.columnName(at: column))") {
                switch rows.columnType(at: column) {
                case .null: fields.append("NULL")
                case .integer: fields.append(String(rows.int64(at: column)))
                case .real: fields.append("r" + String(rows.double(at: column).bitPattern, radix: 16))
                case .text: fields.append(rows.string(at: column))
                case .blob: fields.append(rows.data(at: column).base64EncodedString())
                }
            }
            lines.append(fields.joined(separator: "|"))
        }
        dump[table] = lines
    }
    return dump
}

/// The external ids of the archive's sessions in id order.
package func externalIDs(_ path: String) throws -> [String] {
    let database = try Database.open(path, mode: .readOnly)
    let rows = try database.prepare("SELECT coalesce(external_id, '') FROM sessions ORDER BY id")
    var ids: [String] = []
    while try rows.step() { ids.append(rows.string(at: 0)) }
    return ids
}

/// A `count(*)`-style number from the archive.
package func archiveCount(_ path: String, _ sql: String) throws -> Int64 {
    try Database.open(path, mode: .readOnly).scalarInt64(sql) ?? 0
}
