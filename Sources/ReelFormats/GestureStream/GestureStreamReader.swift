import ReelJSON
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a JSON Lines gesture stream session by session, in constant memory.
///
/// Each call of `next()` returns the next complete session, or the error that rejects the next
/// bad one, or nil at the end. An error consumes the rest of its session: the following call
/// resumes at the next session line. So a caller stops at the first error, or keeps going and
/// collects every good session and one error per bad session. Blank lines are skipped.
///
/// Checks: malformed JSON; a line that is not an object; missing or wrongly typed fields; numbers
/// not finite as Doubles (`1e999`; JSON has no NaN); unknown `type`; unknown phase; touches before
/// any session line; time going backwards within a session; a finger that moves, rests or ends
/// before it began, or begins again while down; non-positive device sizes or scale; a refresh rate
/// outside 1-240; a session spanning more than `GestureLimits.maxSessionSpan` from its first touch
/// to its last (rejected at the first touch beyond it, before any simulation). Unknown keys are ignored. Whether the scenario exists is the caller's check.
public final class GestureStreamReader: IteratorProtocol, Sequence {
    /// The stream's name in sessions and errors ("-" for standard input).
    public let sourceFile: String
    private let lines: LineSource
    /// The session being read, when its session line was valid and no touch failed yet.
    private var current: SessionInProgress?
    /// A session line read while finishing the previous session: it starts the next one.
    private var pending: Result<SessionInProgress, GestureStreamError>?
    /// After an error: ignore every line up to the next session line.
    private var skippingToNextSession = false
    private var finished = false

    /// Reads the file at `path`, or standard input when `path` is "-".
    public convenience init(path: String) throws(GestureStreamError) {
        if path == "-" {
            self.init(fileDescriptor: STDIN_FILENO, name: "-", closeOnDeinit: false)
            return
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw GestureStreamError(
                file: path, line: 0, sessionLine: nil, reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        self.init(fileDescriptor: descriptor, name: path, closeOnDeinit: true)
    }

    /// Reads an open file descriptor (closed on deinit when `closeOnDeinit` is set).
    public init(fileDescriptor: Int32, name: String, closeOnDeinit: Bool) {
        sourceFile = name
        lines = LineSource(fileDescriptor: fileDescriptor, closeOnDeinit: closeOnDeinit)
    }

    /// Reads a stream held in memory.
    public convenience init(text: String, name: String) {
        self.init(bytes: Array(text.utf8), name: name)
    }

    /// Reads a stream held in memory as raw bytes (which need not be valid UTF-8).
    public init(bytes: [UInt8], name: String) {
        sourceFile = name
        lines = LineSource(bytes: bytes)
    }

    /// The next session, the error rejecting the next bad session, or nil at the end.
    public func next() -> Result<GestureSession, GestureStreamError>? {
        if let pending {
            self.pending = nil
            switch pending {
            case .success(let session): current = session
            case .failure(let error): return .failure(error)
            }
        }
        while !finished {
            let outcome: LineOutcome?
            do {
                outcome = try lines.withNextLine { bytes in consume(bytes) }
            } catch {
                finished = true
                current = nil
                return .failure(
                    GestureStreamError(
                        file: sourceFile, line: lines.lineNumber + 1, sessionLine: nil,
                        reason: error.message))
            }
            switch outcome {
            case nil:
                finished = true
                if let session = current.take() { return .success(session.finished()) }
            case .some(.continue):
                continue
            case .some(.emit(let result)):
                return result
            }
        }
        return nil
    }

    private enum LineOutcome {
        case `continue`
        case emit(Result<GestureSession, GestureStreamError>)
    }

    private func error(_ reason: String, sessionLine: Int?) -> GestureStreamError {
        GestureStreamError(file: sourceFile, line: lines.lineNumber, sessionLine: sessionLine, reason: reason)
    }

    /// Handles one line; returns what `next()` should hand out, if anything.
    private func consume(_ bytes: UnsafeBufferPointer<UInt8>) -> LineOutcome {
        if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return .continue }
        if skippingToNextSession, !GestureLine.isSessionLine(bytes) { return .continue }
        skippingToNextSession = false

        let decoded: Result<GestureLine, JSONFieldError>
        if let touch = TouchLineScanner.scan(bytes) {
            decoded = .success(.touch(touch))
        } else {
            decoded = GestureLine.decode(bytes)
        }
        switch decoded {
        case .failure(let failure):
            let rejected = current.take()
            skippingToNextSession = true
            // A broken session line rejects the session it starts, after the previous one is out.
            if let rejected, GestureLine.isSessionLine(bytes) {
                pending = .failure(error(failure.reason, sessionLine: lines.lineNumber))
                return .emit(.success(rejected.finished()))
            }
            let sessionLine = GestureLine.isSessionLine(bytes) ? lines.lineNumber : rejected?.header.line
            return .emit(.failure(error(failure.reason, sessionLine: sessionLine)))

        case .success(.session(let line)):
            let started = SessionInProgress(
                header: GestureSession(
                    sourceFile: sourceFile, line: lines.lineNumber, scenario: line.scenario,
                    scenarioSpecJSON: line.scenarioSpecJSON, device: line.device,
                    refreshHz: line.refreshHz, externalID: line.externalID, tags: line.tags))
            guard let previous = current.take() else {
                current = started
                return .continue
            }
            pending = .success(started)
            return .emit(.success(previous.finished()))

        case .success(.touch(let touch)):
            guard current != nil else {
                skippingToNextSession = true
                return .emit(.failure(error("touch before any session line", sessionLine: nil)))
            }
            if let reason = current!.append(touch) {
                let sessionLine = current.take()!.header.line
                skippingToNextSession = true
                return .emit(.failure(error(reason, sessionLine: sessionLine)))
            }
            return .continue
        }
    }
}

/// A session whose session line was valid, with the touches read so far and the fingers down.
private struct SessionInProgress {
    var header: GestureSession
    /// The order rules the touches so far keep (shared with `GestureLimits.violation`).
    var order = TouchOrder()

