import Dispatch
import ReelEngine
import ReelFormats
import ReelReport
import ReelRunner
import ReelStore
import ReelTrace

/// What the server answers for a recorded submission: the stored session, the engine's decision
/// and the session player of the trace it computed.
struct CaptureResult: Sendable {
    var sessionID: Int64
    /// False when the archive already held a session with the same content (nothing new written).
    var recorded: Bool
    var finished: Bool
    /// When the transition completed or cancelled (seconds on the session's clock).
    var end: Double
    var frames: Int
    var touches: Int
    /// The player's `<article>` (the report's `PlayerHTML`), ready to insert into the page.
    var playerHTML: String
}

/// Records submitted sessions, one at a time, the way `reel record` does: the `Recorder` (its
/// duplicate check, one transaction per submitted session) with the command's engine. Submissions
/// wait their turn off the server's threads, on a `FairQueue`: clients take turns, so one client's
/// burst of long sessions does not hold up another's swipe.
///
/// The run stops recording at `capture.max_sessions` sessions or `capture.max_bytes` bytes added to
/// the archive (503 after that); reaching either, or `close()`, folds the write-ahead log into the
/// archive file and closes it, so the file alone holds every session.
final class CaptureRecorder: @unchecked Sendable {
    // @unchecked: the archive, the recorder, the engine and the counters are used only on the fair
    // queue's serial queue.
    private let jobs = FairQueue(label: "reel.capture.recorder")
    private let archivePath: String
    private var archive: Archive?
    private var recorder: Recorder?
    private let engine: TransitionEngine
    /// Screen previews by device and refresh rate (at most `maxCachedPreviews`).
    private var previews: [String: String] = [:]
    private static let maxCachedPreviews = 64
    private let scenario: ScenarioSpec
    private let limits: CaptureLimits
    private let extraTags: [String]
    private var recordedThisRun = 0
    /// The archive's size when the run opened it (`Archive.storedBytes`).
    private let startBytes: Int64
    private var addedBytes: Int64 = 0
    /// Why the run records no more (a budget reached, the server stopping), once it does not.
    private var stopReason: CaptureRejection?

    init(archivePath: String, engine: TransitionEngine, scenario: ScenarioSpec, limits: CaptureLimits, tags: [String]) throws {
        self.archivePath = archivePath
        let archive = try Archive.open(archivePath, mode: .readWrite)
        self.archive = archive
        self.engine = engine
        recorder = Recorder(archive: archive, engine: engine, options: Recorder.Options(keepGoing: false, batchSize: 1))
        self.scenario = scenario
        self.limits = limits
        extraTags = tags
        startBytes = try archive.storedBytes()
    }

    /// Sessions this run recorded (duplicates not counted).
    var recordedCount: Int { jobs.queue.sync { recordedThisRun } }

    /// Bytes this run added to the archive (its growth in `Archive.storedBytes`).
    var bytesAdded: Int64 { jobs.queue.sync { addedBytes } }

    /// Stops recording and closes the archive cleanly (its write-ahead log folded into the file),
    /// after the submission being recorded, if any; submissions still waiting get 503. Safe to call
    /// more than once.
    func close() {
        jobs.queue.sync {
            if stopReason == nil {
                stopReason = CaptureRejection(status: 503, message: "the capture server is stopping; nothing was recorded")
            }
            closeArchive()
        }
    }

    /// Drops the run's connection to the archive and folds the write-ahead log into the file through
    /// a last connection of its own (the last to close removes -wal and -shm). On the serial queue.
    private func closeArchive() {
        guard archive != nil else { return }
        recorder = nil
        archive = nil
        try? Archive.foldWriteAheadLog(at: archivePath)
    }

    /// The capture page's screen for `device` (`ScreenPreview`), or why it cannot be drawn.
    func screen(device: Device, refreshHz: Double, client: String) async throws(CaptureRejection) -> String {
        let outcome: Result<String, CaptureRejection> = await withCheckedContinuation { continuation in
            jobs.enqueue(client: client) {
                let key = "\(device.width)x\(device.height)@\(device.scale)/\(refreshHz)"
                if let cached = self.previews[key] { return continuation.resume(returning: .success(cached)) }
                do {
                    let json = try ScreenPreview.json(scenario: self.scenario, device: device, refreshHz: refreshHz, engine: self.engine)
                    if self.previews.count >= Self.maxCachedPreviews { self.previews.removeAll() }
                    self.previews[key] = json
                    continuation.resume(returning: .success(json))
                } catch {
                    continuation.resume(
                        returning: .failure(CaptureRejection(status: 400, message: "the engine cannot draw this screen: \(error)")))
                }
            }
        }
        return try outcome.get()
    }

