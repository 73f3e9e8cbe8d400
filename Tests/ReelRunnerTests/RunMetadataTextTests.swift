import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// The stored metadata read from text in hand (`RunMetadata(json:)`, for rows carrying
/// `metadataJSON`) agrees with the archive's reader (`Archive.runMetadata`, SQLite's JSON functions).
@Suite struct RunMetadataTextTests {
    @Test func textAndArchiveReadTheSameValues() throws {
        var metadata = RunMetadata.fromEnvironment(["GITLAB_CI": "true", "CI_COMMIT_SHA": "c1"], host: "h")
        try metadata.set(arguments: ["quote=\"\\\n\u{01}", "emoji=📱", "pr=9"])
        #expect(RunMetadata(json: metadata.json) == metadata)
        let folder = try temporaryFolder()
        let archive = try Archive.open(folder + "/a.sqlite", mode: .readWrite)
        let id = try archive.write {
            try archive.beginReplay(
                engineID: try archive.engineID(for: EngineIdentity(name: "e", version: "1", fingerprint: "f", profileJSON: "{}")),
                candidate: "e", tolerancesJSON: "{}", shard: nil, metadataJSON: metadata.json)
        }
        #expect(try archive.runMetadata(replayID: id) == RunMetadata(json: metadata.json))
        // Neither takes an object with a member that is not a string.
        for text in [#"{"build":42}"#, #"{"a":"b","c":null}"#, "[]", "not json"] {
            #expect(RunMetadata(json: text) == nil, "\(text)")
        }
    }
}
