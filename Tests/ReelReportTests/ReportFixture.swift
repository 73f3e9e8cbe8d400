import Foundation
import ReelEngine
import ReelFormats
import ReelRunner
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

/// An archive with a sheet drag-to-dismiss scenario (interactive) and a tap push, recorded with the
/// built-in engine and replayed against a candidate whose sheet threshold is 0.45 instead of 0.4 and
/// whose sheet dismissal takes 0.35 s instead of 0.4 s; the sheet scenario is then renamed to a
/// hostile name, to check escaping.
struct ReportFixture {
    static let hostileName = "sheet.drag-dismiss <script>alert(\"x&y\")</script> 'q'"

    let archivePath: String
    let replayID: Int64

    init(sessions: Int = 24) throws {
        let folder = try temporaryFolder()
        archivePath = folder + "/archive.sqlite"
        var bytes: [UInt8] = []
        for (name, count) in [("sheet.drag-dismiss", sessions), ("nav.push", 3)] {
            let spec = try #require(ScenarioCatalog.named(name))
            let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: 60, seed: 7)
            for index in 0..<count { bytes += GestureStreamWriter.encode(synthesizer.session(index: index)) }
        }
        let stream = folder + "/corpus.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: stream))
        let archive = try Archive.open(archivePath, mode: .readWrite)
        let recorder = Recorder(archive: archive, engine: BuiltinEngine())
        try recorder.record(try GestureStreamReader(path: stream))
        let profile = folder + "/candidate.json"
        try Data(#"{"name":"candidate","parameters":{"sheetdrag.threshold":0.45,"sheet.dismiss_duration":0.35}}"#.utf8).write(
            to: URL(fileURLWithPath: profile))
        let replayer = Replayer(archivePath: archivePath, engine: try EngineFactory(.profile(path: profile)), options: .init())
        replayID = try replayer.run().replayID
        let name = Self.hostileName.replacingOccurrences(of: "'", with: "''")
        try archive.database.execute("UPDATE scenarios SET name = '\(name)' WHERE name = 'sheet.drag-dismiss'")
    }

    /// The first column of every row of `sql` as integers.
    func integers(_ sql: String) throws -> [Int64] {
        let archive = try Archive.open(archivePath, mode: .readOnly)
        let statement = try archive.database.prepare(sql)
        var values: [Int64] = []
        while try statement.step() { values.append(statement.int64(at: 0)) }
        return values
    }
}
