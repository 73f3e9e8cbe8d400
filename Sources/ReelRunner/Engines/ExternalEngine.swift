import ReelFormats
import ReelJSON
import ReelStore
import ReelTrace

/// Why an external engine gave no trace for a session. Always about one session: the adapter
/// stays usable and starts a fresh process for the next session when the process is in doubt.
public struct ExternalEngineError: ReelError, Sendable, Hashable {
    /// Whatever went wrong, the engine under test failed on the session (not Reel).
    public var failureKind: FailureKind { .engineFailed }
    public enum Kind: String, Sendable, Hashable {
        /// The shell could not be started.
        case launchFailed = "launch_failed"
        /// The process exited or closed its output before answering.
        case crashed
        /// No answer within the time limit; the process was killed.
        case timedOut = "timed_out"
        /// The answer was not a valid response line.
        case malformedResponse = "malformed_response"
        /// The engine answered `{"error": ...}`.
        case engineError = "engine_error"
        /// The request could not be encoded, or the pipes failed.
        case ioError = "io_error"
    }

    public var kind: Kind
    public var message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// An engine in another process, speaking the engine protocol (docs/PROTOCOL.md) over its
/// standard input and output: `--engine exec:COMMAND`.
///
/// One long-lived process (`/bin/sh -c COMMAND`, started on first use) serves many sessions, one
/// request line and one response line each, with a time limit per session. A crash, a hang
/// (the process group is killed at the limit) or an unreadable answer is an `ExternalEngineError`
/// for that session, and the next session starts a new process. An `{"error": ...}` answer is an
/// error for its session too, but keeps the process. Calls are serialised: share one instance
/// between threads, or give each worker its own for parallelism.
public final class ExternalEngine: Sendable {
    /// The shell command, without the `exec:` prefix.
    package let command: String
    /// The longest wait for one session's response.
    package let timeLimit: Duration
    /// The time limit when none is given: 10 s.
    public static let defaultTimeLimit: Duration = .seconds(10)
    /// The longest response line taken, in bytes; a longer one fails its session.
    package let maxReplyBytes: Int
    /// The reply line limit when none is given: 256 MiB, a 10-minute session at 120 Hz with 8 views
    /// (about 220 bytes a view) with room to spare. It bounds what one engine can make Reel hold.
    public static let defaultMaxReplyBytes = 256 << 20
    private let process = Locked<EngineProcessSlot>(EngineProcessSlot())

    /// - Parameters:
    ///   - timeLimit: the longest wait for one response.
    ///   - maxReplyBytes: the longest response line.
    package init(
        command: String, timeLimit: Duration = ExternalEngine.defaultTimeLimit,
        maxReplyBytes: Int = ExternalEngine.defaultMaxReplyBytes
    ) {
        self.command = command
        self.timeLimit = timeLimit
        self.maxReplyBytes = maxReplyBytes
    }

    /// The adapter for an `--engine` value of the form `exec:COMMAND`, or nil for other forms.
    package convenience init?(engineSpecifier: String, timeLimit: Duration = ExternalEngine.defaultTimeLimit) {
        guard engineSpecifier.hasPrefix("exec:") else { return nil }
        let command = String(engineSpecifier.dropFirst("exec:".count))
        guard !command.isEmpty else { return nil }
        self.init(command: command, timeLimit: timeLimit)
    }

    deinit {
        process.withLock { slot in _ = slot.current?.stop(grace: .milliseconds(200)) }
    }

    /// Runs one session on the engine. The request goes out numbered (`"id"`, counting from 1 per
    /// adapter): an answer echoing another number fails the session.
    package func run(_ request: EngineRequest) throws(ExternalEngineError) -> EngineResponse {
        let command = self.command
        let deadline = ContinuousClock.now.advanced(by: timeLimit)
        let limits = EngineProcessSlot.Limits(time: timeLimit, replyBytes: maxReplyBytes)
        return try process.withLock { (slot) throws(ExternalEngineError) -> EngineResponse in
            slot.lastRequestID += 1
            var numbered = request
            numbered.id = slot.lastRequestID
            let line: [UInt8]
            do throws(EngineProtocolError) {
                line = try numbered.encodedLine()
            } catch {
                throw ExternalEngineError(kind: .ioError, message: "cannot encode the request: \(error.reason)")
            }
            let response = try slot.exchange(line, id: slot.lastRequestID, command: command, deadline: deadline, limits: limits)
            if let problem = response.timeProblem(answering: request) {
                throw ExternalEngineError(kind: .malformedResponse, message: "the engine's response is not valid: \(problem)")
            }
            return response
        }
    }

