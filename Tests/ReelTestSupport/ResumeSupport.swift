import Foundation
import ReelStore
import Testing

/// What a replay run killed after committing the verdicts of sessions 1...`last` leaves behind:
/// those verdicts and their divergences (the later ones are deleted, their divergences with them),
/// the replays row at status 'running' without a finish time, and as its runner a process that
/// has ended.
package func interruptReplay(_ replayID: Int64, in path: String, after last: Int64) throws {
    let runner = try endedRunner()
    let database = try Database.open(path, mode: .readWrite)
    try database.execute(
        """
        DELETE FROM replay_results WHERE replay_id = \(replayID) AND session_id > \(last);
        UPDATE replays SET status = 'running', finished_at = NULL, runner = '\(runner)' WHERE id = \(replayID);
        """)
}

/// Records `runner` (JSON text, or NULL for nil) as the process writing replay `replayID`.
package func setRunner(_ runner: String?, of replayID: Int64, in path: String) throws {
    let value = runner.map { "'\($0)'" } ?? "NULL"
    try Database.open(path, mode: .readWrite).execute("UPDATE replays SET runner = \(value) WHERE id = \(replayID)")
}

/// The trimmed text of a file under /proc.
private func procText(_ path: String) throws -> String {
    try String(contentsOfFile: "/proc/" + path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// This host's name as the kernel has it.
package func hostName() throws -> String { try procText("sys/kernel/hostname") }

/// The `replays.runner` of process `pid` of this host, as docs/SCHEMA.md describes it: host name,
/// boot id, pid, and the start time in clock ticks (field 22 of /proc/PID/stat, counted after the
/// command name in parentheses, which is field 2).
package func runnerJSON(pid: Int32, host: String? = nil) throws -> String {
    let stat = try procText("\(pid)/stat")
    let afterName = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
    let startTicks = afterName[22 - 3]
    let bootID = try procText("sys/kernel/random/boot_id")
    return "{\"host\":\"\(try host ?? hostName())\",\"boot_id\":\"\(bootID)\",\"pid\":\(pid),\"start_ticks\":\(startTicks)}"
}

/// A child process that sleeps until it is stopped (`stop`).
package func startSleeper() throws -> Process {
    let sleeper = Process()
    sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
    sleeper.arguments = ["600"]
    try sleeper.run()
    return sleeper
}

/// Kills `process` with SIGKILL and reaps it. (Not `terminate()`: its SIGTERM may stay blocked,
/// as a child started from a test thread inherits that thread's signal mask.)
package func stop(_ process: Process) {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
}

/// The runner of a process of this host that has ended (started, recorded, killed and reaped).
package func endedRunner() throws -> String {
    let sleeper = try startSleeper()
    let runner = try runnerJSON(pid: sleeper.processIdentifier)
    stop(sleeper)
    return runner
}
