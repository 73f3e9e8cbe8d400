import Foundation
import ReelKit
import ReelKitExamples
import ReelRecorder
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// A device file that lies is refused session by session as an engine's answer would be, each
/// error naming the file, the session's line and the reason, while its honest sessions record.
@Suite struct DeviceFileHostileTests {
    /// Honest card sessions' device-file lines, each session's: the session line (with its trace),
    /// then its touches. The sessions differ in their touches, so none is a duplicate of another
    /// (a duplicate is not recorded again, so its trace would not be read).
    static func honestSessions(_ count: Int) async throws -> [[String]] {
        let scene = CardDismissExample.scene(threshold: 0.35)
        let recorder = await MainActor.run { TouchRecorder(scenario: scene.name, outcome: DeviceRecorderTests.phone) }
        let sessions = DeviceRecorderTests.cardSessions(seed: 3, count: count)
        _ = try DeviceRecorderTests.drive(scene, sessions, recorder: recorder)
        _ = try TouchRecorderTests.drive(scene, DeviceRecorderBoundsTests.nextGesture, recorder: recorder)
        let recorded = await MainActor.run { recorder.takeSessions() }
        // The tap that ended the last one is a gesture of its own: not among them. The lies below
        // edit frames, so only sessions whose trace has at least two frames showing views are kept.
        return recorded.prefix(count).map { $0.jsonLines.split(separator: "\n").map(String.init) }
            .filter { $0[0].ranges(of: "\"x\":").count >= 2 }
    }

    /// Records `sessions` (each a list of lines) as one file with --keep-going; the summary.
    static func record(_ sessions: [[String]], folder: String) throws -> (Recorder.Summary, path: String, lines: [Int]) {
        let path = folder + "/device.jsonl"
        var starts: [Int] = []
        var all: [String] = []
        for lines in sessions {
            starts.append(all.count + 1)
            all += lines
        }
        try Data((all.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let recording = try DeviceRecording(
            archive: try Archive.open(folder + "/device.sqlite", mode: .readWrite), path: path,
            options: .init(keepGoing: true, scenes: DeviceRecorderTests.cardScenes.scenes))
        try recording.record()
        return (recording.summary, path, starts)
    }

    /// `line` with its trace member's text changed by `edit`.
    static func editingTrace(_ line: String, _ edit: (String) -> String) -> String {
        let start = line.range(of: ",\"trace\":")!.upperBound
        return String(line[..<start]) + edit(String(line[start..<line.index(before: line.endIndex)])) + "}"
    }

    @Test func aLyingDeviceFileIsRefusedWithTheFileLineAndReason() async throws {
        let folder = try temporaryFolder()
        let sessions = try await Self.honestSessions(14)
        try #require(sessions.count >= 7 && sessions.allSatisfy { $0.count > 3 }, "\(sessions.map(\.count))")
        let honest = sessions[0]
        #expect(honest[0].contains(",\"trace\":{\"engine\":"))
        // Session n: its session line and its touch lines.
        func parts(_ n: Int) -> (sessionLine: String, touches: ArraySlice<String>) { (sessions[n][0], sessions[n].dropFirst()) }
        // Touches reordered: the second and third touch lines swapped.
        var reordered = sessions[1]
        reordered.swapAt(2, 3)
        // A non-finite value: the first frame's x is 1e999.
        let nonFinite =
            [Self.editingTrace(parts(2).sessionLine) { $0.replacingFirst("\"x\":", with: "\"x\":1e999,\"was\":") }] + parts(2).touches
        // Frames out of order: the second frame's time before the first's.
        let outOfOrder =
            [
                Self.editingTrace(parts(3).sessionLine) { trace in
                    let second = trace.ranges(of: "{\"t\":")[1]
                    return trace.replacingCharacters(in: second, with: "{\"t\":-1,\"was\":")
                }
            ] + parts(3).touches
        // A decision contradicting the trace: the outcome flipped, the completion event left as it was.
        let contradicting =
            [
                Self.editingTrace(parts(4).sessionLine) { trace in
                    trace.contains("\"completed\":true")
                        ? trace.replacingFirst("\"completed\":true", with: "\"completed\":false")
                        : trace.replacingFirst("\"completed\":false", with: "\"completed\":true")
                }
            ] + parts(4).touches
        // Huge counts: one frame more than the protocol's 288,001.
        let huge =
            [
                Self.editingTrace(parts(5).sessionLine) { trace in
                    let frames = Array(repeating: "{\"t\":0,\"progress\":0,\"views\":[]}", count: 288_002).joined(separator: ",")
                    let start = trace.range(of: "\"frames\":[")!.upperBound
                    let end = trace.range(of: "],\"events\":")!.lowerBound
                    return String(trace[..<start]) + frames + String(trace[end...])
                }
            ] + parts(5).touches
        // A session line without a trace in a device file.
        let untraced = [parts(6).sessionLine.replacingFirst(",\"trace\":", with: ",\"not_a_trace\":")] + parts(6).touches
        let (summary, path, starts) = try Self.record(
            [honest, reordered, nonFinite, outOfOrder, contradicting, huge, untraced], folder: folder)
        #expect(summary.recorded == 1)
        #expect(
            summary.rejected == 6,
            "\(summary.recorded) recorded, \(summary.duplicates) duplicates; \(summary.errors.map { $0.split(separator: ":").dropFirst().prefix(3).joined(separator: ":") })"
        )
        let reasons = [
            "time goes backwards", "1e999", "frames must be in time order", "contradicts itself",
            "288001", "has no \"trace\"",
        ]
        #expect(summary.errors.count == reasons.count)
        for (index, (error, reason)) in zip(summary.errors, reasons).enumerated() {
            let line = index == 0 ? starts[1] + 3 : starts[index + 1]
            #expect(error.hasPrefix("\(path):\(line):"), "\(error)")
            #expect(error.contains(reason), "\(error)")
        }
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
