import Foundation
import ReelTestSupport
import Testing

/// What `reel record` shows on a terminal (run under script(1), which gives it one): progress with
/// a percentage and an ETA when the input's size is known, a note when it reads a terminal, and a
/// progress line ended with a newline before an interruption's message.
@Suite(
    "reel record on a terminal", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) (util-linux) to give reel a terminal")
)
struct TerminalTests {
    /// `/usr/bin/script`, which runs a command on a pseudo-terminal and keeps what it printed.
    private let script = "/usr/bin/script"

    /// Starts `reel ARGUMENTS` under script(1) in `folder`, its own input at end; the typescript goes to `folder/typescript`.
    private func start(_ arguments: [String], in folder: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        let command = ([reelExecutable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(
            separator: " ")
        process.arguments = ["-qec", "exec " + command, folder + "/typescript"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private func typescript(_ folder: String) throws -> String {
        try String(contentsOfFile: folder + "/typescript", encoding: .utf8)
    }

    @Test func progressShowsAPercentageAndTheTimeLeft() throws {
        let folder = try temporaryFolder()
        // The time left is shown once the run is past half a second (`percentAndETA`): 6,000
        // sessions keep the recorder busy for about two seconds here (1,500 took under one once
        // the event packs made recording faster, and the line sometimes had no time left in it).
        let stream = try synthesizedStream("nav.interactive-pop", count: 6000, seed: 3, in: folder)
        let run = try start(["record", "a.sqlite", stream, "--batch-size", "16"], in: folder)
        run.waitUntilExit()
        let text = try typescript(folder)
        let progress = try NSRegularExpression(pattern: "sessions recorded \\([0-9]+%")
        #expect(progress.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil, "\(text.suffix(500))")
        #expect(text.contains("left), "), "\(text.suffix(500))")
    }

    @Test func readingATerminalSaysSo() throws {
        let folder = try temporaryFolder()
        let run = try start(["record", "a.sqlite"], in: folder)
        run.waitUntilExit()
        #expect(try typescript(folder).contains("reel: reading gesture streams from standard input (a terminal)"))
    }

    @Test func anInterruptEndsTheProgressLineFirst() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 6000, seed: 3, in: folder)
        let run = try start(["record", "a.sqlite", stream, "--batch-size", "64"], in: folder)
        let deadline = Date().addingTimeInterval(60)
        while run.isRunning, Date() < deadline,
            !((try? FileManager.default.fileExists(atPath: folder + "/a.sqlite")
                && archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM sessions") > 0) ?? false)
        {
            usleep(20_000)
        }
        // script(1) runs reel (exec'd in its shell) as its one child.
        let children = try String(
            contentsOfFile: "/proc/\(run.processIdentifier)/task/\(run.processIdentifier)/children", encoding: .utf8)
        let reel = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        kill(reel, SIGINT)
        run.waitUntilExit()
        let text = try typescript(folder)
        #expect(text.contains("rejected\r\n"), "the progress line is not ended: \(text.suffix(400))")
        #expect(text.contains("reel: interrupted: the "), "\(text.suffix(400))")
    }
}