    /// Checks, records and plays back one submitted body.
    func submit(_ body: [UInt8], userAgent: String?, client: String) async throws(CaptureRejection) -> CaptureResult {
        let outcome: Result<CaptureResult, CaptureRejection> = await withCheckedContinuation { continuation in
            jobs.enqueue(client: client) {
                let result: Result<CaptureResult, CaptureRejection>
                do throws(CaptureRejection) {
                    result = .success(try self.record(body, userAgent: userAgent))
                } catch {
                    result = .failure(error)
                }
                // A budget reached: the run records no more, so its archive is closed now.
                if self.stopReason != nil { self.closeArchive() }
                continuation.resume(returning: result)
            }
        }
        return try outcome.get()
    }

    private func record(_ body: [UInt8], userAgent: String?) throws(CaptureRejection) -> CaptureResult {
        var session = try SubmissionCheck.session(from: body, scenario: scenario, limits: limits)
        if let stopReason { throw stopReason }
        guard let archive, let recorder else {
            throw CaptureRejection(status: 503, message: "the capture server is stopping; nothing was recorded")
        }
        session.tags = CaptureTags.tags(for: session, userAgent: userAgent, extra: extraTags)
        // A scenario from a file travels inline, so the recorder never resolves a name to a path.
        if ScenarioCatalog.named(scenario.name) == nil { session.scenarioSpecJSON = scenario.canonicalJSON }
        let before = recorder.summary
        let storedID: Int64?
        do {
            // The decoded session itself, as `reel record` stores it from a stream named "capture".
            storedID = try recorder.record([session]).first ?? nil
        } catch let failure as ReelFailure where failure.kind == .dataError {
            throw CaptureRejection(status: 400, message: failure.message)
        } catch {
            throw Self.writeFailure(error)
        }
        let recorded = recorder.summary.recorded > before.recorded
        if recorded { recordedThisRun += 1 }
        do {
            addedBytes = try archive.storedBytes() - startBytes
            noteBudgets()
            guard let id = storedID else {
                throw CaptureRejection(status: 500, message: "the recorder stored the session under no id")
            }
            let stored = try archive.loadSession(id)
            let player = PlayerSession(
                stored, replayed: nil, replayedNote: "A capture has one trace: the engine's answer to this gesture.",
                firstDivergentFrame: nil, storedLifecycleProperty: nil)
            return CaptureResult(
                sessionID: id, recorded: recorded, finished: stored.trace.outcome.completed, end: stored.trace.outcome.t,
                frames: stored.trace.frames.count, touches: stored.touches.count,
                playerHTML: PlayerHTML.article(player, heading: "<h2>Session \(id)</h2>\n", plots: .empty).html)
        } catch let rejection as CaptureRejection {
            throw rejection
        } catch {
            throw Self.writeFailure(error)
        }
    }

    /// Once the run has recorded `capture.max_sessions` sessions or added `capture.max_bytes` bytes,
    /// it records no more: the reason later submissions get.
    private func noteBudgets() {
        guard stopReason == nil else { return }
        if recordedThisRun >= limits.maxSessions {
            stopReason = CaptureRejection(
                status: 503, message: "this server has recorded capture.max_sessions (\(limits.maxSessions)) sessions; start another run")
        } else if addedBytes >= limits.maxBytes {
            stopReason = CaptureRejection(
                status: 503,
                message:
                    "this server has added \(addedBytes) bytes to the archive, capture.max_bytes is \(limits.maxBytes); start another run")
        }
    }

    /// A failure that is not the client's: the archive locked by another process (503, try again)
    /// or another archive or engine failure (500), in SQLite's words without its statement.
    private static func writeFailure(_ error: any Error) -> CaptureRejection {
        guard let failure = error as? SQLiteError else {
            return CaptureRejection(status: 500, message: "the server could not record the session: \(error)")
        }
        if failure.code == 5 || failure.code == 6 {  // SQLITE_BUSY, SQLITE_LOCKED
            return CaptureRejection(status: 503, message: "the archive is locked by another process; try again in a moment")
        }
        return CaptureRejection(status: 500, message: "the server could not write the archive: \(failure.message)")
    }
}
