import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// The compact answer forms through the binaries (docs/PROTOCOL.md, "Column answers" and "Binary
/// answers"): `reel` offers them all (`["binary2","binary","columns"]`), `reel engine serve`
/// answers in the binary form's version 2, and archives recorded from binary (versions 2 and 1),
/// column and plain answers hold exactly the same rows (the same server, the offer cut down on the way by `sed`, as an engine that knows only
/// columns or neither form would leave it); each archive replays at the exact tolerance with every
/// other form.
@Suite("Column answers through the binary")
struct ColumnAnswerReplayTests {
    @Test func binaryColumnAndPlainAnswersRecordAndReplayTheSame() throws {
        let folder = try temporaryFolder()
        let reel = "'" + reelExecutable.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let offer = #""reply_encodings":\["binary2","binary","columns"\]"#
        let engines = [
            ("binary", "exec:tee -a '\(folder)/binary-requests.jsonl' | \(reel) engine serve"),
            ("binary1", #"exec:sed -u 's/\#(offer)/"reply_encodings":["binary","columns"]/' | \#(reel) engine serve"#),
            ("columns", #"exec:sed -u 's/\#(offer)/"reply_encodings":["columns"]/' | \#(reel) engine serve"#),
            ("plain", #"exec:sed -u 's/\#(offer),//' | \#(reel) engine serve"#),
        ]
        var streams: [String] = []
        for (index, scenario) in ["modal.swipe-dismiss", "nav.interactive-pop", "nav.push-cube"].enumerated() {
            streams.append(try synthesizedStream(scenario, count: 8, seed: UInt64(30 + index), in: folder))
        }
        // What reel offers: the start of one request as it writes it.
        _ = try runReel(
            ["record", folder + "/probe.sqlite", streams[0], "--engine", "exec:head -c 300 > '\(folder)/request.txt'; exit 1"], in: folder)
        let sent = (try? String(contentsOfFile: folder + "/request.txt", encoding: .utf8)) ?? ""
        #expect(sent.contains(#""reply_encodings":["binary2","binary","columns"]"#), "\(sent)")
        var dumps: [[String: [String]]] = []
        for (name, engine) in engines {
            let archive = folder + "/\(name).sqlite"
            let recorded = try runReel(["record", archive] + streams + ["--engine", engine], in: folder)
            #expect(recorded.status == 0, "\(name): \(recorded.standardError)")
            // Each archive replayed by every other form at the exact tolerance: every session matches.
            for (otherName, other) in engines where otherName != name {
                let replay = try runReel(["replay", archive, "--engine", other, "--tolerance", "exact", "--jobs", "2"], in: folder)
                #expect(replay.status == 0, "\(name) by \(otherName): \(replay.standardOutput)\(replay.standardError)")
            }
            #expect(try verdicts(of: 1, in: archive).count == 24)
            dumps.append(try archiveDump(archive, ignoring: ["engines.fingerprint", "replays.engine_specifier", "replays.command"]))
        }
        // The binary engine's processes were sent plain touches until they answered in binary, then
        // binary touches (docs/PROTOCOL.md, "Binary requests"); the others only plain ones.
        let requests = try String(contentsOfFile: folder + "/binary-requests.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(requests.contains { $0.contains(#""touches":["#) })
        #expect(requests.filter { $0.contains(#""binary_touches":""#) }.count > requests.count / 2)
        for other in dumps.dropFirst() {
            for table in Set(dumps[0].keys).union(other.keys) where !["replays", "run_metadata"].contains(table) {
                #expect(dumps[0][table] == other[table], "table \(table) differs")
            }
        }
        #expect(dumps[0]["frame_views"]?.isEmpty == false || dumps[0]["frames"]?.isEmpty == false)
    }

    /// A replay through `exec:reel engine serve` compares the binary answer's frames as columns
    /// (`PackedFrames`, no `Frame` made); on a profile that diverges (legacy-0.3: other thresholds
    /// and curves, so decisions, timings, frame counts, lifecycles and frame values differ), its
    /// verdicts and divergence rows are those of the same profile in process, with kept traces
    /// and without, and the kept traces are the in-process replay's.
    @Test func aDivergingReplayThroughTheEngineProtocolStoresTheInProcessRows() throws {
        let folder = try temporaryFolder()
        let reel = "'" + reelExecutable.replacingOccurrences(of: "'", with: "'\\''") + "'"
        var streams: [String] = []
        for (index, scenario) in ["nav.interactive-pop", "image.drag-dismiss", "nav.pop-zoom", "present.current-context"].enumerated() {
            streams.append(try synthesizedStream(scenario, count: 7, seed: UInt64(3 + index), in: folder))
        }
        let recorded = folder + "/recorded.sqlite"
        let record = try runReel(["record", recorded] + streams, in: folder)
        #expect(record.status == 0, "\(record.standardError)")
        var tables: [String: [String: [String]]] = [:]
        for (name, engine, keep) in [
            ("in-process", "legacy-0.3", "--keep-traces"), ("exec", "exec:\(reel) engine serve --engine legacy-0.3", "--keep-traces"),
            ("in-process-unkept", "legacy-0.3", "--no-keep-traces"),
            ("exec-unkept", "exec:\(reel) engine serve --engine legacy-0.3", "--no-keep-traces"),
        ] {
            let archive = folder + "/\(name).sqlite"
            try FileManager.default.copyItem(atPath: recorded, toPath: archive)
            let replay = try runReel(["replay", archive, "--engine", engine, "--jobs", "2", keep], in: folder)
            // 1: divergences in a failing kind.
            #expect(replay.status == 1, "\(name): \(replay.standardOutput)\(replay.standardError)")
            tables[name] = try archiveDump(archive, ignoring: ["engines.fingerprint", "replays.engine_specifier", "replays.command"])
        }
        // Every table but the engines' (a profile file's JSON in process, "{}" over the protocol)
        // and the replays' (the command): the verdicts, the divergences and the kept traces.
        for (inProcess, exec) in [("in-process", "exec"), ("in-process-unkept", "exec-unkept")] {
            let names = Set((tables[inProcess] ?? [:]).keys).union((tables[exec] ?? [:]).keys)
            for table in names where !["engines", "replays"].contains(table) {
                #expect(tables[inProcess]?[table] == tables[exec]?[table], "table \(table) differs (\(exec))")
            }
        }
        #expect((tables["exec"]?["replay_results"]?.count ?? 0) == 28)
        // The diverged sessions' traces were kept, their frames made from the columns.
        #expect((tables["exec"]?["traces"]?.count ?? 0) > (tables["exec-unkept"]?["traces"]?.count ?? 0))
        let verdicts = try verdicts(of: 1, in: folder + "/exec.sqlite")
        #expect(verdicts.count == 28)
        let diverged = verdicts.filter { $0.status == "diverged" }
        #expect(diverged.count >= 10, "\(verdicts.map(\.status))")
        // Frame values diverge, not only decisions and counts: the columns were compared.
        #expect(diverged.contains { $0.divergences.contains { $0.hasPrefix("frame|") } })
    }

    /// What `reel engine serve` answers to each offer, through the binaries.
    @Test func theServerAnswersTheFormOffered() throws {
        let folder = try temporaryFolder()
        let request =
            #"{"id":1,OFFER"scenario":{"name":"modal.swipe-dismiss"},"touches":[{"t":0,"id":1,"phase":"began","x":100,"y":300},{"t":0.1,"id":1,"phase":"ended","x":100,"y":500}]}"#
        for (offer, member) in [
            // The layout's first byte, its version, is the text's first 6 bits and 2 of the next 6:
            // 1 writes "A" and one of Q R S T, 2 "A" and one of g h i j.
            (#""reply_encodings":["binary2","binary","columns"],"#, #""binary_trace":"A[ghij]"#),
            (#""reply_encodings":["binary","columns"],"#, #""binary_trace":"A[QRST]"#),
            (#""reply_encodings":["columns"],"#, #""frame_columns":\{"#),
            ("", #""frames":\["#),
        ] {
            let input = folder + "/request.jsonl"
            try (request.replacingOccurrences(of: "OFFER", with: offer) + "\n").write(toFile: input, atomically: true, encoding: .utf8)
            let served = try runReel(["engine", "serve"], in: folder, input: input)
            #expect(served.status == 0, "\(served.standardError)")
            #expect(
                served.standardOutput.range(of: member, options: .regularExpression) != nil,
                "\(offer): \(served.standardOutput.prefix(200))")
        }
    }
}
