import Foundation
import ReelTestSupport
import Testing

/// Issue 48 items 2 and 7 at the level of the process: `binary_trace` answers (layout version 2)
/// whose few bytes stand for much more, from tools/hostile_engine.py, through `reel replay` and
/// `reel record`; Reel's peak resident memory (VmHWM of /proc/PID/status, read by the engine,
/// Reel's child, at its first request and when its input ends) stays within what
/// docs/RELIABILITY.md promises, computed here from each answer's size.
///
/// An answer's size is its line's bytes, or, when it is decoded, the bytes docs/PROTOCOL.md's
/// "Decoded size" charges for what its counts and runs describe if that is more: a frame 32, a
/// view of a frame 144, an event 64, a view key or an event text 16. On 0.16.0 a 3 KB layout of
/// single runs decoded to about 390 MB (`replay` 688 MB per job), and 40 M empty event texts or
/// 15 M unused view keys cost 5.6-6.6x the line.
@Suite("Amplifying answers: peak memory of the process")
struct AmplifiedAnswerMemoryTests {
    /// docs/PROTOCOL.md, "Decoded size": the bytes charged per decoded item, and the budget.
    static let frameBytes = 32
    static let viewStateBytes = 144
    static let eventBytes = 64
    static let textBytes = 16
    static let maxDecodedBytes = 128 << 20
    /// docs/RELIABILITY.md, "memory per job": `ReplayWorker.heldTraceBudget` plus `.keptTraceBudget`.
    static let replayBudgets = (16 << 20) + (2 << 20)
    /// docs/RELIABILITY.md, "recorder memory": twice `Recorder.heldTraceBudget`.
    static let recordBudgets = 2 * (16 << 20)

    /// One hostile mode, and what its answers decode to by the rule (nil: past the budget, so
    /// refused before it is built).
    struct Amplifier: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var decodedBytes: Int?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// The charge of `frames` frames of `views` views each, `keys` keys, `events` events and
    /// `texts` event texts; nil past `maxDecodedBytes`. Every key must leave room for the view
    /// that holds it (docs/PROTOCOL.md), so the keys are checked at a key and a view each first.
    static func decoded(frames: Int, views: Int, keys: Int, events: Int, texts: Int) -> Int? {
        guard frames * frameBytes + keys * (textBytes + viewStateBytes) <= maxDecodedBytes else { return nil }
        let bytes = frames * frameBytes + keys * textBytes + frames * views * viewStateBytes + events * eventBytes + texts * textBytes
        return bytes <= maxDecodedBytes ? bytes : nil
    }

    static let amplifiers: [Amplifier] = [
        // 100,000 frames of 8 views in a few hundred bytes: within the budget, decoded (118 MB).
        Amplifier(
            arguments: ["binary2-runs", "100000", "8"], decodedBytes: decoded(frames: 100_000, views: 8, keys: 8, events: 0, texts: 0)),
        // The 288,001 frames of 8 views at one time (about 390 MB decoded): refused.
        Amplifier(
            arguments: ["binary2-runs", "288001", "8"], decodedBytes: decoded(frames: 288_001, views: 8, keys: 8, events: 0, texts: 0)),
        // 8 M empty event texts (32 MB of layout): within the budget.
        Amplifier(
            arguments: ["binary2-texts", "8000000"], decodedBytes: decoded(frames: 1, views: 1, keys: 1, events: 1, texts: 8_000_000)),
        // 1 M view keys no frame holds: every key is charged a view, so past the budget.
        Amplifier(
            arguments: ["binary2-keys", "1000000"], decodedBytes: decoded(frames: 1, views: 1, keys: 1_000_000, events: 1, texts: 1)),
    ]

    /// What one run reported: Reel's peak at the engine's first request, the highest it reported
    /// after (at a later request, or when its input ended; an engine killed for a refused answer
    /// reports no end, and the next process's first request tells the peak since), in bytes, and
    /// the length of each answer line.
    struct Peaks {
        var start: Int
        var end: Int
        var answerLines: [Int]
    }

