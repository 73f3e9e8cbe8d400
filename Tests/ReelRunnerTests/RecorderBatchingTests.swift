import Foundation
import ReelEngine
import ReelFormats
import ReelRunner
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

/// The recorder reads and simulates the next batches on a producer thread while it commits the
/// current one. These tests pin what must not depend on that: which sessions are duplicates, the
/// summary at every progress callback, where a bad session stops the run, and the engine seeing
/// the sessions once each, in input order. Batches of two give many batch boundaries for the
/// producer to run ahead over.
@Suite("Recorder batching")
struct RecorderBatchingTests {
    /// The built-in engine, noting the touches of every session it is asked to run.
    final class NotingEngine: TransitionEngine {
        private let engine = BuiltinEngine()
        private(set) var runs: [[Touch]] = []
        var identity: EngineIdentity { engine.identity }
        var identityIsKnown: Bool { true }

        func run(scenario: ScenarioSpec, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool) throws
            -> Trace
        {
            runs.append(touches)
            return try engine.run(
                scenario: scenario, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: outcomeHierarchy)
        }
    }

    /// Forty distinct synthesized back swipes (most tests use the first ten).
    private let sessions: [GestureSession] = {
        let synthesizer = GestureSynthesizer(
            scenario: ScenarioCatalog.named("nav.interactive-pop")!, device: .phone, refreshHz: 60, seed: 5)
        return (0..<40).map { synthesizer.session(index: $0) }
    }()

    /// The stream of `sessions[order[0]], sessions[order[1]], ...`, with `extraLine` after the
    /// session at position `extraAfter`; and the line number of that extra line.
    private func stream(_ order: [Int], extraLine: String? = nil, extraAfter: Int = -1) -> (bytes: [UInt8], extraLineNumber: Int) {
        var bytes: [UInt8] = []
        var extraLineNumber = 0
        for (position, index) in order.enumerated() {
            bytes += GestureStreamWriter.encode(sessions[index])
            if position == extraAfter, let extraLine {
                bytes += Array((extraLine + "\n").utf8)
                extraLineNumber = bytes.count(where: { $0 == UInt8(ascii: "\n") })
            }
        }
        return (bytes, extraLineNumber)
    }

    private struct Counts: Equatable {
        var recorded: Int
        var duplicates: Int
    }

    /// Records `bytes` as the stream "in.jsonl" in batches of `batchSize` (two by default); returns
    /// the counts at every progress callback and the error, if any.
    private func record(
        _ bytes: [UInt8], into archivePath: String, engine: NotingEngine, keepGoing: Bool = false, batchSize: Int = 2
    ) throws -> (progress: [Counts], error: ReelFailure?, summary: Recorder.Summary) {
        let recorder = Recorder(
            archive: try Archive.open(archivePath, mode: .readWrite), engine: engine,
            options: .init(keepGoing: keepGoing, batchSize: batchSize))
        var progress: [Counts] = []
        do {
            try recorder.record(GestureStreamReader(bytes: bytes, name: "in.jsonl")) { summary in
                progress.append(Counts(recorded: summary.recorded, duplicates: summary.duplicates))
            }
            return (progress, nil, recorder.summary)
        } catch let failure as ReelFailure {
            return (progress, failure, recorder.summary)
        }
    }

    /// The stored sessions' source lines in id order.
    private func sourceLines(_ archivePath: String) throws -> [Int] {
        let archive = try Archive.open(archivePath, mode: .readOnly)
        let rows = try archive.database.prepare("SELECT source_line FROM sessions ORDER BY id")
        var lines: [Int] = []
        while try rows.step() { lines.append(Int(rows.int64(at: 0))) }
        return lines
    }

    /// The first line of the session at each position of `order` in its stream.
    private func firstLines(_ order: [Int]) -> [Int] {
        var line = 1
        return order.map { index in
            defer { line += GestureStreamWriter.encode(sessions[index]).count(where: { $0 == UInt8(ascii: "\n") }) }
            return line
        }
    }

