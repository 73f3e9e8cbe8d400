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
    /// adapter): an answer echoing another number fails the session. When the session was sent
    /// ahead (`sendAhead`, the oldest still waiting), its answer is read; the time limit then counts
    /// from now, when Reel starts waiting for it. With `packingFrames`, an answer's frames
    /// come as `EngineResponse.packedFrames` (its trace without frames).
    package func run(_ request: EngineRequest, packingFrames: Bool = false) throws(ExternalEngineError) -> EngineResponse {
        let command = self.command
        let deadline = ContinuousClock.now.advanced(by: timeLimit)
        let limits = EngineProcessSlot.Limits(time: timeLimit, replyBytes: maxReplyBytes)
        return try process.withLock { (slot) throws(ExternalEngineError) -> EngineResponse in
            if let head = slot.ahead.first, head.request != request {
                // Not the session sent ahead: the answers on their way are for others. Start afresh.
                slot.dropAhead()
            }
            if slot.ahead.isEmpty { slot.ahead.append(EngineProcessSlot.Ahead(request: request)) }
            let response = try slot.answerFirst(command: command, deadline: deadline, limits: limits, packingFrames: packingFrames)
            if let problem = response.timeProblem(answering: request) {
                throw ExternalEngineError(kind: .malformedResponse, message: "the engine's response is not valid: \(problem)")
            }
            return response
        }
    }

    /// Sends `request` to the engine now, before its turn: its answer is read by the `run` call for
    /// the same request, which must come after the `run` calls for the requests sent ahead before
    /// it, in order. The engine works on it while Reel compares earlier answers (two cores busy
    /// instead of one). A failure to send is left for that `run` to report.
    package func sendAhead(_ request: EngineRequest) {
        sendAhead([request])
    }

    /// Sends `requests` ahead, in order, as `sendAhead(_:)` would one by one, but in one write:
    /// the engine process, waiting for input, wakes once for all of them.
    package func sendAhead(_ requests: [EngineRequest]) {
        let limits = EngineProcessSlot.Limits(time: timeLimit, replyBytes: maxReplyBytes)
        let command = self.command
        process.withLock { slot in
            for request in requests { slot.ahead.append(EngineProcessSlot.Ahead(request: request)) }
            slot.sendWaiting(command: command, limits: limits)
        }
    }

    /// The requests sent ahead whose answers have not been read.
    package var sessionsAhead: Int { process.withLock { $0.ahead.count } }

    /// Forgets the requests sent ahead (their process is stopped: its answers would come first).
    package func dropAhead() {
        process.withLock { slot in slot.dropAhead() }
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

/// The process of an `ExternalEngine`, when one is running, and the requests it was sent ahead.
struct EngineProcessSlot: ~Copyable {
    var current: EngineProcess? {
        didSet {
            agreement = nil
            replyMemo = ReplyMemo()
        }
    }
    /// What the current process's answers repeat (`ReplyMemo`): its engine member and final
    /// hierarchy, read once.
    var replyMemo = ReplyMemo()
    /// What `current` agreed in its hello (`ProtocolHello`, docs/PROTOCOL.md "Hello"), or
    /// `Agreement.plain` for an engine that answered without one; nil until it has answered the
    /// first request, which carries Reel's offer and goes alone: the requests after it wait, so
    /// that each is written in the agreed encoding.
    var agreement: ProtocolHello.Agreement?
    /// The number of the last request sent.
    var lastRequestID = 0
    /// Requests whose answers have not been read, oldest first: sent to `current` (with their
    /// number) or, after a process was stopped, waiting to be sent again to the next one.
    var ahead: [Ahead] = []

    /// A request in `ahead`.
    struct Ahead {
        var request: EngineRequest
        /// Its number when it was sent to the current process; nil while it waits to be sent.
        var id: Int?
        /// Why it could not be sent; reported for its session at its turn.
        var failure: ExternalEngineError?
    }

    /// How long an answer may take and how long its line may be.
    struct Limits {
        var time: Duration
        var replyBytes: Int
    }

    /// Stops the process and forgets every request sent ahead.
    mutating func dropAhead() {
        if ahead.contains(where: { $0.id != nil }) {
            _ = current?.stop(grace: .zero)
            current = nil
        }
        ahead = []
    }

    /// Sends the requests of `ahead` that wait (numbered, starting a process when none runs).
    /// A request that cannot be sent keeps its failure, reported for its session at its turn.
    mutating func sendWaiting(command: String, limits: Limits) {
        guard let first = ahead.firstIndex(where: { $0.id == nil && $0.failure == nil }) else { return }
        if let engine = current, !ahead.contains(where: { $0.id != nil }) {
            // Output of a process that answered everything it was sent, written before this request,
            // is a second answer to an earlier one: this session's would come after it.
            do throws(EngineProcess.ExchangeFailure) {
                if try engine.hasUnsolicitedOutput() {
                    let excerpt = Self.excerpt(engine.pendingPrefix)
                    lost(engine)
                    ahead[first].failure = ExternalEngineError(
                        kind: .malformedResponse,
                        message: "the engine wrote \(excerpt) before it was sent this session's request "
                            + "(a second answer to an earlier request?); it was killed")
                    return
                }
            } catch {
                lost(engine)
                ahead[first].failure = ExternalEngineError(kind: .ioError, message: Self.reason(error))
                return
            }
        }
        let engine: EngineProcess
        if let current {
            engine = current
        } else {
            do throws(ExternalEngineError) {
                engine = try EngineProcess(command: command, maxLineBytes: limits.replyBytes)
            } catch {
                ahead[first].failure = error
                return
            }
            current = engine
        }
        // Until the process has answered its hello, nothing goes after the request that carries it.
        let saysHello = agreement == nil
        if saysHello, ahead.contains(where: { $0.id != nil }) { return }
        // The waiting requests' lines go out in one write (one wake-up of a waiting engine).
        var lines: [UInt8] = []
        var firstSent: Int?
        for position in first..<ahead.count where ahead[position].id == nil && ahead[position].failure == nil {
            if saysHello, firstSent != nil { break }
            var numbered = ahead[position].request
            numbered.id = lastRequestID + 1
            numbered.hello = saysHello ? ProtocolHello.Offer.reel : nil
            numbered.sendsBinaryTouches = agreement?.requests == .binary
            let line: [UInt8]
            do throws(EngineProtocolError) {
                line = try numbered.encodedLine()
            } catch {
                ahead[position].failure = ExternalEngineError(kind: .ioError, message: "cannot encode the request: \(error.reason)")
                continue
            }
            lastRequestID += 1
            if lines.isEmpty { lines = line } else { lines += line }
            firstSent = firstSent ?? position
            ahead[position].id = lastRequestID
        }
        guard let firstSent else { return }
        do throws(EngineProcess.ExchangeFailure) {
            try engine.send(lines)
        } catch {
            // As when the first of them could not be sent: it fails, the others wait for the next process.
            lost(engine)
            ahead[firstSent].failure = ExternalEngineError(kind: .ioError, message: Self.reason(error))
        }
    }

    /// Reads the answer to the oldest request of `ahead` (sending it first when it waits), and
    /// removes it. Every failure is that session's; a process in doubt is killed, and the
    /// requests sent to it after this one wait to be sent again to the next process.
    mutating func answerFirst(
        command: String, deadline: ContinuousClock.Instant, limits: Limits, packingFrames: Bool = false
    ) throws(ExternalEngineError) -> EngineResponse {
        sendWaiting(command: command, limits: limits)
        let head = ahead.removeFirst()
        if let failure = head.failure { throw failure }
        guard let engine = current, let id = head.id else {
            throw ExternalEngineError(kind: .ioError, message: "the request could not be sent")
        }
        let answer: [UInt8]
        do throws(EngineProcess.ExchangeFailure) {
            answer = try engine.nextLine(deadline: deadline)
        } catch {
            switch error {
            case .endOfOutput, .unsolicitedOutput:
                // Its exit status, when it exits within the grace period, says more than a kill.
                let ending = engine.stop(grace: .milliseconds(500))
                lost(engine)
                let detail = engine.errorText.map { "; stderr: \($0)" } ?? ""
                throw ExternalEngineError(kind: .crashed, message: "the engine \(ending) before answering\(detail)")
            case .timedOut:
                lost(engine)
                throw ExternalEngineError(
                    kind: .timedOut, message: "the engine did not answer within \(Self.seconds(limits.time)) s and was killed")
            case .lineTooLong:
                lost(engine)
                throw ExternalEngineError(
                    kind: .malformedResponse,
                    message: "the engine's response line is longer than \(limits.replyBytes) bytes (--max-reply-bytes); it was killed")
            case .ioError(let reason):
                lost(engine)
                throw ExternalEngineError(kind: .ioError, message: reason)
            }
        }
        replyMemo.packsFrames = packingFrames
        defer {
            // The requests held back for the hello go now, in the agreed encoding (not to a
            // process just lost: the next session starts the next one).
            if current != nil, ahead.contains(where: { $0.id == nil && $0.failure == nil }) {
                sendWaiting(command: command, limits: limits)
            }
        }
        return try decode(answer, id: id, engine: engine)
    }

    /// Forgets `engine` as the current process (killed at once unless it already stopped), and
    /// marks the requests sent to it ahead as waiting to be sent again.
    private mutating func lost(_ engine: EngineProcess) {
        current = nil
        _ = engine.stop(grace: .zero)
        for position in ahead.indices { ahead[position].id = nil }
    }

    private mutating func decode(_ answer: [UInt8], id: Int, engine: EngineProcess) throws(ExternalEngineError) -> EngineResponse {
        let decoded: DecodedAnswer
        do {
            decoded = try EngineReply.decodeAnswerAndForm(line: answer, memo: &replyMemo)
        } catch {
            lost(engine)
            throw ExternalEngineError(
                kind: .malformedResponse,
                message: "the engine's response is not valid: \(error.reason) (response starts \(Self.excerpt(answer)))")
        }
        if let echoed = decoded.id, echoed != id {
            lost(engine)
            throw ExternalEngineError(
                kind: .malformedResponse,
                message: "the engine answered request \(echoed) while request \(id) was waiting "
                    + "(a second answer to an earlier request?); it was killed")
        }
        let agreed: ProtocolHello.Agreement
        if let agreement {
            agreed = agreement
        } else {
            do throws(JSONFieldError) {
                agreed =
                    try decoded.hello.map { (hello) throws(JSONFieldError) in
                        try ProtocolHello.Agreement(decoding: hello, offer: .reel)
                    } ?? .plain
            } catch {
                lost(engine)
                throw ExternalEngineError(
                    kind: .malformedResponse,
                    message: "the engine's hello is not valid: \(error.reason) (response starts \(Self.excerpt(answer)))")
            }
            agreement = agreed
        }
        switch decoded.reply {
        case .response(let response):
            if decoded.binary != (agreed.answers == .binary) {
                lost(engine)
                let form = decoded.binary ? "the binary encoding (\"binary_trace\")" : "plain JSON"
                let agreedText =
                    agreed.version == 1
                    ? "without a hello (an engine without one answers in plain JSON)"
                    : "after its hello agreed \(agreed.answers.rawValue) answers"
                throw ExternalEngineError(
                    kind: .malformedResponse,
                    message: "the engine answered in \(form) \(agreedText) (docs/PROTOCOL.md, \"Hello\"); it was killed")
            }
            return response
        case .error(let message):
            throw ExternalEngineError(kind: .engineError, message: "the engine reported: \(UntrustedText.sanitized(message))")
        }
    }

    private static func reason(_ failure: EngineProcess.ExchangeFailure) -> String {
        if case .ioError(let reason) = failure { return reason }
        return "\(failure)"
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
