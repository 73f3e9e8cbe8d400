import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 15 item 8, through the `reel` executable: an external engine that writes without end,
/// answers twice, breaks the archive's constraints or fills its errors with control characters
/// fails the sessions concerned (exit 2 for a replay, 65 for a recording), never the run (70), and
/// the archive stays intact.
@Suite("Lying engines")
struct LyingEngineTests {
    private static let example = "python3 \(repositoryRoot)/tools/example_engine.py"

    /// Four sessions recorded with the example engine.
    private static func archive() throws -> (folder: String, archive: String, stream: String) {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        let stream = try synthesizedStream("nav.interactive-pop", count: 4, seed: 51, in: folder)
        let recorded = try runReel(["record", archivePath, stream, "--engine", "exec:" + example], in: folder)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        return (folder, archivePath, stream)
    }

    /// An engine answering every request with `line` (a shell loop).
    private static func fixedEngine(_ line: String, in folder: String) throws -> String {
        let script = folder + "/engine-\(UUID().uuidString).sh"
        let quoted = "'" + line.replacingOccurrences(of: "'", with: "'\\''") + "'"
        try "while read -r request; do printf '%s\\n' \(quoted); done\n".write(toFile: script, atomically: true, encoding: .utf8)
        return "exec:sh " + script
    }

    private static func errors(_ path: String) throws -> [String] {
        let rows = try Database.open(path, mode: .readOnly).prepare(
            "SELECT coalesce(error_message, '') FROM replay_results WHERE status = 'error' ORDER BY session_id")
        var messages: [String] = []
        while try rows.step() { messages.append(rows.string(at: 0)) }
        return messages
    }

    @Test func aReplyWithoutEndIsCutAtTheLimitAndFailsItsSession() throws {
        let (folder, archivePath, _) = try Self.archive()
        // Each process answers its first request as the example engine does, then answers the
        // second with a line without end.
        let script = folder + "/endless.sh"
        try """
        read -r request
        printf '%s\\n' "$request" | \(Self.example)
        read -r request
        yes x | tr -d '\\n'

        """.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try runReel(
            [
                "replay", archivePath, "--engine", "exec:sh " + script, "--max-reply-bytes", "1048576", "--jobs", "1",
                "--timeout", "60",
            ],
            in: folder)
        #expect(run.status == 2, "exit \(run.status): \(run.standardError)")
        let errors = try Self.errors(archivePath)
        // Sessions 1 and 3 are each a new process's first answer; 2 and 4 get the endless line.
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.contains("longer than 1048576 bytes (--max-reply-bytes)") }, "\(errors)")
        #expect(try integrityCheck(archivePath) == "ok")

        let tooSmall = try runReel(["replay", archivePath, "--max-reply-bytes", "10"], in: folder)
        #expect(tooSmall.status == 64, "\(tooSmall.standardError)")
    }

    @Test func anEngineAnsweringTwiceFailsTheSessionItWouldHaveAnswered() throws {
        let (folder, archivePath, _) = try Self.archive()
        // Answers the first request once, then every answer twice: the second request's answer is
        // right, its copy is waiting when the third request goes out.
        let run = try runReel(
            ["replay", archivePath, "--engine", "exec:" + Self.example + " --answer-twice-after 1", "--jobs", "1"], in: folder)
        #expect(run.status == 2, "exit \(run.status): \(run.standardError)")
        let statuses = try Database.open(archivePath, mode: .readOnly).prepare(
            "SELECT session_id, status FROM replay_results ORDER BY session_id")
        var byID: [Int64: String] = [:]
        while try statuses.step() { byID[statuses.int64(at: 0)] = statuses.string(at: 1) }
        #expect(byID == [1: "matched", 2: "matched", 3: "error", 4: "matched"])
        #expect(try Self.errors(archivePath).first?.contains("a second answer to an earlier request") == true)
    }

    @Test func repliesBreakingTheSchemaAreRejectedBeforeTheStore() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 3, seed: 52, in: folder)
        let view = #"{"key":"A.view","x":0,"y":0,"w":1,"h":1,"alpha":1,"transform":[1,0,0,1,0,0],"z":0,"hidden":false}"#
        let cases = [
            (
                #"{"engine":{"name":"e","version":"1"},"frames":[{"t":0,"progress":0,"views":[\#(view),\#(view)]}],"events":[],"outcome":{"completed":true,"t":0,"hierarchy":{}}}"#,
                #"a second view "A.view" in one frame"#
            ),
            (
                #"{"engine":{"name":"e","version":"1"},"frames":[],"events":[],"outcome":{"completed":true,"t":0,"hierarchy":null}}"#,
                #""outcome.hierarchy" must not be null"#
            ),
        ]
        for (index, (line, message)) in cases.enumerated() {
            let archivePath = folder + "/a\(index).sqlite"
            let run = try runReel(
                ["record", archivePath, stream, "--keep-going", "--engine", try Self.fixedEngine(line, in: folder)], in: folder)
            #expect(run.status == 65, "exit \(run.status): \(run.standardError)")
            #expect(run.standardError.components(separatedBy: message).count == 4, "\(run.standardError)")
            #expect(!run.standardError.contains("SQLite"))
            #expect(try archiveCount(archivePath, "SELECT count(*) FROM sessions") == 0)
            #expect(try integrityCheck(archivePath) == "ok")
        }
    }

    @Test func controlCharactersAndHugeErrorTextsAreEscapedAndCut() throws {
        let (folder, archivePath, _) = try Self.archive()
        let huge = String(repeating: "A", count: 100_000)
        let engine = try Self.fixedEngine(#"{"error":"\u001b[31mred\u0007 \#(huge)"}"#, in: folder)
        for format in ["text", "junit"] {
            let run = try runReel(["replay", archivePath, "--engine", engine, "--format", format], in: folder)
            #expect(run.status == 2, "exit \(run.status): \(run.standardError)")
            for text in [run.standardOutput, run.standardError] {
                #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
                #expect(text.utf8.count < 40_000)
            }
            if format == "junit" {
                #expect(run.standardOutput.contains(#"\u{1b}[31mred\u{7}"#), "\(run.standardOutput.prefix(2000))")
            }
        }
        let stored = try Self.errors(archivePath)
        #expect(stored.count == 8)  // two replays of four sessions
        #expect(stored.allSatisfy { $0.count < 1200 && $0.contains("more characters not shown") && !$0.contains("\u{1b}") })
    }
}

