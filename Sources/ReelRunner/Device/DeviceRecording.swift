import ReelFormats
import ReelStore
import ReelTrace

/// Records a device file (ReelRecorder's output: gesture-stream sessions whose session lines carry
/// the device's trace, docs/DEVICE.md) into an archive, each session with the device's trace as
/// its baseline, stored as recorded by the engine the traces name (`uikit 26.1 iPhone17,1`).
///
/// The sessions are read and checked as any gesture stream (`GestureStreamReader`) and the traces
/// as any engine's answers (`DeviceTraceEngine`); a bad session is reported as `file:line: reason`
/// and, as `Recorder` does, stops the run unless `keepGoing` is set. `reel record ARCHIVE
/// device.jsonl` takes this path for a device file by itself.
///
/// ```swift
/// let recording = try DeviceRecording(archive: try Archive.open("device.sqlite", mode: .readWrite), path: "device.jsonl")
/// try recording.record()
/// print(recording.summary.recorded, recording.engineName ?? "no session")
/// ```
public final class DeviceRecording {
    private let path: String
    private let recorder: Recorder
    private let engine = DeviceTraceEngine()

    /// Whether the file at `path` is a device file: its first line is a session line with a `trace`.
    public static func isDeviceFile(path: String) -> Bool { DeviceTraceLines.isDeviceFile(path: path) }

    public init(archive: Archive, path: String, options: Recorder.Options = Recorder.Options()) throws {
        self.path = path
        recorder = Recorder(archive: archive, engine: engine, options: options)
    }

    /// What the recording did (as `Recorder.summary`).
    public var summary: Recorder.Summary { recorder.summary }

    /// The engine the traces name, once a session was recorded: "uikit 26.1 iPhone17,1 reel-recorder 1".
    public var engineName: String? { engine.identityIsKnown ? engine.identity.name + " " + engine.identity.version : nil }

    /// Records every session of the file; `progress` as `Recorder.record`'s.
    public func record(progress: ((Recorder.Summary) throws -> Void)? = nil) throws {
        let sessions = try GestureStreamReader(path: path)
        let traces = try DeviceTraceLines(path: path)
        let engine = self.engine
        _ = try recorder.record(
            from: {
                guard let next = sessions.next() else { return nil }
                if case .success(let session) = next {
                    do {
                        engine.pending = .success(try traces.answer(atLine: session.line))
                    } catch {
                        engine.pending = .failure(ReelFailure(.dataError, "the session line cannot be read again: \(error)"))
                    }
                }
                return next
            }, reportingIDs: false, progress: progress)
    }
}
