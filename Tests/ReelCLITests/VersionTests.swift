import Foundation
import ReelEngine
import ReelTestSupport
import Testing

/// Issue 35, releases: `reel --version` names the tool's release (the newest heading of
/// CHANGELOG.md) and, separately, the engine's version, whose fingerprints the tool's version
/// does not enter.
@Suite("reel --version")
struct VersionTests {
    /// The version of CHANGELOG.md's first `## [x.y.z]` heading.
    private static func changelogVersion() throws -> String {
        let text = try String(contentsOfFile: repositoryRoot + "/CHANGELOG.md", encoding: .utf8)
        let heading = try #require(text.split(separator: "\n").first { $0.hasPrefix("## [") })
        return String(heading.dropFirst("## [".count).prefix { $0 != "]" })
    }

    @Test func namesTheToolsReleaseAndTheEnginesVersionApart() throws {
        let run = try runReel(["--version"], in: try temporaryFolder())
        #expect(run.status == 0)
        let line = run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix("reel \(try Self.changelogVersion()) ("), "\(line)")
        #expect(line.contains("(engine \(Engine.name) \(Engine.version),"), "\(line)")
    }
}