/// Issue 32 item 3: an engine's name, and a stream's session id, reached the terminal raw through
/// the `reel replay` summary, `reel show` and `reel query`. Each now shows control characters escaped.
@Suite("Terminal escapes from engines and streams")
struct TerminalEscapeTests {
    private static let example = "python3 \(repositoryRoot)/tools/example_engine.py"

    @Test func anEnginesNameReachesTheReplaySummaryEscaped() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 3, seed: 51, in: folder), into: archive)
        // The example engine, its name rewritten to carry an OSC sequence that retitles a terminal.
        let script = folder + "/escaping.sh"
        try """
        \(Self.example) | sed -u 's/example-percent-engine/\\\\u001b]0;owned\\\\u0007evil/'

        """.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try runReel(["replay", archive, "--engine", "exec:sh " + script], in: folder)
        #expect(run.status == 0 || run.status == 1, "\(run.status) \(run.standardError)")
        #expect(run.standardOutput.contains("evil"), "the rewritten name is the one printed: \(run.standardOutput)")
        #expect(!run.standardOutput.contains("\u{1B}") && !run.standardError.contains("\u{1B}"), "\(run.standardOutput.debugDescription)")
        #expect(run.standardOutput.contains("\\u{1b}]0;owned\\u{7}evil"), "\(run.standardOutput.debugDescription)")
    }

    @Test func aSessionIDReachesShowAndQueryEscaped() throws {
        let folder = try temporaryFolder()
        let stream = folder + "/s.jsonl"
        try """
        {"type":"session","scenario":"nav.interactive-pop","id":"\\u001b[2J\\u001b]0;owned\\u0007x"}
        {"type":"touch","t":0,"id":0,"phase":"began","x":4,"y":420}
        {"type":"touch","t":0.1,"id":0,"phase":"moved","x":60,"y":420}
        {"type":"touch","t":0.2,"id":0,"phase":"ended","x":200,"y":420}

        """.write(toFile: stream, atomically: true, encoding: .utf8)
        #expect(try runReel(["record", "a.sqlite", stream], in: folder).status == 0)
        let show = try runReel(["show", "a.sqlite", "1"], in: folder)
        #expect(show.status == 0, "\(show.standardError)")
        #expect(!show.standardOutput.contains("\u{1B}"), "\(show.standardOutput.debugDescription)")
        #expect(show.standardOutput.contains("external id \\u{1b}[2J"), "\(show.standardOutput.debugDescription)")
        let query = try runReel(["query", "a.sqlite", "SELECT external_id FROM sessions"], in: folder)
        #expect(query.status == 0, "\(query.standardError)")
        #expect(!query.standardOutput.contains("\u{1B}"), "\(query.standardOutput.debugDescription)")
        // Machine formats keep the value itself: JSON escapes it as JSON does.
        let json = try runReel(["query", "a.sqlite", "SELECT external_id FROM sessions", "--format", "json"], in: folder)
        #expect(json.standardOutput.contains("\\u001b[2J"), "\(json.standardOutput)")
    }
}
