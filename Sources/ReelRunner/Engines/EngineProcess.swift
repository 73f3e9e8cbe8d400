import ReelStore
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running engine process: `/bin/sh -c COMMAND` in its own process group, with non-blocking
/// pipes on its standard input, output and error (all opened close-on-exec, so no other child
/// inherits them and a dead engine's pipes really close).
final class EngineProcess {
    let pid: pid_t
    private var input: Int32
    private var output: Int32
    private var errorOutput: Int32
    /// Bytes of standard output read but not yet returned as a line.
    /// Bytes of standard output read but not yet returned as a line: earlier `segments` (each about
    /// `segmentBytes` long, searched, no newline in them) then `pending`, the latest bytes. A long
    /// line is kept in segments, not one growing array, so its buffer never doubles while it
    /// grows; the line is assembled once, each segment freed as it is copied.
    private var segments: [[UInt8]] = []
    private var segmentedCount = 0
    private var pending: [UInt8] = []
    /// Where the bytes not yet returned start in `pending` (0 while `segments` hold any): a line
    /// taken from the front moves it on instead of moving the answers after it (read ahead, they
    /// were a visible share of a replay's copying); the front is dropped when it is half the buffer.
    private var pendingStart = 0
    /// How far `pending` has been searched for a newline.
    private var searchedUpTo = 0
    /// The size at which `pending`, searched without a newline, becomes a segment.
    static let segmentBytes = 1 << 20
    /// Every byte read and not yet returned.
    private var bufferedCount: Int { segmentedCount + pending.count - pendingStart }
    private var outputClosed = false
    /// The last bytes the engine wrote to standard error, for error messages.
    private(set) var errorTail: [UInt8] = []
    /// How the process ended, once `stop` reaped it.
    private var stoppedAs: String?
    /// The wait status of the process when an exchange saw it exit (`hasExited`).
    private var reapedStatus: Int32?
    /// The longest response line read, in bytes: past it the exchange fails (`lineTooLong`).
    let maxLineBytes: Int

    static let errorTailLimit = 2048

    /// Launches `command`; throws a reason when the shell cannot be started.
    init(command: String, maxLineBytes: Int) throws(ExternalEngineError) {
        self.maxLineBytes = maxLineBytes
        _ = ignoreBrokenPipes
        _ = mapLargeBuffers
        let spawned = try spawnLock.withLock { _ throws(ExternalEngineError) in try Self.spawn(command: command) }
        pid = spawned.pid
        input = spawned.input
        output = spawned.output
        errorOutput = spawned.errorOutput
        for end in [input, output, errorOutput] {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
    }

    private static func spawn(command: String) throws(ExternalEngineError) -> (pid: pid_t, input: Int32, output: Int32, errorOutput: Int32)
    {
        let stdinPipe = try Self.makePipe()
        let stdoutPipe = try Self.makePipe()
        let stderrPipe = try Self.makePipe()
        let allEnds = [stdinPipe.read, stdinPipe.write, stdoutPipe.read, stdoutPipe.write, stderrPipe.read, stderrPipe.write]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Own process group (so a hang is killed with everything the shell started), SIGPIPE
        // back to its default and no blocked signals in the engine.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)

        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for argument in argv { free(argument) } }

        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        guard status == 0 else {
            for end in allEnds { close(end) }
            throw ExternalEngineError(kind: .launchFailed, message: "cannot start /bin/sh: \(String(cString: strerror(status)))")
        }
        close(stdinPipe.read)
        close(stdoutPipe.write)
        close(stderrPipe.write)
        return (pid, stdinPipe.write, stdoutPipe.read, stderrPipe.read)
    }

    deinit {
        _ = stop(grace: .zero)
        if input >= 0 { close(input) }
        if output >= 0 { close(output) }
        if errorOutput >= 0 { close(errorOutput) }
    }

