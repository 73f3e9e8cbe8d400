import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// The compact answer form through the binaries (docs/PROTOCOL.md, "Column answers"): `reel`
/// offers it, `reel engine serve` answers in it, and an archive recorded that way holds exactly
/// the rows of one recorded with plain answers (the same server, the offer taken out of every
/// request on the way by `sed`, as an engine that ignores the offer would leave it).
@Suite("Column answers through the binary")
struct ColumnAnswerReplayTests {
    @Test func columnAndPlainAnswersRecordAndReplayTheSame() throws {
        let folder = try temporaryFolder()
        let reel = "'" + reelExecutable.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let columns = "exec:exec \(reel) engine serve"
        let plain = #"exec:sed -u 's/"reply_encodings":\["columns"\],//' | \#(reel) engine serve"#
        var streams: [String] = []
        for (index, scenario) in ["modal.swipe-dismiss", "nav.interactive-pop", "nav.push-cube"].enumerated() {
            streams.append(try synthesizedStream(scenario, count: 8, seed: UInt64(30 + index), in: folder))
        }
        var dumps: [[String: [String]]] = []
        for (name, engine) in [("columns", columns), ("plain", plain)] {
            let archive = folder + "/\(name).sqlite"
            let recorded = try runReel(["record", archive] + streams + ["--engine", engine], in: folder)
            #expect(recorded.status == 0, "\(recorded.standardError)")
            // Each archive replayed by the other form at the exact tolerance: every session matches.
            let other = engine == columns ? plain : columns
            let replay = try runReel(["replay", archive, "--engine", other, "--tolerance", "exact", "--jobs", "2"], in: folder)
            #expect(replay.status == 0, "\(replay.standardOutput)\(replay.standardError)")
            #expect(try verdicts(of: 1, in: archive).count == 24)
            dumps.append(try archiveDump(archive, ignoring: ["engines.fingerprint", "replays.engine_specifier", "replays.command"]))
        }
        for table in Set(dumps[0].keys).union(dumps[1].keys) where !["replays", "run_metadata"].contains(table) {
            #expect(dumps[0][table] == dumps[1][table], "table \(table) differs")
        }
        #expect(dumps[0]["frame_views"]?.isEmpty == false || dumps[0]["frames"]?.isEmpty == false)
    }
}
