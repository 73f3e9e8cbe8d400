import Foundation
import ReelTestSupport
import Testing

/// Issue 48, item 11: `reel report` of a results archive read the path the archive stores
/// (`recorded_archive`) without `--recorded`, and its messages told whether that file exists, what
/// it is and a prefix of its hashes. A file is read only when the user names it: without
/// `--recorded` the report asks for it (66) with one message whatever lies at the stored path.
@Suite("A results archive's stored recorded path is not opened")
struct RecordedPathNotOpenedTests {
    @Test func theMessageIsTheSameWhateverLiesAtTheStoredPath() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 20)
        let replay = try runReel(["replay", "a.sqlite", "--engine", candidate, "--results", "r.sqlite"], in: folder)
        #expect(replay.status == 1, "\(replay.standardError)")
        // Named, it is read and checked.
        let named = try runReel(["report", "r.sqlite", "--recorded", "a.sqlite", "-o", "named.html"], in: folder)
        #expect(named.status == 0, "\(named.standardError)")

        var messages: [String] = []
        // The archive it judged, another archive, a file that is no archive, nothing at all.
        let other = try synthesizedStream("modal.swipe-dismiss", count: 20, seed: 12, in: folder)
        let kept = folder + "/kept.sqlite"
        try FileManager.default.moveItem(atPath: archive, toPath: kept)
        for setup in ["judged", "other", "text", "missing"] {
            try? FileManager.default.removeItem(atPath: archive)
            switch setup {
            case "judged": try FileManager.default.copyItem(atPath: kept, toPath: archive)
            case "other": #expect(try runReel(["record", "a.sqlite", other], in: folder).status == 0)
            case "text": try Data("not an archive\n".utf8).write(to: URL(fileURLWithPath: archive))
            default: break
            }
            let before = try? FileManager.default.attributesOfItem(atPath: archive)[.modificationDate] as? Date
            let run = try runReel(["report", "r.sqlite", "-o", "\(setup).html"], in: folder)
            #expect(run.status == 66, "\(setup): \(run.standardError)")
            #expect(run.standardError.contains("--recorded ARCHIVE"), "\(setup): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/\(setup).html"))
            let after = try? FileManager.default.attributesOfItem(atPath: archive)[.modificationDate] as? Date
            #expect(before == after, "\(setup): the stored path was not touched")
            messages.append(run.standardError)
        }
        #expect(Set(messages).count == 1, "one message whatever lies at the stored path: \(messages)")
        for word in ["missing", "content hash", "cannot be read", "not the recorded archive"] {
            #expect(!messages[0].contains(word), "\(messages[0])")
        }
    }
}
