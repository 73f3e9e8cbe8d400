import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 37, a million sessions: `reel prune` rewrites the archive (VACUUM, the whole file's cost)
/// only when the free pages the removed replays leave are at least a quarter of the file's pages
/// (`--vacuum auto`, the default); `always` rewrites every time, `never` never.
@Suite("reel prune --vacuum")
struct PruneVacuumTests {
    /// The archive's pages as SQLite counts them (`PRAGMA page_count`, `freelist_count`, `page_size`).
    private struct Pages {
        var pages: Int64
        var free: Int64
        var size: Int64

        init(of archive: String) throws {
            pages = try archiveCount(archive, "PRAGMA page_count")
            free = try archiveCount(archive, "PRAGMA freelist_count")
            size = try archiveCount(archive, "PRAGMA page_size")
        }

        /// The documented rule of `--vacuum auto`: rewrite when free pages >= pages / 4.
        var worthRewriting: Bool { free > 0 && 4 * free >= pages }
    }

    /// `count` back-swipes replayed once per engine in `engines`, checkpointed into the file. A
    /// number is a profile of that `nav.parallax` (the underneath view's offset: every frame of a
    /// back-swipe moves, so the replay diverges and keeps its traces).
    private static func archive(sessions count: Int, engines: [String]) throws -> (folder: String, archive: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: count, seed: 23, in: folder), into: archive)
        for engine in engines {
            var engine = engine
            if let parallax = Double(engine) {
                engine = folder + "/parallax-\(parallax).json"
                try #"{"name":"parallax-\#(parallax)","parameters":{"nav.parallax":\#(parallax)}}"#.write(
                    toFile: engine, atomically: true, encoding: .utf8)
            }
            let run = try runReel(["replay", archive, "--engine", engine], in: folder)
            #expect(run.status == 0 || run.status == 1, "\(run.standardError)")
        }
        _ = try archiveFileHash(archive)
        return (folder, archive)
    }

    private static func copy(_ archive: String, to name: String) throws -> String {
        let copy = (archive as NSString).deletingLastPathComponent + "/" + name
        try FileManager.default.copyItem(atPath: archive, toPath: copy)
        return copy
    }

    private static func fileSize(_ path: String) throws -> Int64 {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value)
    }

    private static func pruneJSON(_ archive: String, _ arguments: [String], in folder: String) throws -> [String: Any] {
        let run = try runReel(["prune", archive, "--format", "json"] + arguments, in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    }

    /// The same prune on two copies: `never` leaves the free pages for the test to count; `auto`
    /// then rewrites exactly when the rule, applied to those counts, says so.
    private static func checkAutoFollowsTheRule(_ archive: String, in folder: String, expectRewrite: Bool) throws {
        let never = try copy(archive, to: "never.sqlite")
        let bytes = try fileSize(archive)
        let left = try pruneJSON(never, ["--keep-last", "1", "--vacuum", "never"], in: folder)
        let pages = try Pages(of: never)
        #expect(left["vacuumed"] as? Bool == false && left["vacuum"] as? String == "never")
        #expect(left["free_bytes"] as? Int == Int(pages.free * pages.size))
        #expect(try fileSize(never) == bytes, "the free pages stay inside the file")
        #expect(left["bytes_after"] as? Int == Int(bytes))
        try #require(pages.worthRewriting == expectRewrite, "the fixture's share: \(pages.free) of \(pages.pages) pages")

        let auto = try pruneJSON(archive, ["--keep-last", "1"], in: folder)
        #expect(auto["vacuum"] as? String == "auto")
        #expect(auto["vacuumed"] as? Bool == expectRewrite)
        #expect(auto["free_bytes"] as? Int == Int(pages.free * pages.size))
        #expect(auto["pruned"] as? [Int] == left["pruned"] as? [Int])
        let after = try fileSize(archive)
        #expect(auto["bytes_after"] as? Int == Int(after))
        if expectRewrite {
            #expect(after < bytes, "\(bytes) -> \(after)")
            #expect(try archiveCount(archive, "PRAGMA freelist_count") == 0)
        } else {
            #expect(after == bytes)
            #expect(try archiveCount(archive, "PRAGMA freelist_count") == pages.free)
        }
        #expect(try archiveDump(archive) == archiveDump(never), "the same rows either way")
    }

    /// Three replays of three profiles that kept their traces of the sessions they diverged on
    /// (most of them), pruned: their traces are a large share of a small archive, over a quarter.
    @Test func autoRewritesWhenAQuarterOrMoreIsFree() throws {
        let (folder, archive) = try Self.archive(sessions: 60, engines: ["0.2", "0.25", "0.4", "builtin"])
        try Self.checkAutoFollowsTheRule(archive, in: folder, expectRewrite: true)
    }

    /// One replay's verdicts of sessions that all matched (no kept traces) beside the recorded
    /// frames of 120 sessions: a few pages, well under a quarter. The text says what stays.
    @Test func autoKeepsTheFreePagesWhenTheyAreUnderAQuarter() throws {
        let (folder, archive) = try Self.archive(sessions: 120, engines: ["builtin", "builtin"])
        let text = try Self.copy(archive, to: "text.sqlite")
        try Self.checkAutoFollowsTheRule(archive, in: folder, expectRewrite: false)

        let run = try runReel(["prune", text, "--keep-last", "1"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let pages = try Pages(of: text)
        let percent = String(format: "%.1f%%", Double(pages.free) * 100 / Double(pages.pages))
        #expect(run.standardOutput.contains("removed 1 replay (1): 120 verdicts"), "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains(
                "  file: \(try Self.fileSize(text)) bytes, \(pages.free * pages.size) bytes free (\(percent) of the file), "
                    + "kept for later writes to reuse (under a quarter"), "\(run.standardOutput)")
    }

    /// `never` keeps even a large share, and the next replay fills some of it instead of growing
    /// the file; `always` rewrites even when nothing is removed (the free pages a `never` prune
    /// left), and the rewritten file has no free page; an unknown value is usage.
    @Test func alwaysAndNever() throws {
        let (folder, archive) = try Self.archive(sessions: 60, engines: ["0.2", "0.25", "0.4", "builtin"])
        let bytes = try Self.fileSize(archive)
        let never = try Self.pruneJSON(archive, ["--keep-last", "1", "--vacuum", "never"], in: folder)
        #expect(never["vacuumed"] as? Bool == false && never["pruned"] as? [Int] == [1, 2, 3])
        let pages = try Pages(of: archive)
        #expect(pages.worthRewriting, "auto would have rewritten it: \(pages.free) of \(pages.pages) pages")
        #expect(try Self.fileSize(archive) == bytes)
        // Later writes take the free pages before the file grows: a profile's replay and its kept
        // traces (one of the three pruned ones' size) fit.
        let replay = try runReel(["replay", archive, "--engine", folder + "/parallax-0.2.json"], in: folder)
        #expect(replay.status == 0 || replay.status == 1, "\(replay.standardError)")
        _ = try archiveFileHash(archive)
        let reused = try Pages(of: archive)
        #expect(reused.pages == pages.pages && reused.free < pages.free, "\(pages) -> \(reused)")
        #expect(try Self.fileSize(archive) == bytes)

        let nothing = try runReel(["prune", archive, "--keep-last", "2", "--vacuum", "always"], in: folder)
        #expect(nothing.status == 0, "\(nothing.standardError)")
        let after = try Self.fileSize(archive)
        let percent = String(format: "%.1f%%", Double(reused.free) * 100 / Double(reused.pages))
        #expect(nothing.standardOutput.contains("no replay removed"), "\(nothing.standardOutput)")
        #expect(
            nothing.standardOutput.contains(
                "  file: \(bytes) -> \(after) bytes (rewritten: \(reused.free * reused.size) bytes free (\(percent) of the file))"),
            "\(nothing.standardOutput)")
        #expect(after < bytes, "\(bytes) -> \(after)")
        #expect(try archiveCount(archive, "PRAGMA freelist_count") == 0)
        let check = try runReel(["info", archive, "--check"], in: folder)
        #expect(check.status == 0 && check.standardOutput.contains("check:    ok"), "\(check.standardOutput)\(check.standardError)")

        let bad = try runReel(["prune", archive, "--keep-last", "1", "--vacuum", "sometimes"], in: folder)
        #expect(bad.status == 64 && bad.standardError.contains("sometimes"), "\(bad.standardError)")
    }

    /// The help names the option, its three values and the rule.
    @Test func helpExplainsTheRule() throws {
        let help = try runReel(["prune", "--help"], in: try temporaryFolder()).standardOutput
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("[--vacuum <vacuum>]"), "\(help)")
        #expect(words.contains("(values: auto, always, never; default: auto)"), "\(help)")
        #expect(words.contains("auto: when they are at least a quarter of its pages"), "\(help)")
        #expect(words.contains("--vacuum auto (the default) rewrites only when at least a quarter of the file's pages are free"), "\(help)")
    }
}
