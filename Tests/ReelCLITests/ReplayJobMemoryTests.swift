import Foundation
import ReelTestSupport
import Testing

/// Issue 32 item 15's "memory per job", through the `reel` executable: a replay job's peak
/// resident memory over many large engine answers stays under the figure docs/PROTOCOL.md states
/// (the held-trace and kept-trace budgets plus four times the largest answer), after 8 answers and
/// after 32 alike.
@Suite("Replay job memory")
struct ReplayJobMemoryTests {
    /// `ReplayWorker.heldTraceBudget` and `.keptTraceBudget` as docs/PROTOCOL.md states them:
    /// 16 MiB (heap bytes) of replayed traces waiting for their recorded frames, 2 MiB of diverged
    /// sessions' traces kept for `--keep-traces` per batch.
    static let heldTraceBudget = 16 << 20
    static let keptTraceBudget = 2 << 20

    /// 33 sessions replayed at `--jobs 1` (results in the archive, so the diverged sessions'
    /// traces are kept, the default) by tools/hostile_engine.py `repeat-big`, which answers each
    /// with about 2.2 MB (2000 more frames of 8 views) and writes Reel's peak resident memory
    /// (VmHWM) at each request: request n + 1 tells the peak after n answers. The peak's growth over
    /// the one at the first request stays under the bound after 8 answers and after 32, and once
    /// both budgets are full (15 traces of 2.4 MB) the answers 17 to 32 add less than two answers:
    /// memory per job does not grow with the number of sessions. Before the fix the job held every diverged session's trace until the chunk was
    /// written (and, with results elsewhere, 256 MiB of traces): 24 MB after 8 answers, 86 MB after 32.
    @Test func aJobsPeakStaysUnderItsBoundAfterEightAndThirtyTwoLargeAnswers() throws {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        let stream = try synthesizedStream("nav.interactive-pop", count: 33, seed: 74, in: folder)
        let example = "exec:python3 \(repositoryRoot)/tools/example_engine.py"
        let recorded = try runReel(["record", archivePath, stream, "--engine", example], in: folder)
        #expect(recorded.status == 0, "\(recorded.standardError)")

        let peaks = folder + "/peaks.txt"
        let frames = 2000
        let engine = "exec:exec python3 \(repositoryRoot)/tools/hostile_engine.py repeat-big \(frames)"
        let run = try startProcess(
            [reelExecutable, "replay", archivePath, "--engine", engine, "--jobs", "1", "--timeout", "300"],
            in: folder, environment: ProcessInfo.processInfo.environment.merging(["REEL_PEAK_FILE": peaks]) { $1 },
            captureFolder: folder
        ).wait()
        #expect(run.status == 0 || run.status == 1, "exit \(run.status): \(run.standardError)")

        var peakAtRequest: [Int: Int] = [:]
        for line in try String(contentsOfFile: peaks, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ").compactMap { Int($0) }
            if fields.count == 2 { peakAtRequest[fields[0]] = fields[1] * 1024 }
        }
        guard let start = peakAtRequest[1], let afterEight = peakAtRequest[9], let afterSixteen = peakAtRequest[17],
            let afterThirtyTwo = peakAtRequest[33]
        else {
            Issue.record("the engine saw no requests 1, 9, 17 and 33: \(peakAtRequest.keys.sorted())")
            return
        }
        // One frame of 8 views as hostile_engine.py writes it, measured here.
        let view =
            #"{"key":"V0.view","x":123.0,"y":0.0,"w":390.0,"h":844.0,"alpha":1.0,"transform":[1.0,0.0,0.0,1.0,0.0,0.0],"z":0,"hidden":false}"#
        let answerBytes = frames * (8 * (view.utf8.count + 1) + 40)
        let bound = Self.heldTraceBudget + Self.keptTraceBudget + 4 * answerBytes
        let growthAfterEight = afterEight - start
        let growthAfterThirtyTwo = afterThirtyTwo - start
        #expect(
            growthAfterEight <= bound, "after 8 answers of about \(answerBytes) bytes the peak grew \(growthAfterEight), bound \(bound)")
        #expect(
            growthAfterThirtyTwo <= bound,
            "after 32 answers of about \(answerBytes) bytes the peak grew \(growthAfterThirtyTwo), bound \(bound)")
        #expect(
            afterThirtyTwo - afterSixteen < 2 * answerBytes,
            "answers 17 to 32 raised the peak by \(afterThirtyTwo - afterSixteen) bytes, an answer is about \(answerBytes)")
    }
}
