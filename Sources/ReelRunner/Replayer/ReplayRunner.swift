import Foundation
import ReelJSON

/// The process that writes a replay, as `replays.runner` records it: the host name, the boot id
/// (/proc/sys/kernel/random/boot_id), the process id and the process's start time in clock ticks
/// after boot (field 22 of /proc/PID/stat). Together they name one process: a reused pid has
/// another start time, and after a reboot the boot id differs.
struct ReplayRunner: Hashable {
    let host: String
    let bootID: String
    let pid: Int32
    let startTicks: UInt64

    /// This process; nil where /proc does not tell (then replays record no runner).
    static let current: ReplayRunner? = {
        let pid = getpid()
        guard let host = procText("sys/kernel/hostname"), let bootID = procText("sys/kernel/random/boot_id"),
            let process = ProcessStat(pid: pid)
        else { return nil }
        return ReplayRunner(host: host, bootID: bootID, pid: pid, startTicks: process.startTicks)
    }()

    /// What this host can tell about the recorded process.
    enum State: Equatable {
        /// It runs (on this host, since this boot, with the recorded start time).
        case running
        /// It has ended (or this host rebooted since).
        case gone
        /// It ran on another host, whose processes this one cannot see.
        case elsewhere
    }

    var state: State {
        guard let here = Self.current, host == here.host else { return .elsewhere }
        guard bootID == here.bootID, let process = ProcessStat(pid: pid), process.startTicks == startTicks,
            process.isAlive
        else { return .gone }
        return .running
    }

    /// The `replays.runner` text.
    var json: String {
        JSONWriter.text(
            of: .object([
                JSONMember("host", .string(host)), JSONMember("boot_id", .string(bootID)),
                JSONMember("pid", .number(Double(pid))), JSONMember("start_ticks", .number(Double(startTicks))),
            ]))
    }

    init(host: String, bootID: String, pid: Int32, startTicks: UInt64) {
        self.host = host
        self.bootID = bootID
        self.pid = pid
        self.startTicks = startTicks
    }

    /// Reads `replays.runner` text; nil when it is not a runner `json` writes.
    init?(json: String) {
        guard let value = try? JSONParser.parse(json),
            let host = try? value.string("host"), let bootID = try? value.string("boot_id"),
            let pid = try? value.integer("pid"), let startTicks = try? value.integer("start_ticks"),
            let pid32 = Int32(exactly: pid), startTicks >= 0
        else { return nil }
        self.init(host: host, bootID: bootID, pid: pid32, startTicks: UInt64(startTicks))
    }

    /// The trimmed text of /proc/`path`, nil when it cannot be read.
    private static func procText(_ path: String) -> String? {
        (try? String(contentsOfFile: "/proc/" + path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The fields of /proc/PID/stat this check needs.
    private struct ProcessStat {
        /// Field 3: R, S, D, ... or Z (zombie: ended, not yet reaped) and X (dead).
        let state: Character
        /// Field 22: when the process started, in clock ticks after boot.
        let startTicks: UInt64

        var isAlive: Bool { state != "Z" && state != "X" }

        /// nil when there is no such process.
        init?(pid: Int32) {
            // Field 2 is the command name in parentheses, which may itself hold spaces and
            // parentheses, so fields are counted from after the last ')'.
            guard let text = ReplayRunner.procText("\(pid)/stat"), let end = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: end)...].split(separator: " ")
            guard fields.count > 19, let state = fields[0].first, let startTicks = UInt64(fields[19]) else { return nil }
            self.state = state
            self.startTicks = startTicks
        }
    }
}
