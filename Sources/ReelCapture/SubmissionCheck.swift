import ReelEngine
import ReelFormats
import ReelJSON
import ReelTrace

/// Why a submission was refused before anything was written: the HTTP status and the message the
/// page shows (for a bad session, the recorder's own `capture:LINE: reason`).
package struct CaptureRejection: ReelError, Sendable, Hashable {
    package var status: Int
    package var message: String

    /// A submission the server refuses is bad data (its HTTP status says which).
    package var failureKind: FailureKind { .dataError }
    package var description: String { message }

    package init(status: Int, message: String) {
        self.status = status
        self.message = message
    }
}

/// Reads a submitted request body, a gesture stream in the format `reel record` reads, with the
/// recorder's own reader (`GestureStreamReader`: same checks, same messages), and adds the checks of
/// a capture: exactly one session, of the server's scenario, within the capture's limits.
enum SubmissionCheck {
    /// The name submitted streams carry in messages and in `sessions.source_file`.
    static let streamName = "capture"

    /// The one session of `body`, or why it is refused (400).
    static func session(
        from body: [UInt8], scenario: ScenarioSpec, limits: CaptureLimits
    ) throws(CaptureRejection) -> GestureSession {
        let reader = GestureStreamReader(bytes: body, name: streamName)
        var sessions: [GestureSession] = []
        while let next = reader.next() {
            switch next {
            case .failure(let error): throw bad(error.description)
            case .success(let session): sessions.append(session)
            }
        }
        guard sessions.count == 1, let session = sessions.first else {
            throw bad("\(streamName): a submission holds exactly one session, not \(sessions.count)")
        }
        let location = "\(streamName):\(session.line)"
        guard session.scenario == scenario.name else {
            throw bad("\(location): this server captures scenario '\(scenario.name)', not '\(session.scenario)'")
        }
        if let inline = session.scenarioSpecJSON {
            guard (try? ScenarioSpec.decode(json: inline))?.canonicalJSON == scenario.canonicalJSON else {
                throw bad("\(location): the inline scenario differs from the one this server captures ('\(scenario.name)')")
            }
        }
        guard session.touches.count <= limits.maxTouches else {
            throw bad("\(location): the session has \(session.touches.count) touches, more than capture.max_touches (\(limits.maxTouches))")
        }
        guard !session.touches.isEmpty else { throw bad("\(location): the session has no touches") }
        if let first = session.touches.first, let last = session.touches.last, last.t - first.t > limits.maxSessionSeconds {
            throw bad(
                "\(location): the session spans \(JSONWriter.format(last.t - first.t)) s, more than "
                    + "capture.max_session_seconds (\(JSONWriter.format(limits.maxSessionSeconds)) s)")
        }
        return session
    }

    private static func bad(_ message: String) -> CaptureRejection {
        CaptureRejection(status: 400, message: message)
    }
}
