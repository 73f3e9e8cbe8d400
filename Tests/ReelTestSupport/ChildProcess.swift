import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid`: what `startProcess`
/// runs the tests' commands with.
///
/// Foundation's `Process` on Linux reaps its children on one monitoring thread and wakes a waiting
/// `waitUntilExit()` by polling a run loop; inside one test process the suite's few hundred `reel`
/// runs then took turns: ReelCLITests took 307 s in one test process and 95 s split over two
/// (docs/history/PERFORMANCE.md, "Session 16: the test run"). Here each waiting test blocks in its own
/// `waitpid` and nothing is shared between children.
///
/// ```swift
/// let child = try ChildProcess(["/bin/echo", "hi"], in: "/tmp", standardOutput: fd)
/// child.waitUntilExit()
/// #expect(child.terminationStatus == 0)
/// ```
package final class ChildProcess: @unchecked Sendable {
    /// The child's pid.
    package let processIdentifier: pid_t
    private let lock = NSLock()
    private var waitStatus: Int32?

    /// Starts `command` (an executable path and its arguments) in `folder` with the three standard
    /// descriptors given (duplicated into the child; the caller keeps and closes its own) and the
    /// environment given, or this process's own when nil. Signals are back to their defaults and
    /// none is blocked in the child, as `Process` leaves them.
    package init(
        _ command: [String], in folder: String, environment: [String: String]? = nil, standardInput: Int32,
        standardOutput: Int32, standardError: Int32
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        // No descriptor but the three reaches the child: one inherited by accident (a file another
        // test is writing, such as a copied executable) would hold it open past this test.
        if let closeFrom = Self.addCloseFromFunction { _ = closeFrom(&actions, 3) }
        guard Self.addChangeDirectory(&actions, folder) == 0 else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder])
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)

        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var envp: [UnsafeMutablePointer<CChar>?] =
            (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in envp { free(entry) } }

        var pid: pid_t = 0
        let status = posix_spawn(&pid, command[0], &actions, &attributes, &argv, &envp)
        guard status == 0 else {
            throw CocoaError(
                .fileReadNoSuchFile,
                userInfo: [NSLocalizedDescriptionKey: "cannot start \(command[0]): \(String(cString: strerror(status)))"])
        }
        processIdentifier = pid
    }

    /// Whether the child has not ended yet (it is reaped here if it has).
    package var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        if waitStatus != nil { return false }
        var status: Int32 = 0
        let reaped = waitpid(processIdentifier, &status, WNOHANG)
        if reaped == processIdentifier { waitStatus = status }
        return reaped == 0
    }

    /// Blocks until the child ends.
    package func waitUntilExit() {
        lock.lock()
        let known = waitStatus != nil
        lock.unlock()
        if known { return }
        var status: Int32 = 0
        while true {
            let reaped = waitpid(processIdentifier, &status, 0)
            if reaped == processIdentifier { break }
            if reaped == -1 && errno == EINTR { continue }
            // ECHILD: reaped by `isRunning` on another thread in the meantime.
            lock.lock()
            let reapedElsewhere = waitStatus != nil
            lock.unlock()
            if reapedElsewhere { return }
            preconditionFailure("waitpid(\(processIdentifier)): \(String(cString: strerror(errno)))")
        }
        lock.lock()
        waitStatus = status
        lock.unlock()
    }

    /// The exit status, or the signal that ended the child (as `Process.terminationStatus`).
    /// Only after the child has ended.
    package var terminationStatus: Int32 {
        let status = ended()
        return signalled(status) ? status & 0x7f : (status >> 8) & 0xff
    }

    /// Whether the child exited or was ended by a signal. Only after the child has ended.
    package var terminationReason: Process.TerminationReason {
        signalled(ended()) ? .uncaughtSignal : .exit
    }

    private func ended() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        guard let waitStatus else { preconditionFailure("the child \(processIdentifier) has not ended") }
        return waitStatus
    }

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), found at run time: Swift's
    /// Glibc module does not declare it.
    private static let addChangeDirectoryFunction: AddChangeDirectory? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: AddChangeDirectory.self)
    }()

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), found at run time likewise.
    private static let addCloseFromFunction: AddCloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private typealias AddChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    private static func addChangeDirectory(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ folder: String) -> Int32 {
        guard let function = addChangeDirectoryFunction else { return ENOSYS }
        return function(actions, folder)
    }

    /// WIFSIGNALED, spelled out (the C macro does not reach Swift).
    private func signalled(_ status: Int32) -> Bool {
        let signal = status & 0x7f
        return signal != 0 && signal != 0x7f
    }
}
