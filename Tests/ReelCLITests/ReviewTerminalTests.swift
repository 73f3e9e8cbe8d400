import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// `reel review --interactive` on a real terminal: a tmux pane of its own server. Keys are typed
/// without Enter, the terminal's settings come back after `q` and after SIGTERM, and a SIGKILL in
/// the middle keeps exactly the answers given before it. tmux comes from `tools/setup terminal`
/// (run here when it is missing, as tools/setup installs any package); a test fails, never skips,
/// when it still cannot be had. Expected sessions come from the archive's rows (SQL).
@Suite("reel review on a terminal (tmux)")
struct ReviewTerminalTests {
    /// Replay 1's diverged sessions in review order (flips first), and the flips' count, by SQL.
    private func reviewOrder(_ archive: String) throws -> (sessions: [Int64], flips: Int) {
        let flipped = "coalesce(rr.decision_expected <> rr.decision_actual, 0)"
        let sessions = try ids(
            archive,
            """
            SELECT rr.session_id FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id
            JOIN scenarios AS sc ON sc.id = s.scenario_id WHERE rr.replay_id = 1 AND rr.status = 'diverged'
            ORDER BY \(flipped) DESC, sc.name, rr.session_id
            """)
        return (
            sessions, Int(try archiveCount(archive, "SELECT count(*) FROM replay_results AS rr WHERE replay_id = 1 AND \(flipped) = 1"))
        )
    }

    private func ids(_ path: String, _ sql: String) throws -> [Int64] {
        let statement = try Database.open(path, mode: .readOnly).prepare(sql)
        var found: [Int64] = []
        while try statement.step() { found.append(statement.int64(at: 0)) }
        return found
    }

