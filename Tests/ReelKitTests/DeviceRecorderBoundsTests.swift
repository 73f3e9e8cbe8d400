import Foundation
import ReelFormats
import ReelKit
import ReelKitExamples
import ReelRecorder
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// The recorder's memory and its folder's disk stay within their bounds over a day of gestures,
/// and the files it leaves are whole device files `reel record` takes.
@Suite struct DeviceRecorderBoundsTests {
    /// A day of QA on one screen, a gesture every two minutes: 720 card drags through ReelKit,
    /// delivered in batches of 8 to a folder bounded at 256 kB.
    @Test func aDayOfGesturesStaysWithinTheFolderAndMemoryBounds() async throws {
        let folder = try temporaryFolder() + "/sessions"
        let bound = 256 << 10
        let limits = RecorderLimits(maximumHeldBytes: 1 << 20, deliveryBatch: 8)
        let scene = CardDismissExample.scene(threshold: 0.35)
        let delivery = try SessionFolder(path: folder, maximumBytes: bound)
        let recorder = await MainActor.run {
            let recorder = TouchRecorder(scenario: scene.name, limits: limits, outcome: DeviceRecorderTests.phone)
            recorder.delivery = delivery
            return recorder
        }
        let gestures = 720
        var largestOnDisk = 0
        for (index, session) in DeviceRecorderTests.cardSessions(seed: 99, count: gestures).enumerated() {
            _ = try TouchRecorderTests.drive(scene, session.touches, recorder: recorder)
            if index % 40 == 39 {
                // The folder as a reader sees it, between writes: within its bound, no half-written file.
                let statistics = delivery.statistics
                let files = try FileManager.default.contentsOfDirectory(atPath: folder)
                let bytes = try files.reduce(0) { total, name in
                    total + ((try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? NSNumber)?.intValue ?? 0)
                }
                largestOnDisk = max(largestOnDisk, bytes)
                #expect(bytes <= bound && statistics.bytesOnDisk == bytes)
                #expect(files.allSatisfy { $0.hasPrefix("sessions-") && $0.hasSuffix(".jsonl") })
            }
        }
        let last = await MainActor.run { recorder.takeSessions() }
        delivery.write(last)
        let statistics = delivery.statistics
        let (held, peak, dropped) = await MainActor.run { (recorder.heldBytes, recorder.peakHeldBytes, recorder.droppedSessions) }
        #expect(dropped.isEmpty)
        // Memory: at most a batch of sessions waits, within the limit's counters.
        #expect(held == 0 && peak > 0 && peak <= limits.maximumHeldBytes)
        // Disk: every file written, the oldest removed to stay within the bound.
        #expect(statistics.filesWritten == (gestures - last.count) / limits.deliveryBatch + (last.isEmpty ? 0 : 1))
        #expect(statistics.filesRemoved > 0 && statistics.batchesDropped == 0)
        #expect(statistics.peakBytesOnDisk <= bound && largestOnDisk <= bound)
        // What is left records as the device's traces, file by file.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count == statistics.filesWritten - statistics.filesRemoved)
        let newest = try #require(files.last)
        let recording = try DeviceRecording(
            archive: try Archive.open(folder + "/../kept.sqlite", mode: .readWrite), path: folder + "/" + newest,
            options: DeviceRecorderTests.cardScenes)
        try recording.record()
        #expect(recording.summary.recorded > 0 && recording.summary.rejected == 0)
    }

    /// A tap elsewhere: a new gesture, which ends the one before whose fingers are up (ReelKit
    /// renders no ticks once nothing moves, so a gesture that started no transition ends here, as
    /// on a device it would end at its next display tick).
    static let nextGesture = [
        Touch(t: 0, id: 0, phase: .began, x: 20, y: 60), Touch(t: 0.05, id: 0, phase: .ended, x: 20, y: 60),
    ]

    @Test func aSessionBeyondTheHeldBytesIsDroppedWholeAndCounted() async throws {
        let scene = CardDismissExample.scene(threshold: 0.35)
        // Room for about one session's trace: the second waits in vain.
        let probe = await MainActor.run { TouchRecorder(scenario: scene.name, outcome: DeviceRecorderTests.phone) }
        let sessions = DeviceRecorderTests.cardSessions(seed: 4, count: 2)
        _ = try DeviceRecorderTests.drive(scene, [sessions[0]], recorder: probe)
        _ = try TouchRecorderTests.drive(scene, Self.nextGesture, recorder: probe)
        let one = await MainActor.run { probe.heldBytes }
        #expect(one > 0)
        let recorder = await MainActor.run {
            TouchRecorder(scenario: scene.name, limits: RecorderLimits(maximumHeldBytes: one), outcome: DeviceRecorderTests.phone)
        }
        _ = try DeviceRecorderTests.drive(scene, sessions, recorder: recorder)
        _ = try TouchRecorderTests.drive(scene, Self.nextGesture, recorder: recorder)
        let taken = await MainActor.run { recorder.takeSessions() }
        let (dropped, peak) = await MainActor.run { (recorder.droppedSessions, recorder.peakHeldBytes) }
        // The second card session is dropped, and the tap's gesture too when it ends.
        #expect(
            taken.count == 1 && Set(dropped.keys) == [.pendingFull] && (dropped[.pendingFull] ?? 0) >= 1 && peak == one,
            "\(taken.count) taken, \(dropped), peak \(peak) of \(one)")
    }

    @Test func anOutcomeBeyondTheFrameCapIsDroppedWholeAndCounted() async throws {
        let scene = CardDismissExample.scene(threshold: 0.35)
        let recorder = await MainActor.run {
            TouchRecorder(scenario: scene.name, limits: RecorderLimits(maximumFramesPerSession: 5), outcome: DeviceRecorderTests.phone)
        }
        _ = try DeviceRecorderTests.drive(scene, DeviceRecorderTests.cardSessions(seed: 4, count: 1), recorder: recorder)
        let taken = await MainActor.run { recorder.takeSessions() }
        let dropped = await MainActor.run { recorder.droppedSessions }
        #expect(taken.isEmpty && dropped == [.tooManyFrames: 1])
    }
}
