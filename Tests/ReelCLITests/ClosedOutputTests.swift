import Foundation
import ReelTestSupport
import Testing

/// Issue 33: `reel ... | head` ends quietly, with the command's own status, once its work is
/// stored: a reader that closes standard output early is no failure (no SIGPIPE death, 141, and no
/// "cannot write standard output", 74).
@Suite("A closed standard output")
struct ClosedOutputTests {
    /// Runs `reel ARGUMENTS` writing into a pipe whose reader has already gone (reel starts 0.3 s
    /// after `true` ended) or, with `head`, a reader that takes a few bytes and leaves; returns
    /// reel's exit status and standard error.
    private func runIntoClosedPipe(_ arguments: [String], in folder: String, head: Bool = false) throws -> (status: Int32, error: String) {
        let script = folder + "/pipe.sh"
        let reader = head ? "head -c 100 >/dev/null" : "true"
        try """
        { sleep 0.3; exec "$@" 2>"$PIPE_ERR"; } | \(reader)
        exit "${PIPESTATUS[0]}"

        """.write(toFile: script, atomically: true, encoding: .utf8)
        let errorPath = folder + "/pipe.err"
        var environment = ProcessInfo.processInfo.environment
        environment["PIPE_ERR"] = errorPath
        let run = try startProcess(
            ["/bin/bash", script, reelExecutable] + arguments, in: folder, environment: environment, captureFolder: folder
        )
        .wait()
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (run.status, error + run.standardError)
    }

    private func corpus() throws -> String {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("nav.interactive-pop", count: 30, seed: 7, in: folder)
        #expect(try runReel(["record", "a.sqlite", stream], in: folder).status == 0)
        return folder
    }

    @Test func queryShowAndExportEndQuietly() throws {
        let folder = try corpus()
        let long = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000000) SELECT i, 'row' FROM n"
        for (arguments, head) in [
            (["query", "a.sqlite", long, "--format", "csv"], true),
            (["query", "a.sqlite", "SELECT id FROM sessions"], false),
            (["show", "a.sqlite", "3"], false),
            (["export", "a.sqlite"], true),
            (["export", "a.sqlite", "--session", "2"], false),
        ] {
            let (status, error) = try runIntoClosedPipe(arguments, in: folder, head: head)
            #expect(status == 0, "\(arguments): exit \(status), \(error)")
            #expect(error.isEmpty, "\(arguments): \(error)")
        }
    }

    /// A replay whose reader left still stores every verdict, and ends with its own status.
    @Test func aReplayStoresItsVerdictsAndEndsQuietly() throws {
        let folder = try corpus()
        let (status, error) = try runIntoClosedPipe(["replay", "a.sqlite"], in: folder)
        #expect(status == 0, "exit \(status), \(error)")
        #expect(error.isEmpty, "\(error)")
        #expect(try archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM replay_results") == 30)
        #expect(try archiveCount(folder + "/a.sqlite", "SELECT count(*) FROM replays WHERE status = 'finished'") == 1)
    }
}