    private func replayed() throws -> (folder: String, archive: String, order: (sessions: [Int64], flips: Int)) {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 60)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        let order = try reviewOrder(archive)
        try #require(order.flips >= 3)
        return (folder, archive, order)
    }

    /// `s` and `q` typed without Enter move on and end the review; the shell's `stty -a` afterwards
    /// finds line editing and echo on again.
    @Test func keysNeedNoEnterAndQuitRestoresTheTerminal() throws {
        let (folder, _, order) = try replayed()
        let tmux = try Tmux.start(
            "\(reelExecutable) review a.sqlite --interactive; stty -a > stty.txt; echo REVIEW-ENDED; sleep 30", in: folder)
        defer { tmux.stop() }
        try tmux.waitFor("flip 1/\(order.flips), session \(order.sessions[0]):")
        try tmux.type("s")
        try tmux.waitFor("flip 2/\(order.flips), session \(order.sessions[1]):")
        try tmux.type("q")
        try tmux.waitFor("REVIEW-ENDED")
        let settings = try String(contentsOfFile: folder + "/stty.txt", encoding: .utf8)
        let words = Set(settings.split(whereSeparator: \.isWhitespace))
        #expect(words.contains("icanon") && words.contains("echo"), "\(settings)")
    }

    /// A SIGTERM while a key is awaited ends reel with the terminal restored.
    @Test func aSignalRestoresTheTerminal() throws {
        let (folder, _, order) = try replayed()
        let tmux = try Tmux.start(
            "sh -c 'echo $$ > reel.pid; exec \(reelExecutable) review a.sqlite --interactive'; stty -a > stty.txt; echo REVIEW-ENDED; sleep 30",
            in: folder)
        defer { tmux.stop() }
        try tmux.waitFor("flip 1/\(order.flips), session \(order.sessions[0]):")
        let pid = try #require(
            Int32(try String(contentsOfFile: folder + "/reel.pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, SIGTERM) == 0)
        try tmux.waitFor("REVIEW-ENDED")
        let words = Set(try String(contentsOfFile: folder + "/stty.txt", encoding: .utf8).split(whereSeparator: \.isWhitespace))
        #expect(words.contains("icanon") && words.contains("echo"), "\(words.sorted())")
    }

    /// `a`, `r` answered, then SIGKILL while the third question waits: the accept and the reject are
    /// in the archive, and nothing else is (no other accept, reject or trace of the replay changed).
    @Test func aKillInTheMiddleKeepsTheAnswersGivenBeforeIt() throws {
        let (folder, archive, order) = try replayed()
        let keptTraces = try archiveCount(archive, "SELECT count(*) FROM traces WHERE replay_id = 1")
        let tmux = try Tmux.start("sh -c 'echo $$ > reel.pid; exec \(reelExecutable) review a.sqlite --interactive'; sleep 30", in: folder)
        defer { tmux.stop() }
        try tmux.waitFor("flip 1/\(order.flips), session \(order.sessions[0]):")
        try tmux.type("a")
        try tmux.waitFor("flip 2/\(order.flips), session \(order.sessions[1]):")
        try tmux.type("r")
        try tmux.waitFor("flip 3/\(order.flips), session \(order.sessions[2]):")
        let pid = try #require(
            Int32(try String(contentsOfFile: folder + "/reel.pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, SIGKILL) == 0)
        // The process is gone once the pane's shell runs `sleep` (kill(pid, 0) fails).
        let deadline = Date().addingTimeInterval(20)
        while kill(pid, 0) == 0, Date() < deadline { usleep(50_000) }
        #expect(kill(pid, 0) != 0)

        #expect(try ids(archive, "SELECT session_id FROM baseline_history") == [order.sessions[0]])
        #expect(try ids(archive, "SELECT session_id FROM review_rejects WHERE replay_id = 1") == [order.sessions[1]])
        #expect(try archiveCount(archive, "SELECT count(*) FROM review_rejects") == 1)
        #expect(try archiveCount(archive, "SELECT count(*) FROM traces WHERE replay_id = 1") == keptTraces)
        #expect(
            try ids(archive, "SELECT b.session_id FROM baselines AS b JOIN traces AS t ON t.id = b.trace_id WHERE t.replay_id = 1") == [
                order.sessions[0]
            ])
        let check = try runReel(["info", "a.sqlite", "--check"], in: folder)
        #expect(check.status == 0, "\(check.standardError)")
    }
}

/// A tmux server of its own (a socket under /tmp) with one 200x50 pane running a shell command.
struct Tmux {
    let socket: String
    /// Where the pane starts and where tmux's own output is captured.
    let folder: String

    /// tmux's path, after `tools/setup terminal` when it is missing.
    static let executable: String? = {
        func find() -> String? {
            ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        if let found = find() { return found }
        _ = try? runTool([repositoryRoot + "/tools/setup", "terminal"], in: NSTemporaryDirectory())
        return find()
    }()

    struct Missing: Error, CustomStringConvertible {
        var description: String { "tmux is not installed and tools/setup terminal could not install it" }
    }

    struct TimedOut: Error, CustomStringConvertible {
        let text: String
        let screen: String
        var description: String { "not on the terminal within 60 s: \(text)\n--- screen:\n\(screen)" }
    }

    static func start(_ command: String, in folder: String) throws -> Tmux {
        guard executable != nil else { throw Missing() }
        let tmux = Tmux(socket: "/tmp/reel-tmux-" + UUID().uuidString.prefix(8), folder: folder)
        _ = try tmux.run(["new-session", "-d", "-x", "200", "-y", "50", "-c", folder, command])
        return tmux
    }

    /// Types `keys` literally, with no Enter.
    func type(_ keys: String) throws { _ = try run(["send-keys", "-l", keys]) }

    /// The pane's text, with its scrollback.
    func screen() throws -> String { try run(["capture-pane", "-p", "-J", "-S", "-2000"]) }

    /// Waits until `text` is on the pane.
    func waitFor(_ text: String) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if try screen().contains(text) { return }
            usleep(100_000)
        }
        throw TimedOut(text: text, screen: (try? screen()) ?? "")
    }

    func stop() {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
    }

    private func run(_ arguments: [String]) throws -> String {
        try Self.runTool([Self.executable ?? "tmux", "-S", socket] + arguments, in: folder)
    }

    /// Runs a program to its end and returns its standard output (through files: the tmux server
    /// that `new-session` leaves running would hold a pipe open for good).
    private static func runTool(_ command: [String], in folder: String) throws -> String {
        try startProcess(command, in: folder, captureFolder: folder).wait().standardOutput
    }
}
