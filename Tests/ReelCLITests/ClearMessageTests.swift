import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 48 item 13: messages that named the wrong thing or none. An invalid `binary_touches`
/// request was answered without its `id`; `--decisions` given a FIFO waited for ever and /dev/zero
/// was "You don't have permission"; a decisions file with CRLF lines was one bad line; `kit init`
/// into a dangling symbolic link failed as a write; `"selected": 9223372036854775807` in an inline
/// spec was "not valid JSON".
@Suite("Clear messages")
struct ClearMessageTests {
    @Test func aRefusedBinaryTouchesRequestEchoesItsID() throws {
        let folder = try temporaryFolder()
        let requests = [
            #"{"id":7,"scenario":{"name":"nav.interactive-pop"},"binary_touches":"!!not base64!!"}"#,
            #"{"id":8,"scenario":{"name":"nav.interactive-pop"},"binary_touches":"AAAA"}"#,
            #"{"id":"nine","scenario":{"name":"nav.interactive-pop"},"binary_touches":"AAAA"}"#,
        ]
        try Data((requests.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/in.jsonl"))
        let served = try runReel(["engine", "serve"], in: folder, input: folder + "/in.jsonl")
        #expect(served.status == 0, "\(served.standardError)")
        let answers = served.standardOutput.split(separator: "\n").map(String.init)
        try #require(answers.count == 3, "\(served.standardOutput)")
        for (answer, id) in zip(answers.prefix(2), [7, 8]) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
            #expect((object["id"] as? NSNumber)?.intValue == id, "\(answer)")
            #expect((object["error"] as? String)?.contains("binary_touches") == true, "\(answer)")
        }
        // An id that is not a number cannot be echoed: the answer has none, and says why it refused.
        let third = try #require(try JSONSerialization.jsonObject(with: Data(answers[2].utf8)) as? [String: Any])
        #expect(third["id"] == nil && third["error"] != nil, "\(answers[2])")
    }

    /// A replayed corpus for `reel review`, and one session the candidate's replay judged.
    static func reviewed() throws -> (folder: String, archive: String, session: Int64) {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 16)
        #expect(try runReel(["replay", archive, "--engine", candidate], in: folder).status == 1)
        let session = try archiveCount(archive, "SELECT min(session_id) FROM replay_results WHERE status = 'diverged'")
        #expect(session > 0, "a diverged session to decide")
        return (folder, archive, session)
    }

    @Test func decisionsFromAFIFOOrADeviceAreRefusedByKind() throws {
        let (folder, archive, _) = try Self.reviewed()
        let fifo = folder + "/decisions.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(fifo, "is a FIFO"), ("/dev/zero", "is a character device")] {
            let run = try runReel(["review", archive, "--decisions", path], in: folder, launcher: ["/usr/bin/timeout", "60"])
            #expect(run.status == 64, "\(path): \(run.status) \(run.standardError)")
            #expect(run.standardError.contains("\(path): \(kind), not a decisions file"), "\(run.standardError)")
            #expect(!run.standardError.contains("permission"), "\(run.standardError)")
        }
    }

    @Test func aDecisionsFileWithCRLFLinesIsRead() throws {
        let (folder, archive, session) = try Self.reviewed()
        let path = folder + "/decisions.txt"
        try Data("# from a Windows editor\r\n\(session) skip\r\n\r\n".utf8).write(to: URL(fileURLWithPath: path))
        let run = try runReel(["review", archive, "--decisions", path], in: folder)
        #expect(run.status == 0, "\(run.status) \(run.standardError)")
        #expect(!run.standardError.contains("expected 'SESSION ACTION'"), "\(run.standardError)")
        // The same line with a bad word still names its own line (2), CRLF or not.
        try Data("# from a Windows editor\r\n\(session) maybe\r\n".utf8).write(to: URL(fileURLWithPath: path))
        let bad = try runReel(["review", archive, "--decisions", path], in: folder)
        #expect(bad.status == 65)
        #expect(bad.standardError.contains("\(path):2: expected 'SESSION ACTION'"), "\(bad.standardError)")
    }

    @Test func kitInitIntoADanglingSymbolicLinkSaysSo() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/pkg", withDestinationPath: folder + "/gone/pkg")
        let run = try runReel(["kit", "init", "pkg"], in: folder)
        #expect(run.status == 64, "\(run.status) \(run.standardError)")
        #expect(
            run.standardError.contains("pkg: is a symbolic link to \(folder)/gone/pkg, which does not exist"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/gone"))
    }

    @Test func anIntegerTooLargeForItsFieldIsNamed() throws {
        let folder = try temporaryFolder()
        // The catalog's present.current-context with its tab bar's selected tab at 2^63 - 1: one more
        // than any index once the stream's numbers are read as doubles (2^63).
        let spec = """
            {"action":{"kind":"present","source":"A","style":"currentContext","target":"B"},"animator":"system",\
            "hierarchy":{"container":"tab","contextDefiner":"A","controllers":["A","C"],"selected":9223372036854775807},\
            "name":"present.big-tab","summary":"a tab index past any","trigger":{"kind":"tap"}}
            """
        let stream = """
            {"type":"session","scenario":\(spec)}
            {"type":"touch","t":0,"id":0,"phase":"began","x":100,"y":300}
            {"type":"touch","t":0.05,"id":0,"phase":"ended","x":100,"y":300}

            """
        try Data(stream.utf8).write(to: URL(fileURLWithPath: folder + "/s.jsonl"))
        let run = try runReel(["record", "a.sqlite", "s.jsonl"], in: folder)
        #expect(run.status == 65, "\(run.status) \(run.standardError)")
        #expect(run.standardError.contains("field \"hierarchy.selected\""), "\(run.standardError)")
        #expect(run.standardError.contains("is out of range"), "\(run.standardError)")
        #expect(!run.standardError.contains("not valid JSON"), "\(run.standardError)")
    }
}
