import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 15 item 3, through the `reel` executable: a write error while batches are in flight ends
/// the recorder with a message and exit 74 (never a signal), and two recorders of overlapping input
/// into one archive all finish, each session stored once and counted once.
@Suite("Recorder write errors and concurrent recorders")
struct RecorderRaceTests {
    /// Not under ThreadSanitizer (`tools/sanitize thread` sets TSAN_OPTIONS): its runtime dies of
    /// SIGBUS in its own mappings under a file-size limit, before `reel` runs.
    @Test(.disabled(if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil, "ThreadSanitizer cannot run under ulimit -f"))
    func aWriteErrorWithBatchesInFlightEndsWithAMessageNotASignal() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 120, seed: 31, in: folder)
        // File-size limits (KiB) reached at different moments of the run, the producer ahead each time.
        for limit in [200, 400, 700] {
            let archivePath = folder + "/limit-\(limit).sqlite"
            let run = try runReel(
                ["record", archivePath, stream, "--batch-size", "4"], in: folder,
                launcher: ["/bin/bash", "-c", "ulimit -f \(limit); exec \"$0\" \"$@\""])
            #expect(run.status == 74, "limit \(limit) KiB: exit \(run.status): \(run.standardError)")
            #expect(run.standardError.contains("\(archivePath): "), "\(run.standardError)")
            #expect(run.standardError.contains("File too large"), "\(run.standardError)")
            #expect(try integrityCheck(archivePath) == "ok")
            let sessions = try archiveCount(archivePath, "SELECT count(*) FROM sessions")
            #expect(sessions % 4 == 0 && sessions < 120, "limit \(limit) KiB: \(sessions) sessions kept")
            #expect(try archiveCount(archivePath, "SELECT count(*) FROM outcomes") == sessions)
        }
    }

    @Test func recordersOfOverlappingInputAllFinish() throws {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        let shared = try synthesizedStream("nav.interactive-pop", count: 60, seed: 32, in: folder)
        let own = try synthesizedStream("modal.swipe-dismiss", count: 20, seed: 33, in: folder)
        #expect(try runReel(["init", archivePath], in: folder).status == 0)
        // Four start at once, all with the shared sessions, the first with a stream of its own too.
        let results = ConcurrentRuns()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let inputs = index == 0 ? [shared, own] : [shared]
            results.set(
                index,
                Result {
                    try runReel(["record", archivePath] + inputs + ["--batch-size", "1", "--format", "json"], in: folder)
                })
        }
        let runs = try results.all()
        for run in runs { #expect(run.status == 0, "exit \(run.status): \(run.standardError)") }
        // The summary's counts (its "format" member is a string, the rest numbers).
        let counts = try runs.map {
            (try JSONSerialization.jsonObject(with: Data($0.standardOutput.utf8)) as? [String: Any] ?? [:]).compactMapValues { $0 as? Int }
        }
        for (index, count) in counts.enumerated() {
            #expect(count["recorded", default: 0] + count["duplicates", default: 0] == (index == 0 ? 80 : 60), "\(count)")
        }
        #expect(counts.reduce(0) { $0 + $1["recorded", default: 0] } == 80)
        #expect(try archiveCount(archivePath, "SELECT count(*) FROM sessions") == 80)
        #expect(try archiveCount(archivePath, "SELECT count(DISTINCT content_hash) FROM sessions") == 80)
        #expect(try integrityCheck(archivePath) == "ok")
    }
}

/// Results of runs on several threads, by index.
final class ConcurrentRuns: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var results: [Int: Result<ReelRun, any Error>] = [:]

    func set(_ index: Int, _ result: Result<ReelRun, any Error>) {
        lock.withLock { results[index] = result }
    }

    /// The runs in index order; throws the first error.
    func all() throws -> [ReelRun] {
        try lock.withLock { try results.keys.sorted().map { try results[$0]!.get() } }
    }
}

/// `PRAGMA integrity_check` of the archive at `path` ("ok" when intact).
func integrityCheck(_ path: String) throws -> String {
    let statement = try Database.open(path, mode: .readOnly).prepare("PRAGMA integrity_check")
    return try statement.step() ? statement.string(at: 0) : ""
}