    /// A close-on-exec pipe. Called with `spawnLock` held, so no engine spawned concurrently
    /// can inherit the ends in the moment before close-on-exec is set.
    private static func makePipe() throws(ExternalEngineError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ExternalEngineError(kind: .launchFailed, message: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// How one exchange ended without a line.
    enum ExchangeFailure: ReelError {
        /// Standard output closed (the engine exited or closed it).
        case endOfOutput
        case timedOut
        /// More than `maxLineBytes` bytes arrived without a newline.
        case lineTooLong
        /// Output arrived before the request was sent (`hasUnsolicitedOutput`).
        case unsolicitedOutput
        case ioError(String)

        /// Each is the engine process's failure on its session (`ExternalEngine` words it).
        var failureKind: FailureKind { .engineFailed }

        var description: String {
            switch self {
            case .endOfOutput: "the engine closed its output"
            case .timedOut: "the engine did not answer in time"
            case .lineTooLong: "the engine's answer line is too long"
            case .unsolicitedOutput: "the engine wrote output before the request"
            case .ioError(let reason): reason
            }
        }
    }

    /// Whether the engine wrote output nobody asked for yet (read without waiting): a second answer
    /// to an earlier request, say. The bytes stay in the buffer.
    func hasUnsolicitedOutput() throws(ExchangeFailure) -> Bool {
        if bufferedCount == 0, !outputClosed { try readOutput() }
        return bufferedCount > 0
    }

    /// The first bytes of what the engine wrote and nobody read yet.
    var pendingPrefix: [UInt8] { Array((segments.first.map { $0[...] } ?? pending[pendingStart...]).prefix(80)) }

    /// Writes `request` while reading standard output and error, until a full line arrives
    /// (returned without its newline) or `deadline` passes. Never blocks on a full pipe.
    func exchange(_ request: [UInt8], deadline: ContinuousClock.Instant) throws(ExchangeFailure) -> [UInt8] {
        try send(request)
        return try nextLine(deadline: deadline)
    }

    /// Request bytes queued for the engine's standard input and not yet written (`send`), from `outgoingOffset`.
    private var outgoing: [UInt8] = []
    private var outgoingOffset = 0

    /// Queues `request` for the engine's standard input and writes as much of what is queued as
    /// the pipe takes now, without waiting; the rest goes out while `nextLine` waits. Requests
    /// sent ahead of their turn (`ExternalEngine.sendAhead`) use this, so the engine can work on
    /// one while Reel compares the last.
    func send(_ request: [UInt8]) throws(ExchangeFailure) {
        if outgoingOffset == outgoing.count {
            outgoing = request
            outgoingOffset = 0
        } else {
            outgoing.append(contentsOf: request)
        }
        try writeQueued()
    }

    /// Writes queued request bytes while the pipe takes them.
    private func writeQueued() throws(ExchangeFailure) {
        while outgoingOffset < outgoing.count, input >= 0 {
            let count = try writeSome(outgoing, from: outgoingOffset)
            if count == 0 { return }
            outgoingOffset += count
        }
    }

    /// Reads standard output and error (writing queued requests as the pipe takes them) until a
    /// full line arrives, returned without its newline, or `deadline` passes.
    func nextLine(deadline: ContinuousClock.Instant) throws(ExchangeFailure) -> [UInt8] {
        while true {
            if let line = takeLine() { return line }
            if bufferedCount > maxLineBytes { throw .lineTooLong }
            if outputClosed { throw .endOfOutput }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw .timedOut }
            let (seconds, attoseconds) = remaining.components
            // At most `exitCheckInterval` between looks at whether the engine itself exited: a
            // child it forked may hold its output open, and the engine's exit must not wait for it.
            let milliseconds = min(
                Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1), Self.exitCheckInterval)

            let wantsToWrite = outgoingOffset < outgoing.count && input >= 0
            var descriptors = [
                pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errorOutput, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wantsToWrite ? input : -1, events: Int16(POLLOUT), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .ioError("poll failed: \(String(cString: strerror(errno)))")
            }
            if descriptors[2].revents != 0 { try writeQueued() }
            if descriptors[1].revents != 0 { drainErrorOutput() }
            if descriptors[0].revents != 0 { try readOutput() }
            if ready == 0 || descriptors[0].revents == 0, hasExited() {
                // The engine is gone; what it wrote is in the pipe already (read it all), and
                // whatever still holds the pipe open is not the engine.
                try readOutput()
                if let line = takeLine() { return line }
                throw .endOfOutput
            }
        }
    }

    /// The longest wait, in milliseconds, between checks that the engine process still runs.
    static let exitCheckInterval: Int32 = 100

    /// Whether the engine process has exited (reaped here without waiting; `stop` reports how).
    private func hasExited() -> Bool {
        if reapedStatus != nil { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return false }
        reapedStatus = status
        return true
    }

    /// Writes as much of `request[offset...]` as the pipe takes; a closed pipe stops the writing
    /// (the engine's answer or its exit tells the rest).
    private func writeSome(_ request: [UInt8], from offset: Int) throws(ExchangeFailure) -> Int {
        let count = request.withUnsafeBytes { bytes in
            write(input, bytes.baseAddress! + offset, bytes.count - offset)
        }
        if count >= 0 { return count }
        switch errno {
        case EAGAIN, EINTR: return 0
        case EPIPE:
            close(input)
            input = -1
            return 0
        default: throw .ioError("writing to the engine failed: \(String(cString: strerror(errno)))")
        }
    }