    static func peaks(_ file: String) throws -> Peaks {
        var readings: [Int] = []
        for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let kilobytes = Int(fields[1]) { readings.append(kilobytes * 1024) }
        }
        let sizes = (try? String(contentsOfFile: file + ".sizes", encoding: .utf8))?.split(separator: "\n").compactMap { Int($0) } ?? []
        let start = try #require(readings.first, "no peak reported")
        return Peaks(start: start, end: readings.max() ?? start, answerLines: sizes)
    }

    /// A folder with an archive of `sessions` pops recorded by tools/example_engine.py, and its stream.
    static func recorded(sessions: Int) throws -> (folder: String, archive: String, stream: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        let stream = try synthesizedStream("nav.interactive-pop", count: sessions, seed: 48, in: folder)
        let example = "exec:python3 \(repositoryRoot)/tools/example_engine.py"
        let run = try runReel(["record", archive, stream, "--engine", example], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        return (folder, archive, stream)
    }

    /// Runs `reel COMMAND... --engine hostile_engine.py AMPLIFIER` with the peaks reported to a file.
    static func run(_ command: [String], _ amplifier: Amplifier, in folder: String) throws -> (run: ReelRun, peaks: Peaks) {
        let file = folder + "/peaks-\(UUID().uuidString).txt"
        let engine = "exec:exec python3 \(repositoryRoot)/tools/hostile_engine.py " + amplifier.arguments.joined(separator: " ")
        let run = try startProcess(
            [reelExecutable] + command + ["--engine", engine], in: folder,
            environment: ProcessInfo.processInfo.environment.merging(["REEL_PEAK_FILE": file]) { $1 }, captureFolder: folder
        ).wait()
        return (run, try peaks(file))
    }

    /// The largest answer's size: its line, or what it decodes to when that is more.
    static func largestAnswer(_ peaks: Peaks, _ amplifier: Amplifier) -> Int {
        max(peaks.answerLines.max() ?? 0, amplifier.decodedBytes ?? 0)
    }

    /// A replay job: its start plus 18 MiB plus four times the largest answer, for every session.
    @Test(arguments: amplifiers)
    func aReplayJobStaysWithinItsStartPlusBudgetsPlusFourAnswers(_ amplifier: Amplifier) throws {
        let (folder, archive, _) = try Self.recorded(sessions: 3)
        let (run, peaks) = try Self.run(["replay", archive, "--jobs", "1", "--timeout", "300"], amplifier, in: folder)
        // Decoded: a trace unlike the recorded one (1); refused: an error verdict per session (2).
        #expect(run.status == (amplifier.decodedBytes == nil ? 2 : 1), "exit \(run.status): \(run.standardError.prefix(2000))")
        // A refused answer costs its process: the sessions on their way are sent again to the next.
        #expect(peaks.answerLines.count >= 3, "\(peaks.answerLines)")
        let answer = Self.largestAnswer(peaks, amplifier)
        let bound = Self.replayBudgets + 4 * answer
        print("AmplifiedAnswerMemoryTests replay \(amplifier.testDescription): grew \(peaks.end - peaks.start) bytes, bound \(bound)")
        #expect(
            peaks.end - peaks.start <= bound,
            "the peak grew \(peaks.end - peaks.start) bytes; bound \(bound) (18 MiB and four answers of \(answer) bytes)")
        if amplifier.decodedBytes == nil {
            #expect(run.standardError.contains("EngineReplyLimits.maxDecodedBytes"), "\(run.standardError.prefix(2000))")
        }
    }

    /// The recorder: its start plus twice its held budget plus four times the largest answer (two
    /// answers' traces in flight, the line and the decoding of the next).
    @Test(arguments: amplifiers.filter { $0.arguments[0] != "binary2-runs" || $0.decodedBytes == nil })
    func aRecordStaysWithinItsStartPlusTwiceItsBudgetPlusFourAnswers(_ amplifier: Amplifier) throws {
        let (folder, _, stream) = try Self.recorded(sessions: 3)
        let (run, peaks) = try Self.run(["record", folder + "/b.sqlite", stream], amplifier, in: folder)
        // Decoded: recorded (0); refused: the sessions are not recorded (65).
        #expect(run.status == (amplifier.decodedBytes == nil ? 65 : 0), "exit \(run.status): \(run.standardError.prefix(2000))")
        #expect(!peaks.answerLines.isEmpty, "no answer: \(run.standardError.prefix(2000))")
        let answer = Self.largestAnswer(peaks, amplifier)
        let bound = Self.recordBudgets + 4 * answer
        print("AmplifiedAnswerMemoryTests record \(amplifier.testDescription): grew \(peaks.end - peaks.start) bytes, bound \(bound)")
        #expect(
            peaks.end - peaks.start <= bound,
            "the peak grew \(peaks.end - peaks.start) bytes; bound \(bound) (32 MiB and four answers of \(answer) bytes)")
    }
}
