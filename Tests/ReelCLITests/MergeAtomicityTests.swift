import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 32 items 4 and 7, through the `reel` executable: an interrupted `reel merge` leaves no
/// output or a complete one, never a finished replay with part of its verdicts; `reel info
/// --check` checks a results archive by its own rules (a sound merge passes, a torn one fails),
/// and the readers refuse or mark a replay whose verdicts are not all there.
@Suite("Merge atomicity")
struct MergeAtomicityTests {
    /// Shards of a replay against a candidate that diverges, with the merged reference.
    private static func shards(count: Int) throws -> (folder: String, inputs: [String], verdicts: Int64, divergences: Int64) {
        let corpus = try swipeDismissCorpus(count: 120)
        var inputs: [String] = []
        for index in 1...count {
            let shard = corpus.folder + "/shard-\(index).sqlite"
            let run = try runReel(
                ["replay", corpus.archive, "--engine", corpus.candidate, "--shard", "\(index)/\(count)", "--results", shard],
                in: corpus.folder)
            #expect(run.status == 0 || run.status == 1, "\(run.standardError)")
            inputs.append(shard)
        }
        var divergences: Int64 = 0
        for input in inputs { divergences += try archiveCount(input, "SELECT count(*) FROM divergences") }
        return (corpus.folder, inputs, 120, divergences)
    }

    @Test func aSoundMergePassesInfoCheckAndATornOneFailsEveryReader() throws {
        let (folder, inputs, verdicts, divergences) = try Self.shards(count: 3)
        #expect(divergences > 0)
        let merged = folder + "/merged.sqlite"
        let merge = try runReel(["merge"] + inputs + ["-o", merged], in: folder)
        #expect(merge.status == 0 || merge.status == 1, "\(merge.standardError)")
        let check = try runReel(["info", merged, "--check"], in: folder)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(!check.standardError.contains("has no baseline trace"), "\(check.standardError.prefix(500))")
        #expect(check.standardOutput.contains("check:    ok"))
        for input in inputs {
            #expect(try runReel(["info", input, "--check"], in: folder).status == 0)
        }

        // What an interrupted merge of an earlier Reel left: the replay row finished, the first
        // shard's verdicts copied, the others' and every divergence not.
        let torn = folder + "/torn.sqlite"
        try FileManager.default.copyItem(atPath: merged, toPath: torn)
        let database = try Database.open(torn, mode: .readWrite)
        try database.execute("DELETE FROM divergences")
        try database.execute("DELETE FROM replay_results WHERE session_id % 3 <> 0")
        let left = try archiveCount(torn, "SELECT count(*) FROM replay_results")
        #expect(left > 0 && left < verdicts)

        let tornCheck = try runReel(["info", torn, "--check"], in: folder)
        #expect(tornCheck.status == 65, "\(tornCheck.standardError)")
        #expect(
            tornCheck.standardError.contains(
                "replay 1 is marked finished but has no verdict on \(verdicts - left) of its \(verdicts) sessions"),
            "\(tornCheck.standardError)")
        #expect(tornCheck.standardError.split(separator: "\n").count < 5, "one line per replay, not per session")
        let info = try runReel(["info", torn], in: folder)
        #expect(info.status == 0)
        #expect(info.standardOutput.contains("incomplete"), "\(info.standardOutput)")
        let report = try runReel(["report", torn, "-o", folder + "/report.html"], in: folder)
        #expect(report.status == 65, "\(report.standardError)")
        #expect(report.standardError.contains("is marked finished but"), "\(report.standardError)")
        let again = try runReel(["merge", torn, "-o", folder + "/again.sqlite"], in: folder)
        #expect(again.status == 65, "\(again.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/again.sqlite"))
    }

    /// SIGTERM and SIGINT at moments spread over an uninterrupted merge's duration: OUT is absent
    /// or holds every verdict and divergence, and no temporary file stays behind.
    @Test func anInterruptedMergeLeavesNoOutputOrAWholeOne() throws {
        let (folder, inputs, verdicts, divergences) = try Self.shards(count: 4)
        let output = folder + "/merged.sqlite"
        let started = ContinuousClock.now
        let reference = try runReel(["merge"] + inputs + ["-o", output], in: folder)
        let duration = ContinuousClock.now - started
        #expect(reference.status == 0 || reference.status == 1, "\(reference.standardError)")
        try FileManager.default.removeItem(atPath: output)

        var absent = 0
        for (index, signal) in [SIGTERM, SIGINT, SIGTERM, SIGINT, SIGTERM, SIGINT, SIGTERM, SIGINT].enumerated() {
            let delay = duration * (Double(index) + 0.5) / 8
            let process = try startProcess([reelExecutable, "merge"] + inputs + ["-o", output], in: folder, captureFolder: folder)
            try Task.checkCancellation()
            usleep(UInt32(delay.components.seconds * 1_000_000 + delay.components.attoseconds / 1_000_000_000_000))
            kill(process.process.processIdentifier, signal)
            let run = try process.wait()
            // 130 or 143 from the handler; the signal itself when it came before reel installed it.
            #expect([0, 1, 128 + signal, signal].contains(run.status), "exit \(run.status): \(run.standardError)")
            if FileManager.default.fileExists(atPath: output) {
                #expect(try archiveCount(output, "SELECT count(*) FROM replay_results") == verdicts)
                #expect(try archiveCount(output, "SELECT count(*) FROM divergences") == divergences)
                #expect(try archiveCount(output, "SELECT count(*) FROM replays WHERE status = 'finished'") == 1)
                #expect(try runReel(["info", output, "--check"], in: folder).status == 0)
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: output + suffix) }
            } else {
                absent += 1
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".partial-") }
            #expect(leftovers.isEmpty, "\(leftovers)")
        }
        #expect(absent > 0, "every merge finished before its signal: the delays missed the merge")
    }
}
