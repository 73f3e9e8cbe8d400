import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 48 items 9 and 12: names stored in an archive (scenario, engine, external id, source file,
/// divergence detail) reached the terminal raw through `reel show --replay`, `review` (both modes),
/// `compare` and `query --format csv` (escape sequences, bells, carriage-return overwrites, bidirectional overrides), and
/// Markdown summaries passed `[text](url)` and `![](url)` through. Each output is walked here for
/// any such character, and the Markdown for any syntax made of the names.
@Suite("Hostile names reaching the terminal and Markdown")
struct HostileNameOutputTests {
    /// What a terminal acts on rather than shows: C0 controls but the line feed that ends a line and
    /// DEL (ECMA-48), C1 controls (U+0080 to U+009F), and Unicode's bidirectional formatting
    /// characters (UAX #9: ALM, LRM, RLM, LRE to RLO, LRI to PDI) and the line and paragraph separators.
    static func acting(_ scalar: Unicode.Scalar, allowing: Set<Unicode.Scalar> = ["\n"]) -> Bool {
        guard !allowing.contains(scalar) else { return false }
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains(v)
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    static func rawControls(_ text: String, allowing: Set<Unicode.Scalar> = ["\n"]) -> [String] {
        text.unicodeScalars.filter { acting($0, allowing: allowing) }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// ESC ] (OSC: set the window title) ended by BEL, ESC [ 2J (clear the screen), a carriage
    /// return that overwrites the line, NUL, CSI as one C1 character, NEL, RLO and an isolate.
    static let hostileSQL =
        "'n' || char(27) || ']0;pwn' || char(7) || char(27) || '[2J' || char(13) || 'over' || char(0) || 'nul' "
        + "|| char(155) || '31m' || char(133) || char(8238) || 'gnp.exe' || char(8294) || char(127)"

    /// A corpus replayed twice (the builtin engine, then a candidate that flips some sessions), then
    /// its names made hostile as an editor of the file could.
    static func hostileArchive() throws -> (folder: String, archive: String, candidate: String, flipped: Int64) {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        #expect(try runReel(["replay", archive], in: folder).status == 0)
        #expect(try runReel(["replay", archive, "--engine", candidate], in: folder).status == 1)
        let database = try Database.open(archive, mode: .readWrite)
        try database.execute("PRAGMA ignore_check_constraints = ON")
        try database.execute(
            """
            UPDATE scenarios SET name = name || \(hostileSQL);
            UPDATE engines SET name = name || \(hostileSQL), version = version || \(hostileSQL);
            UPDATE sessions SET external_id = \(hostileSQL), source_file = \(hostileSQL);
            UPDATE divergences SET detail = detail || \(hostileSQL);
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
        let flipped = try archiveCount(
            archive, "SELECT min(session_id) FROM replay_results WHERE replay_id = 2 AND decision_expected <> decision_actual")
        return (folder, archive, candidate, flipped)
    }

    @Test func showCompareAndQueryShowNoControlRaw() throws {
        let (folder, archive, _, flipped) = try Self.hostileArchive()
        let commands: [[String]] = [
            ["show", archive, String(flipped)],
            ["show", archive, String(flipped), "--replay", "2"],
            ["show", archive, String(flipped), "--replay", "1"],
            ["compare", archive, "1", "2"],
            ["query", archive, "SELECT name FROM scenarios"],
            ["info", archive],
        ]
        for command in commands {
            let run = try runReel(command, in: folder)
            #expect(run.status == 0, "\(command): \(run.status) \(run.standardError)")
            #expect(Self.rawControls(run.standardOutput).isEmpty, "\(command): \(Self.rawControls(run.standardOutput))")
            #expect(Self.rawControls(run.standardError).isEmpty, "\(command): \(Self.rawControls(run.standardError))")
            // The names did reach the output, escaped: the test is not passing on text never shown.
            #expect(run.standardOutput.contains("\\u{1b}]0;pwn\\u{7}"), "\(command): \(run.standardOutput.prefix(3000))")
            #expect(run.standardOutput.contains("\\u{202e}gnp.exe\\u{2066}"), "\(command)")
        }
        // CSV into a pipe keeps what RFC 4180 fields may hold (the carriage return, quoted); every
        // other control is escaped.
        let csv = try runReel(["query", archive, "SELECT name, version FROM engines", "--format", "csv"], in: folder)
        #expect(csv.status == 0, "\(csv.standardError)")
        #expect(Self.rawControls(csv.standardOutput, allowing: ["\n", "\r"]).isEmpty, "\(Self.rawControls(csv.standardOutput))")
        #expect(csv.standardOutput.contains("\\u{1b}[2J\r"), "\(csv.standardOutput.debugDescription)")
    }

    /// `reel review` shows the same names and details in its list and in its prompt (answers read
    /// a line each from a file: details off and on again, skip, quit): none of them raw.
    @Test func reviewInBothModesShowsNoControlRaw() throws {
        let (folder, archive, _, _) = try Self.hostileArchive()
        let answers = folder + "/answers.txt"
        try Data("i\ni\ns\nq\n".utf8).write(to: URL(fileURLWithPath: answers))
        let runs = [
            ("list", try runReel(["review", archive, "--replay", "2"], in: folder)),
            ("interactive", try runReel(["review", archive, "--replay", "2", "--interactive"], in: folder, input: answers)),
        ]
        for (mode, run) in runs {
            #expect(run.status == 0, "\(mode): \(run.status) \(run.standardError)")
            #expect(Self.rawControls(run.standardOutput).isEmpty, "\(mode): \(Self.rawControls(run.standardOutput))")
            #expect(Self.rawControls(run.standardError).isEmpty, "\(mode): \(Self.rawControls(run.standardError))")
            // The scenario's name in the heading and the divergence's detail, escaped.
            #expect(run.standardOutput.contains("== flips of "), "\(mode): \(run.standardOutput.prefix(3000))")
            #expect(run.standardOutput.contains("\\u{1b}]0;pwn\\u{7}"), "\(mode): \(run.standardOutput.prefix(3000))")
            #expect(run.standardOutput.contains("\\u{202e}gnp.exe\\u{2066}"), "\(mode): \(run.standardOutput.prefix(3000))")
        }
    }

    /// On a terminal (script(1) gives `reel` one) CSV escapes the carriage return too.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1)"))
    func csvOnATerminalShowsNoControlRaw() throws {
        let (folder, archive, _, _) = try Self.hostileArchive()
        let command = [reelExecutable, "query", archive, "SELECT name, version FROM engines", "--format", "csv"]
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let run = try startProcess(
            ["/usr/bin/script", "-qec", "exec " + quoted, folder + "/typescript"], in: folder, captureFolder: folder
        ).wait()
        #expect(run.status == 0)
        // The terminal itself ends each line with CR LF (onlcr): those are the terminal's, not the archive's.
        let text = try String(contentsOfFile: folder + "/typescript", encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text.contains("\\u{1b}[2J\\u{d}over"), "\(text.debugDescription)")
        #expect(Self.rawControls(text).isEmpty, "\(Self.rawControls(text))")
    }

    /// CommonMark's character reference of every character Markdown or HTML could take as syntax
    /// in a cell (links and images `[ ] ( ) !`, code, emphasis and strikethrough, table pipes,
    /// backslash escapes, headings, HTML): `&#N;` with the character's code, the others as they are.
    static func referenced(_ text: String) -> String {
        let named: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        return text.map { c -> String in
            if let entity = named[c] { return entity }
            return "[]()!`|*_~\\#".contains(c) ? "&#\(c.asciiValue!);" : String(c)
        }.joined()
    }

    @Test func markdownCellsCarryNoLinkImageOrMarkup() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 12)
        #expect(try runReel(["replay", archive], in: folder).status == 0)
        #expect(try runReel(["replay", archive, "--engine", candidate], in: folder).status == 1)
        // Under the cell's 80 characters (`MarkdownSummary.cellLimit`), so the whole name is shown.
        let name = "[a](https://e.example/x) ![](https://e.example/t.png) `c` *b* _i_ ~s~ \\| #h <b>"
        let literal = name.replacingOccurrences(of: "'", with: "''")
        try Database.open(archive, mode: .readWrite).execute("UPDATE scenarios SET name = '\(literal)'")
        let compare = try runReel(["compare", archive, "--format", "markdown"], in: folder)
        #expect(compare.status == 0, "\(compare.standardError)")
        let replay = try runReel(["replay", archive, "--engine", candidate, "--markdown-summary", folder + "/summary.md"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        let summary = try String(contentsOfFile: folder + "/summary.md", encoding: .utf8)
        for (what, markdown) in [("compare", compare.standardOutput), ("replay summary", summary)] {
            #expect(markdown.contains(Self.referenced(name)), "\(what): \(markdown.prefix(3000))")
            for syntax in ["](https://e.example", "![", "`c`", "*b*", "_i_", "~s~", "<b>"] {
                #expect(!markdown.contains(syntax), "\(what) holds \(syntax)")
            }
        }
    }
}
