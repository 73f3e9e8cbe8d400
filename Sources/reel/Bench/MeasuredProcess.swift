import Foundation
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process run to completion for a benchmark: its wall-clock time, the CPU time it got
/// and its peak resident memory (the kernel's `ru_utime + ru_stime` and `ru_maxrss` of that one
/// child, from `wait4`), standard output captured.
struct MeasuredProcess {
    var exitStatus: Int32
    var seconds: Double
    /// User and system CPU time of all the child's threads.
    var cpuSeconds: Double
    var peakResidentBytes: Int
    var output: String

    /// Runs `executable` with `arguments`, standard output to `outputPath` (read back into
    /// `output`) and standard error to `outputPath + ".err"`. Throws a failure naming the command
    /// when it cannot start or exits with a status outside `acceptedStatuses`.
    static func run(_ executable: String, _ arguments: [String], outputPath: String, acceptedStatuses: Set<Int32> = [0]) throws
        -> MeasuredProcess
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, outputPath + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv0 = [executable] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = argv0.map { strdup($0) }
        argv.append(nil)
        defer { for argument in argv { free(argument) } }
        let command = argv0.joined(separator: " ")

        let start = monotonicSeconds()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw ReelFailure(.internalError, "\(command): cannot start: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ReelFailure(.internalError, "\(command): wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let seconds = monotonicSeconds() - start
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard acceptedStatuses.contains(exitStatus) else {
            let errors = (try? String(contentsOfFile: outputPath + ".err", encoding: .utf8)) ?? ""
            throw ReelFailure(.internalError, "\(command): exit status \(exitStatus): \(errors.suffix(500))")
        }
        // Linux reports ru_maxrss in kilobytes.
        let cpuSeconds =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        return MeasuredProcess(
            exitStatus: exitStatus, seconds: seconds, cpuSeconds: cpuSeconds, peakResidentBytes: Int(usage.ru_maxrss) * 1024,
            output: output)
    }
}

/// Seconds on the monotonic clock, for timing benchmarks.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// The calling thread's CPU time in seconds: what an in-process benchmark spends, far less
/// disturbed by other processes on a busy machine than the wall clock.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}
