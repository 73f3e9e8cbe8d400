import Foundation
import ReelTestSupport

/// The `reel` executable of this build, run as a child process with a time limit, for the fuzz
/// properties whose failure would be a crash: a signal must end the child, never the test runner.
enum ReelProcess {
    /// How one run ended.
    enum Ending: Hashable {
        case exited(Int32)
        case signalled(Int32)
        /// Killed at the time limit.
        case hung
    }

    /// Runs `reel ARGUMENTS` in `folder` with no input and its output discarded (standard error's
    /// last whole lines kept), killing it after `limit`.
    static func run(_ arguments: [String], in folder: String, limit: Duration = .seconds(30)) throws -> (ending: Ending, error: String) {
        let errorPath = folder + "/.stderr-" + UUID().uuidString
        let nothing = open("/dev/null", O_RDWR | O_CLOEXEC)
        let errorFile = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer {
            close(nothing)
            if errorFile >= 0 { close(errorFile) }
            try? FileManager.default.removeItem(atPath: errorPath)
        }
        guard nothing >= 0, errorFile >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorPath]) }
        let process = try ChildProcess(
            [reelExecutable] + arguments, in: folder, standardInput: nothing, standardOutput: nothing, standardError: errorFile)
        let deadline = ContinuousClock.now + limit
        var hung = false
        while process.isRunning {
            if ContinuousClock.now > deadline {
                hung = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let error = lastLines(of: (try? Data(contentsOf: URL(fileURLWithPath: errorPath))) ?? Data(), bytes: 4000)
        if hung { return (.hung, error) }
        switch process.terminationReason {
        case .uncaughtSignal: return (.signalled(process.terminationStatus), error)
        default: return (.exited(process.terminationStatus), error)
        }
    }

    /// The whole lines among the last `bytes` bytes of `data` (all of it when it is that short):
    /// a line cut in the middle would read as a line that does not start with "reel: error: ".
    static func lastLines(of data: Data, bytes: Int) -> String {
        guard data.count > bytes else { return String(decoding: data, as: UTF8.self) }
        var tail = data.suffix(bytes)
        if let newline = tail.firstIndex(of: UInt8(ascii: "\n")) { tail = tail[tail.index(after: newline)...] }
        return String(decoding: tail, as: UTF8.self)
    }
}
