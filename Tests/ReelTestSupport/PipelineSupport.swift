import Foundation
import ReelEngine
import ReelFormats
import ReelRunner
import ReelStore
import ReelSynth
import ReelTrace
import Testing

/// Synthesized sessions of a catalog scenario, written as a gesture stream; returns its path.
package func synthesizedStream(_ scenario: String, count: Int, seed: UInt64, in folder: String, refreshHz: Double = 60) throws -> String {
    let spec = try #require(ScenarioCatalog.named(scenario))
    let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: refreshHz, seed: seed)
    var bytes: [UInt8] = []
    for index in 0..<count { bytes += GestureStreamWriter.encode(synthesizer.session(index: index)) }
    let path = folder + "/\(scenario)-\(seed).jsonl"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

/// Records `stream` into a new archive with `engine` and returns the archive's path.
package func record(_ stream: String, engine: EngineSpec = .builtin, into archivePath: String) throws -> Recorder.Summary {
    let archive = try Archive.open(archivePath, mode: .readWrite)
    let recorder = Recorder(archive: archive, engine: try EngineFactory(engine).make())
    try recorder.record(try GestureStreamReader(path: stream))
    return recorder.summary
}

/// Replay verdicts without the replay id, so runs can be compared.
package struct Verdict: Hashable {
    package var session: Int64
    package var status: String
    package var expected: String?
    package var actual: String?
    package var firstFrame: Int?
    package var maxError: Double?
    package var divergences: [String]
}

package func verdicts(of replayID: Int64, in path: String) throws -> [Verdict] {
    let archive = try Archive.open(path, mode: .readOnly)
    return try archive.replayResults(replayID: replayID).map { row in
        let divergences = try archive.divergences(replayID: replayID, sessionID: row.sessionID).map {
            "\($0.kind.rawValue)|\($0.frameIndex ?? -1)|\($0.viewKey ?? "")|\($0.property ?? "")|\($0.expected ?? "")|\($0.actual ?? "")"
        }
        return Verdict(
            session: row.sessionID, status: row.status.rawValue, expected: row.decisionExpected?.rawValue,
            actual: row.decisionActual?.rawValue, firstFrame: row.firstDivergentFrame, maxError: row.maxError,
            divergences: divergences)
    }
}

/// A profile file in `folder` overriding `parameters`.
package func profile(_ parameters: String, in folder: String, name: String = "candidate") throws -> String {
    let path = folder + "/\(name).json"
    try Data("{\"name\":\"\(name)\",\"parameters\":{\(parameters)}}".utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// `count` recorded swipe dismissals in a new folder, and a candidate profile that flips some
/// (seed 000's threshold drops from 0.5 to 0.3).
package func swipeDismissCorpus(count: Int) throws -> (folder: String, archive: String, candidate: String) {
    let folder = try temporaryFolder()
    let archive = folder + "/a.sqlite"
    _ = try record(try synthesizedStream("modal.swipe-dismiss", count: count, seed: 11, in: folder), into: archive)
    return (folder, archive, try profile("\"swipe.threshold\":0.3", in: folder))
}
