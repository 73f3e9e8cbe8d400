import Foundation
import ReelTestSupport
import Testing

/// Issue 49, "Also": tools/check-doc-outputs compares the output a doc shows with what the tools
/// print. Each case is a small Markdown file; the expected outputs are SQL's own arithmetic
/// (`SELECT 1 + 2` is 3), so a passing case passes because the checker compared, and a wrong
/// number shown fails.
@Suite("tools/check-doc-outputs compares the docs' output blocks with the tools")
struct DocOutputsCheckTests {
    private func check(_ markdown: String) throws -> ReelRun {
        let folder = try temporaryFolder()
        let file = folder + "/doc.md"
        try Data(markdown.utf8).write(to: URL(fileURLWithPath: file))
        return try startProcess(
            [repositoryRoot + "/tools/check-doc-outputs", "--reel", reelExecutable, file], in: folder, captureFolder: folder
        ).wait()
    }

    /// A transcript: an archive recorded, then a query whose answer the block shows.
    private func transcript(_ query: String, shows lines: [String]) -> String {
        """
        # Doc

        <!-- doc-output: transcript -->
        ```
        $ reel synth --scenario nav.interactive-pop --count 3 --seed 1 -o pops.jsonl
        $ reel record a.sqlite pops.jsonl > /dev/null
        $ reel query a.sqlite "\(query)" --format csv
        \(lines.joined(separator: "\n"))
        ```

        """
    }

    @Test func aTranscriptShowingWhatTheToolPrintsPasses() throws {
        let run = try check(transcript("SELECT 1 + 2 AS n", shows: ["n", "3"]))
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("1 output blocks checked, 0 marked not checked, 0 differ"), "\(run.standardOutput)")
    }

    @Test func aWrongNumberFailsNamingTheBlockAndBothTexts() throws {
        let run = try check(transcript("SELECT 1 + 2 AS n", shows: ["n", "4"]))
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardError.contains("doc.md:4: `reel query a.sqlite"), "\(run.standardError)")
        #expect(run.standardError.contains("printed\n    n\n    3\n  the doc shows\n    n\n    4"), "\(run.standardError)")
    }

    @Test func anElisionStandsForAnyLinesButNotForAWrongLastLine() throws {
        let query = "SELECT value FROM json_each('[1, 2, 3, 4, 5]')"
        let passes = try check(transcript(query, shows: ["value", "1", "...", "5"]))
        #expect(passes.status == 0, "\(passes.standardError)")
        let fails = try check(transcript(query, shows: ["value", "1", "...", "6"]))
        #expect(fails.status == 1, "\(fails.standardOutput)")
    }

    @Test func aTranscriptWithoutItsCommentFails() throws {
        let run = try check("# Doc\n\n```\n$ reel query a.sqlite \"SELECT 1\"\n1\n```\n")
        #expect(run.status == 1)
        let said = run.standardError
        #expect(said.contains("doc.md:3: a block with `$ ` commands has no doc-output comment before it"), "\(said)")
    }

    @Test func anUnknownCommentFails() throws {
        let run = try check("# Doc\n\n<!-- doc-output: looks right -->\n```\nx\n```\n")
        #expect(run.status == 1)
        #expect(run.standardError.contains("unknown doc-output comment 'looks right'"), "\(run.standardError)")
    }

    @Test func aRunBlockReadsTemporaryFoldersAsDots() throws {
        let markdown = "# Doc\n\n<!-- doc-output: run d=$(mktemp -d) && echo \"made $d/a.sqlite\" && rmdir \"$d\" -->\n```\n%@\n```\n"
        let passes = try check(markdown.replacingOccurrences(of: "%@", with: "made .../a.sqlite"))
        #expect(passes.status == 0, "\(passes.standardError)")
        let fails = try check(markdown.replacingOccurrences(of: "%@", with: "made .../b.sqlite"))
        #expect(fails.status == 1, "\(fails.standardOutput)")
    }

    @Test func anExchangeAnsweredOtherwiseFails() throws {
        // The example engine's answer has frames, events and an outcome; an answer of only the id is not it.
        let request =
            #"{"id":1,"scenario":{"name":"nav.interactive-pop"},"device":{"width":390,"height":844,"scale":3},"refresh_hz":60,"#
            + #""touches":[{"t":0,"id":0,"phase":"began","x":4,"y":420},{"t":0.032,"id":0,"phase":"ended","x":355,"y":423}]}"#
        let answer = "<!-- doc-output: exchange python3 tools/example_engine.py -->\n```json\n{\"id\": 1}\n```\n"
        let run = try check("# Doc\n\n```json\n\(request)\n```\n\n" + answer)
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        let said = run.standardError
        #expect(said.contains("answers otherwise than the doc shows (members ['engine', 'events', 'frames', 'outcome'])"), "\(said)")
    }
}
