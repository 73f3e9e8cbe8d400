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
/// from many clients wait their turn on one serial queue, off the server's threads.
final class CaptureRecorder: @unchecked Sendable {
    // @unchecked: the archive, the recorder and the engine are used only on `queue`.
    private let queue = DispatchQueue(label: "reel.capture.recorder")
    private let archive: Archive
    private let recorder: Recorder
    private let engine: TransitionEngine
    /// Screen previews by device and refresh rate (at most `maxCachedPreviews`).
    private var previews: [String: String] = [:]
    private static let maxCachedPreviews = 64
    private let scenario: ScenarioSpec
    private let limits: CaptureLimits
    private let extraTags: [String]
    private var recordedThisRun = 0

    init(archivePath: String, engine: TransitionEngine, scenario: ScenarioSpec, limits: CaptureLimits, tags: [String]) throws {
        archive = try Archive.open(archivePath, mode: .readWrite)
        self.engine = engine
        recorder = Recorder(archive: archive, engine: engine, options: Recorder.Options(keepGoing: false, batchSize: 1))
        self.scenario = scenario
        self.limits = limits
        extraTags = tags
    }

    /// Sessions this run recorded (duplicates not counted).
    var recordedCount: Int { queue.sync { recordedThisRun } }

    /// The capture page's screen for `device` (`ScreenPreview`), or why it cannot be drawn.
    func screen(device: Device, refreshHz: Double) async throws(CaptureRejection) -> String {
        let outcome: Result<String, CaptureRejection> = await withCheckedContinuation { continuation in
            queue.async {
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
    func submit(_ body: [UInt8], userAgent: String?) async throws(CaptureRejection) -> CaptureResult {
        let outcome: Result<CaptureResult, CaptureRejection> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(CaptureRejection) {
                    continuation.resume(returning: .success(try self.record(body, userAgent: userAgent)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try outcome.get()
    }

    private func record(_ body: [UInt8], userAgent: String?) throws(CaptureRejection) -> CaptureResult {
        var session = try SubmissionCheck.session(from: body, scenario: scenario, limits: limits)
        guard recordedThisRun < limits.maxSessions else {
            throw CaptureRejection(
                status: 503, message: "this server has recorded capture.max_sessions (\(limits.maxSessions)) sessions; start another run")
        }
        session.tags = CaptureTags.tags(for: session, userAgent: userAgent, extra: extraTags)
        // A scenario from a file travels inline, so the recorder never resolves a name to a path.
        if ScenarioCatalog.named(scenario.name) == nil { session.scenarioSpecJSON = scenario.canonicalJSON }
        let before = recorder.summary
        do {
            try recorder.record(GestureStreamReader(bytes: GestureStreamWriter.encode(session), name: SubmissionCheck.streamName))
        } catch let failure as ReelFailure where failure.kind == .dataError {
            throw CaptureRejection(status: 400, message: failure.message)
        } catch {
            throw Self.writeFailure(error)
        }
        let recorded = recorder.summary.recorded > before.recorded
        if recorded { recordedThisRun += 1 }
        do {
            let spec = scenario.canonicalJSON
            let hash = SessionHash.hash(specJSON: spec, device: session.device, refreshHz: session.refreshHz, touches: session.touches)
            guard let id = try archive.sessionID(contentHash: hash) else {
                throw CaptureRejection(status: 500, message: "the recorded session is not in the archive (content hash \(hash))")
            }
            let stored = try archive.loadSession(id)
            let player = PlayerSession(
                stored, replayed: nil, replayedNote: "A capture has one trace: the engine's answer to this gesture.",
                firstDivergentFrame: nil, storedLifecycleProperty: nil)
            return CaptureResult(
                sessionID: id, recorded: recorded, finished: stored.trace.outcome.completed, end: stored.trace.outcome.t,
                frames: stored.trace.frames.count, touches: stored.touches.count,
                playerHTML: PlayerHTML.article(player, heading: "<h2>Session \(id)</h2>\n", plots: ""))
        } catch let rejection as CaptureRejection {
            throw rejection
        } catch {
            throw Self.writeFailure(error)
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