    /// The buffer `readOutput` reads into, allocated once per process (not once per read).
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    private func readOutput() throws(ExchangeFailure) {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            if count > 0 {
                if pendingStart > 0, pendingStart >= pending.count / 2 {
                    pending.removeSubrange(..<pendingStart)
                    searchedUpTo -= pendingStart
                    pendingStart = 0
                }
                if searchedUpTo == pending.count, pending.count - pendingStart >= Self.segmentBytes {
                    segments.append(pendingStart == 0 ? pending : Array(pending[pendingStart...]))
                    segmentedCount += pending.count - pendingStart
                    pending = []
                    pendingStart = 0
                    searchedUpTo = 0
                }
                pending.append(contentsOf: chunk[0..<count])
                // An engine writing without end must not fill memory: the caller checks the limit.
                // A complete line ends the read too: answers to requests sent ahead stay in the
                // pipe (the engine waits) rather than in Reel's memory.
                let hasNewline = chunk.withUnsafeBytes { memchr($0.baseAddress!, Int32(UInt8(ascii: "\n")), count) != nil }
                if count < chunk.count || bufferedCount > maxLineBytes || hasNewline { return }
                continue
            }
            if count == 0 {
                outputClosed = true
                return
            }
            if errno == EINTR { continue }
            if errno == EAGAIN { return }
            throw .ioError("reading from the engine failed: \(String(cString: strerror(errno)))")
        }
    }

    private func drainErrorOutput() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while errorOutput >= 0 {
            let count = chunk.withUnsafeMutableBytes { read(errorOutput, $0.baseAddress!, $0.count) }
            if count > 0 {
                errorTail.append(contentsOf: chunk[0..<count])
                if errorTail.count > Self.errorTailLimit { errorTail.removeFirst(errorTail.count - Self.errorTailLimit) }
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count == 0 {
                close(errorOutput)
                errorOutput = -1
            }
            return
        }
    }

    /// The first complete line of `pending`, removed from it.
    private func takeLine() -> [UInt8]? {
        // memchr: answers run to megabytes, and a byte-by-byte search was a visible share of a replay.
        let found = pending.withUnsafeBytes { buffer -> Int? in
            guard searchedUpTo < buffer.count, let base = buffer.baseAddress,
                let hit = memchr(base + searchedUpTo, Int32(UInt8(ascii: "\n")), buffer.count - searchedUpTo)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
        guard let newline = found else {
            searchedUpTo = pending.count
            return nil
        }
        var line: [UInt8]
        if segments.isEmpty, pendingStart == 0, newline == pending.count - 1 {
            // The usual case, the answer ends what was read: hand the buffer over, no copy.
            line = pending
            pending = []
            line.removeLast()
        } else {
            line = []
            line.reserveCapacity(segmentedCount + newline - pendingStart)
            while !segments.isEmpty { line += segments.removeFirst() }
            segmentedCount = 0
            line += pending[pendingStart..<newline]
            pendingStart = newline + 1
            if pendingStart == pending.count {
                pending = []
                pendingStart = 0
            }
        }
        searchedUpTo = pendingStart
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return line
    }

    /// Closes the engine's standard input, gives it `grace` to exit, then kills its process group;
    /// returns how it ended, e.g. "exited with status 3" or "killed by signal 9".
    func stop(grace: Duration) -> String {
        if input >= 0 {
            close(input)
            input = -1
        }
        if let stoppedAs { return stoppedAs }
        let deadline = ContinuousClock.now.advanced(by: grace)
        var status: Int32 = reapedStatus ?? 0
        while reapedStatus == nil {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0, errno != EINTR {
                stoppedAs = "ended"
                return "ended"
            }
            if ContinuousClock.now >= deadline {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                break
            }
            usleep(2_000)
        }
        // The shell is gone; take down anything it left in its group.
        kill(-pid, SIGKILL)
        drainErrorOutput()
        let signal = status & 0x7F
        let ending = signal == 0 ? "exited with status \((status >> 8) & 0xFF)" : "killed by signal \(signal)"
        stoppedAs = ending
        return ending
    }

    /// The standard error tail as text, trimmed and made printable (`UntrustedText`), or nil when empty.
    var errorText: String? {
        let text = String(decoding: errorTail, as: UTF8.self)
        let trimmed = text.split(whereSeparator: \.isNewline).suffix(5).joined(separator: " | ")
        return trimmed.isEmpty ? nil : UntrustedText.sanitized(trimmed)
    }
}

/// Serialises pipe creation and spawning of engine processes (see `makePipe`).
private let spawnLock = Locked<Void>(())

/// Answer lines run to megabytes and are freed once decoded, while the traces decoded from them
/// are small allocations that live until their part is compared. glibc's malloc raises its
/// mapping threshold (up to 32 MiB) each time a mapped buffer is freed, after which line buffers
/// are carved from the heap between traces and leave holes there: a job's peak crept up by about
/// 140 kB per large answer. With the threshold fixed at 1 MiB (`mallopt(M_MMAP_THRESHOLD)`, found
/// with `dlsym` since Swift's Glibc module leaves out malloc.h), every buffer of 1 MiB or more has
/// a mapping of its own, returned whole when freed. Set the first time an engine starts.
private let mapLargeBuffers: Void = {
    #if canImport(Glibc)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in malloc.h
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
            _ = unsafeBitCast(symbol, to: MallOpt.self)(mmapThreshold, 1 << 20)
        }
    #endif
}()

/// Writing to an engine that died must give EPIPE, not kill the process: SIGPIPE is ignored
/// process-wide the first time an engine starts.
private let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
}()
