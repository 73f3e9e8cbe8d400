import ReelStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A command whose archives are closed cleanly when it ends (see `ArchiveCloser`).
protocol UsesArchives {
    /// The archives the command opened, or may have: the ones named on its command line.
    var archivePaths: [String] { get }
    /// Whether worker threads of the command held connections (see `ArchiveCloser.closeCleanly`).
    var hasWorkerThreads: Bool { get }
}

extension UsesArchives {
    var hasWorkerThreads: Bool { false }
}

/// Leaves every archive a command used as one self-contained file: no -wal, no -shm beside it.
///
/// SQLite folds the write-ahead log into the archive and deletes it when the last connection
/// closes, but only when that connection may write: a read-only connection (a replay's workers,
/// `reel query`) closing last leaves the -wal behind, and with it, after `reel replay`, the
/// verdicts, so a copy of the archive file alone lacks them. Once the command's own connections
/// are closed, a read-write connection is opened, checkpoints and is closed last. Nothing is done
/// for an archive another process has open (its connection closes last), for a file that is not
/// a Reel archive, or where the file or its folder cannot be written.
enum ArchiveCloser {
    ///
    /// A connection of the command's worker threads may outlive the command by a moment (the
    /// threads release their work after finishing it), so for a command with workers a -wal still
    /// there is tried again, for up to a second (another process's open connection keeps it too).
    static func closeCleanly(_ command: UsesArchives) {
        closeCleanly(command.archivePaths, attempts: command.hasWorkerThreads ? 100 : 1)
    }

    /// Closes `paths` cleanly, each tried `attempts` times, 10 ms apart.
    private static func closeCleanly(_ paths: [String], attempts: Int) {
        for path in Set(paths) {
            for attempt in 0..<attempts where needsClosing(path) {
                if attempt > 0 { usleep(10_000) }
                guard (try? Archive.foldWriteAheadLog(at: path)) != nil else { break }
            }
        }
    }

    private static func needsClosing(_ path: String) -> Bool {
        guard access(path + "-wal", F_OK) == 0 || access(path + "-shm", F_OK) == 0 else { return false }
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        return access(path, W_OK) == 0 && access(folder, W_OK) == 0 && hasReelHeader(path)
    }

    /// Whether the file starts as a SQLite database whose application id (bytes 68-71) is "REEL".
    private static func hasReelHeader(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 72)
        guard read(fd, &header, 72) == 72 else { return false }
        return header.prefix(16).elementsEqual("SQLite format 3\0".utf8) && header[68..<72].elementsEqual("REEL".utf8)
    }
}

extension InitCommand: UsesArchives { var archivePaths: [String] { [path] } }
extension MigrateCommand: UsesArchives { var archivePaths: [String] { [path] } }
extension InfoCommand: UsesArchives { var archivePaths: [String] { [path] } }
extension PruneCommand: UsesArchives { var archivePaths: [String] { [archive] } }
extension RecordCommand: UsesArchives {
    var archivePaths: [String] { [archive] }
    var hasWorkerThreads: Bool { true }
}
extension ExportCommand: UsesArchives { var archivePaths: [String] { [archive] } }
extension ReplayCommand: UsesArchives {
    var archivePaths: [String] { [archive] + (results.map { [$0] } ?? []) }
    var hasWorkerThreads: Bool { true }
}
extension MergeCommand: UsesArchives { var archivePaths: [String] { results + [output] } }
extension QueryCommand: UsesArchives { var archivePaths: [String] { [archive] } }
extension ShowCommand: UsesArchives { var archivePaths: [String] { [archive] } }
extension ReportCommand: UsesArchives { var archivePaths: [String] { [archive] } }
extension CompareCommand: UsesArchives { var archivePaths: [String] { [archive] } }
extension AcceptCommand: UsesArchives { var archivePaths: [String] { [archive] } }
extension DemoCommand: UsesArchives {
    var archivePaths: [String] { [directory + "/demo.sqlite"] }
    var hasWorkerThreads: Bool { true }
}
