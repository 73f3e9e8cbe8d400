import ReelStore
import ReelTrace
import Synchronization

/// Why an external engine gave no trace for a session. Always about one session: the adapter
/// stays usable and starts a fresh process for the next session when the process is in doubt.
public struct ExternalEngineError: Error, Sendable, Hashable, CustomStringConvertible {
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
    public let command: String
    /// The longest wait for one session's response.
    public let timeLimit: Duration
    /// The time limit when none is given: 10 s.
    public static let defaultTimeLimit: Duration = .seconds(10)
    private let process = Mutex<EngineProcessSlot>(EngineProcessSlot())

    /// - Parameter timeLimit: the longest wait for one response.
    public init(command: String, timeLimit: Duration = ExternalEngine.defaultTimeLimit) {
        self.command = command
        self.timeLimit = timeLimit
    }

    /// The adapter for an `--engine` value of the form `exec:COMMAND`, or nil for other forms.
    public convenience init?(engineSpecifier: String, timeLimit: Duration = ExternalEngine.defaultTimeLimit) {
        guard engineSpecifier.hasPrefix("exec:") else { return nil }
        let command = String(engineSpecifier.dropFirst("exec:".count))
        guard !command.isEmpty else { return nil }
        self.init(command: command, timeLimit: timeLimit)
    }

    deinit {
        process.withLock { slot in _ = slot.current?.stop(grace: .milliseconds(200)) }
    }

    /// Runs one session on the engine.
    public func run(_ request: EngineRequest) throws(ExternalEngineError) -> EngineResponse {
        let line: [UInt8]
        do {
            line = try request.encodedLine()
        } catch {
            throw ExternalEngineError(kind: .ioError, message: "cannot encode the request: \(error.reason)")
        }
        let command = self.command
        let deadline = ContinuousClock.now.advanced(by: timeLimit)
        let limit = timeLimit
        return try process.withLock { (slot) throws(ExternalEngineError) -> EngineResponse in
            try slot.exchange(line, command: command, deadline: deadline, timeLimit: limit)
        }
    }

    /// The identity of the engine that gave `response`: its own name and version, and a
    /// fingerprint of name, version and command (see `fingerprint(name:version:command:)`).
    public func identity(of response: EngineResponse) -> EngineIdentity {
        EngineIdentity(
            name: response.engineName, version: response.engineVersion,
            fingerprint: Self.fingerprint(name: response.engineName, version: response.engineVersion, command: command),
            profileJSON: "{}")
    }

    /// The fingerprint of an external engine: the lowercase hex SHA-256 of
    /// `"exec\n" + name + "\n" + version + "\n" + command`.
    public static func fingerprint(name: String, version: String, command: String) -> String {
        SHA256.hex("exec\n\(name)\n\(version)\n\(command)")
    }

    /// Ends the engine process (closing its input, then killing it after a grace period).
    /// The next `run` starts a new one.
    public func stop() {
        process.withLock { slot in
            _ = slot.current?.stop(grace: .seconds(1))
            slot.current = nil
        }
    }
}

/// The process of an `ExternalEngine`, when one is running.
struct EngineProcessSlot: ~Copyable {
    var current: EngineProcess?

    mutating func exchange(
        _ line: [UInt8], command: String, deadline: ContinuousClock.Instant, timeLimit: Duration
    ) throws(ExternalEngineError) -> EngineResponse {
        let engine: EngineProcess
        if let current {
            engine = current
        } else {
            engine = try EngineProcess(command: command)
            current = engine
        }
        let answer: [UInt8]
        do {
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
                    kind: .timedOut, message: "the engine did not answer within \(Self.seconds(timeLimit)) s and was killed")
            case .ioError(let reason):
                _ = engine.stop(grace: .zero)
                throw ExternalEngineError(kind: .ioError, message: reason)
            }
        }
        let reply: EngineReply
        do {
            reply = try EngineReply.decode(line: answer)
        } catch {
            current = nil
            _ = engine.stop(grace: .zero)
            throw ExternalEngineError(
                kind: .malformedResponse, message: "the engine's response is not valid: \(error.reason) (response starts \(Self.excerpt(answer)))")
        }
        switch reply {
        case .response(let response): return response
        case .error(let message): throw ExternalEngineError(kind: .engineError, message: "the engine reported: \(message)")
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