    /// Appends `touch`, or returns why it cannot follow the touches so far.
    mutating func append(_ touch: Touch) -> String? {
        switch order.admit(touch) {
        case nil: break
        case .backwards(let previous):
            return "touch time goes backwards (\(TimeText.pair(touch.t, after: previous)))"
        case .spanTooLong(let first):
            return "the session spans more than \(JSONWriter.format(GestureLimits.maxSessionSpan)) s "
                + "(limits.max_session_span): touch at \(TimeText.pair(touch.t, after: first)), its first touch"
        case .beganAgain: return "finger \(touch.id) began again before it ended"
        case .beforeBegan: return "finger \(touch.id) \(Self.verb(touch.phase)) before it began"
        }
        header.touches.append(touch)
        return nil
    }

    func finished() -> GestureSession { header }

    private static func verb(_ phase: TouchPhase) -> String {
        switch phase {
        case .began: return "began"
        case .moved: return "moved"
        case .stationary: return "was stationary"
        case .ended: return "ended"
        case .cancelled: return "was cancelled"
        }
    }
}

/// Times in messages: three decimals like the stream's own, more when three cannot tell them apart.
enum TimeText {
    static func pair(_ value: Double, after previous: Double) -> String {
        let short = (milliseconds(value), milliseconds(previous))
        if let first = short.0, let second = short.1, first != second { return "\(first) after \(second)" }
        return "\(JSONWriter.format(value)) after \(JSONWriter.format(previous))"
    }

    /// `value` with exactly three decimals, or nil when it is too large for that.
    static func milliseconds(_ value: Double) -> String? {
        guard abs(value) < 1e12 else { return nil }
        let thousandths = Int64((abs(value) * 1000).rounded())
        let fraction = String(thousandths % 1000)
        let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
        return (value < 0 ? "-" : "") + "\(thousandths / 1000).\(padded)"
    }
}
