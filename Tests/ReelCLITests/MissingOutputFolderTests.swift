import Foundation
import ReelTestSupport
import Testing

/// Issue 33: an output whose folder does not exist gets one exit code and one message, whatever
/// writes it: 66 and "PATH: the folder F does not exist; create it first (mkdir -p F)".
@Suite("A missing output folder")
struct MissingOutputFolderTests {
    @Test func everyOutputSaysTheSame() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("modal.swipe-dismiss", count: 3, seed: 1, in: folder)
        #expect(try runReel(["record", "a.sqlite", stream], in: folder).status == 0)
        #expect(try runReel(["replay", "a.sqlite", "--results", "part.sqlite"], in: folder).status == 0)
        for (arguments, path) in [
            (["synth", "--scenario", "nav.push", "--count", "1", "-o", "nope/x.jsonl"], "nope/x.jsonl"),
            (["export", "a.sqlite", "-o", "nope/x.jsonl"], "nope/x.jsonl"),
            (["report", "a.sqlite", "-o", "nope/r.html"], "nope/r.html"),
            (["init", "nope/a.sqlite"], "nope/a.sqlite"),
            (["record", "nope/a.sqlite", stream], "nope/a.sqlite"),
            (["replay", "a.sqlite", "--results", "nope/r.sqlite"], "nope/r.sqlite"),
            (["merge", "part.sqlite", "-o", "nope/m.sqlite"], "nope/m.sqlite"),
            (["replay", "a.sqlite", "--markdown-summary", "nope/s.md"], "nope/s.md"),
        ] {
            let run = try runReel(arguments, in: folder)
            #expect(run.status == 66, "\(arguments): exit \(run.status), \(run.standardError)")
            #expect(
                run.standardError == "reel: error: \(path): the folder nope does not exist; create it first (mkdir -p nope)\n",
                "\(arguments): \(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/nope"))
    }
}
