import Foundation
import ReelFormats
import ReelRunner
import ReelTestSupport
import Testing

/// Issue 49: `reel accept` and `reel review` compare the `--engine` given with the replay's stored
/// candidate by what it names (device and inode of each file), not by its spelling: 0.16.0 refused
/// `/abs/c.json` for a replay run with `c.json`, and `exec:python3 /abs/e.py` for `exec:python3 e.py`.
@Suite("An engine is the file it names")
struct SameEngineTextTests {
    @Test func profilesAndExecWordsAreComparedByFile() throws {
        let folder = try temporaryFolder()
        let profilePath = folder + "/c.json"
        let script = folder + "/e.py"
        for path in [profilePath, script, folder + "/other.py"] { try Data("{}".utf8).write(to: URL(fileURLWithPath: path)) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: profilePath)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        // Other spellings of one file (paths relative to the current folder are stat-ed the same way).
        let spelled = folder + "/sub/../c.json"

        #expect(SameEngineText.check(.profile(path: profilePath), stored: spelled))
        #expect(SameEngineText.check(.profile(path: folder + "/./link.json"), stored: profilePath))
        #expect(!SameEngineText.check(.profile(path: folder + "/other.py"), stored: profilePath))
        #expect(!SameEngineText.check(.profile(path: folder + "/missing.json"), stored: folder + "/missing2.json"))
        #expect(SameEngineText.check(.exec(command: "sh \(script) --fast"), stored: "exec:sh \(folder)/sub/../e.py --fast"))
        let shell = try #require(["/bin/sh", "/usr/bin/sh"].first { FileManager.default.isExecutableFile(atPath: $0) })
        #expect(SameEngineText.check(.exec(command: "\(shell) \(script)"), stored: "exec:sh \(script)"))
        #expect(!SameEngineText.check(.exec(command: "sh \(folder)/other.py"), stored: "exec:sh \(script)"))
        #expect(!SameEngineText.check(.exec(command: "sh \(script) --fast"), stored: "exec:sh \(script)"))
        #expect(!SameEngineText.check(.exec(command: "sh \(script)"), stored: script))
        #expect(SameEngineText.check(.preset(name: "legacy-0.3"), stored: "legacy-0.3"))
        #expect(!SameEngineText.check(.builtin, stored: "legacy-0.3"))
    }
}