    /// The identity of the engine that gave `response`: its own name and version, and a
    /// fingerprint of name, version and command (see `fingerprint(name:version:command:)`).
    package func identity(of response: EngineResponse) -> EngineIdentity {
        EngineIdentity(
            name: response.engineName, version: response.engineVersion,
            fingerprint: Self.fingerprint(name: response.engineName, version: response.engineVersion, command: command),
            profileJSON: "{}")
    }

    /// The fingerprint of an external engine: the lowercase hex SHA-256 of
    /// `"exec\n" + name + "\n" + version + "\n" + command`.
    package static func fingerprint(name: String, version: String, command: String) -> String {
        SHA256.hex("exec\n\(name)\n\(version)\n\(command)")
    }

    /// Ends the engine process (closing its input, then killing it after a grace period).
    /// The next `run` starts a new one.
    package func stop() {
        process.withLock { slot in
            _ = slot.current?.stop(grace: .seconds(1))
            slot.current = nil
        }
    }
}

/// The process of an `ExternalEngine`, when one is running.
struct EngineProcessSlot: ~Copyable {
    var current: EngineProcess?
    /// The number of the last request sent.
    var lastRequestID = 0

    /// How long an answer may take and how long its line may be.
    struct Limits {
        var time: Duration
        var replyBytes: Int
    }

    /// Sends request `line` (numbered `id`) and returns the engine's answer; every failure is the
    /// session's, and a process in doubt is killed (the next session starts a new one).
    mutating func exchange(
        _ line: [UInt8], id: Int, command: String, deadline: ContinuousClock.Instant, limits: Limits
    ) throws(ExternalEngineError) -> EngineResponse {
        let engine: EngineProcess
        let answeredBefore = current != nil
        if let current {
            engine = current
        } else {
            engine = try EngineProcess(command: command, maxLineBytes: limits.replyBytes)
            current = engine
        }
        let answer: [UInt8]
        do throws(EngineProcess.ExchangeFailure) {
            // Output of a process that answered before, written before this request, is a second
            // answer to an earlier one: this session's would come after it.
            if answeredBefore, try engine.hasUnsolicitedOutput() { throw .unsolicitedOutput }
            answer = try engine.exchange(line, deadline: deadline)
        } catch {
            current = nil
            switch error {
            case .endOfOutput:
                let ending = engine.stop(grace: .milliseconds(500))
                let detail = engine.errorText.map { "; stderr: \($0)" } ?? ""
                throw ExternalEngineError(kind: .crashed, message: "the engine \(ending) before answering\(detail)")
            case .timedOut:
                _ = engine.stop(grace: .zero)
                throw ExternalEngineError(
                    kind: .timedOut, message: "the engine did not answer within \(Self.seconds(limits.time)) s and was killed")
            case .unsolicitedOutput:
                let excerpt = Self.excerpt(engine.pendingPrefix)
                _ = engine.stop(grace: .zero)
                throw ExternalEngineError(
                    kind: .malformedResponse,
                    message: "the engine wrote \(excerpt) before it was sent this session's request "
                        + "(a second answer to an earlier request?); it was killed")
            case .lineTooLong:
                _ = engine.stop(grace: .zero)
                throw ExternalEngineError(
                    kind: .malformedResponse,
                    message: "the engine's response line is longer than \(limits.replyBytes) bytes (--max-reply-bytes); it was killed")
            case .ioError(let reason):
                _ = engine.stop(grace: .zero)
                throw ExternalEngineError(kind: .ioError, message: reason)
            }
        }
        let reply: EngineReply
        let echoed: Int?
        do {
            (reply, echoed) = try EngineReply.decodeAnswer(line: answer)
        } catch {
            current = nil
            _ = engine.stop(grace: .zero)
            throw ExternalEngineError(
                kind: .malformedResponse,
                message: "the engine's response is not valid: \(error.reason) (response starts \(Self.excerpt(answer)))")
        }
        if let echoed, echoed != id {
            current = nil
            _ = engine.stop(grace: .zero)
            throw ExternalEngineError(
                kind: .malformedResponse,
                message: "the engine answered request \(echoed) while request \(id) was waiting "
                    + "(a second answer to an earlier request?); it was killed")
        }
        switch reply {
        case .response(let response): return response
        case .error(let message):
            throw ExternalEngineError(kind: .engineError, message: "the engine reported: \(UntrustedText.sanitized(message))")
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return JSONWriter.format(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// The first 80 characters of `bytes`, quoted as JSON.
    private static func excerpt(_ bytes: [UInt8]) -> String {
        var writer = JSONWriter()
        writer.string(String(decoding: bytes.prefix(80), as: UTF8.self))
        return writer.text
    }
}