    /// Repeats one, two, four and eight sessions after their first occurrence, i.e. in the batch
    /// being built, in one handed over and not yet committed, and in a committed one.
    @Test func duplicatesAreFoundWhereverTheFirstCopyIs() throws {
        let order = [0, 1, 0, 2, 3, 1, 4, 5, 6, 2, 7, 8, 9, 0, 9]
        let path = try temporaryFolder() + "/a.sqlite"
        let engine = NotingEngine()
        let (progress, error, summary) = try record(stream(order).bytes, into: path, engine: engine)

        #expect(error == nil)
        #expect(summary.recorded == 10 && summary.duplicates == 5)
        // A callback each time two new sessions make a batch, and one at the end.
        #expect(
            progress == [
                Counts(recorded: 2, duplicates: 0), Counts(recorded: 4, duplicates: 1), Counts(recorded: 6, duplicates: 2),
                Counts(recorded: 8, duplicates: 3), Counts(recorded: 10, duplicates: 3), Counts(recorded: 10, duplicates: 5),
            ])
        // Ids follow the first occurrences (positions 0, 1, 3, 4, 6, 7, 8, 10, 11, 12 of `order`).
        let lines = firstLines(order)
        #expect(try sourceLines(path) == [0, 1, 3, 4, 6, 7, 8, 10, 11, 12].map { lines[$0] })
        #expect(engine.runs == sessions.prefix(10).map(\.touches))
    }

    /// A batch larger than the producer's chunks (16 sessions) is still one transaction: progress
    /// comes after every 20 new sessions, and a repeat of a session handed over in an earlier chunk
    /// of the same, uncommitted batch is a duplicate.
    @Test func aBatchOfSeveralChunksIsOneCommit() throws {
        let order = Array(0..<18) + [3] + Array(18..<40) + [17, 39]
        let path = try temporaryFolder() + "/a.sqlite"
        let engine = NotingEngine()
        let (progress, error, summary) = try record(stream(order).bytes, into: path, engine: engine, batchSize: 20)

        #expect(error == nil)
        #expect(summary.recorded == 40 && summary.duplicates == 3)
        #expect(
            progress == [Counts(recorded: 20, duplicates: 1), Counts(recorded: 40, duplicates: 1), Counts(recorded: 40, duplicates: 3)])
        let lines = firstLines(order)
        #expect(try sourceLines(path) == (Array(0..<18) + Array(19..<41)).map { lines[$0] })
        #expect(engine.runs == sessions.map(\.touches))
    }

    /// Recording the same stream again runs no session through the engine and stores nothing.
    @Test func reRecordingRunsNoSession() throws {
        let order = Array(0..<10)
        let path = try temporaryFolder() + "/a.sqlite"
        _ = try record(stream(order).bytes, into: path, engine: NotingEngine())
        let engine = NotingEngine()
        let (progress, error, summary) = try record(stream(order).bytes, into: path, engine: engine)

        #expect(error == nil)
        #expect(summary.recorded == 0 && summary.duplicates == 10)
        #expect(progress == [Counts(recorded: 0, duplicates: 10)])
        #expect(engine.runs.isEmpty)
        #expect(try sourceLines(path) == firstLines(order))
    }

    /// A bad session (a malformed line in the eighth) after three full batches: the seven good
    /// sessions before it are committed, the two after it are never run, the error names its line.
    @Test func aBadSessionStopsTheProducerToo() throws {
        let order = Array(0..<10)
        let (bytes, badLine) = stream(order, extraLine: "{\"t\": 0.5,", extraAfter: 7)
        let path = try temporaryFolder() + "/a.sqlite"
        let engine = NotingEngine()
        let (progress, error, summary) = try record(bytes, into: path, engine: engine)

        let failure = try #require(error)
        #expect(failure.kind == .dataError)
        #expect(failure.message.hasPrefix("in.jsonl:\(badLine): "), "\(failure.message)")
        #expect(summary.recorded == 7 && summary.rejected == 1 && summary.errors == [failure.message])
        // No callback after the last batch: the failure ends the run.
        #expect(progress.map(\.recorded) == [2, 4, 6])
        #expect(try sourceLines(path) == Array(firstLines(order).prefix(7)))
        #expect(engine.runs == sessions.prefix(7).map(\.touches))
    }

    /// With keepGoing the bad session is reported and every other one recorded.
    @Test func keepGoingSkipsOnlyTheBadSession() throws {
        let order = Array(0..<10)
        let (bytes, badLine) = stream(order, extraLine: "{\"t\": 0.5,", extraAfter: 7)
        let path = try temporaryFolder() + "/a.sqlite"
        let engine = NotingEngine()
        let (progress, error, summary) = try record(bytes, into: path, engine: engine, keepGoing: true)

        #expect(error == nil)
        #expect(summary.recorded == 9 && summary.rejected == 1)
        #expect(summary.errors.count == 1 && summary.errors[0].hasPrefix("in.jsonl:\(badLine): "))
        #expect(progress.map(\.recorded) == [2, 4, 6, 8, 9])
        // The sessions after the bad one start a line later than without the extra line.
        let lines = firstLines(order)
        #expect(try sourceLines(path) == Array(lines.prefix(7)) + lines.suffix(2).map { $0 + 1 })
        #expect(engine.runs == sessions.prefix(10).enumerated().filter { $0.offset != 7 }.map(\.element.touches))
    }
}
