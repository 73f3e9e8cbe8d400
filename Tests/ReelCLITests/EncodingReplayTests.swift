import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// The two encodings through the binaries (docs/PROTOCOL.md, "Hello" and "The binary encoding"):
/// `reel` says hello in its first request to each process, `reel engine serve` agrees to binary
/// both ways, and an archive recorded from binary answers holds exactly the rows of one recorded
/// from plain ones (the same server, the hello cut out on the way by `sed`, as an engine written
/// before the hello would leave it); each archive replays at the exact tolerance with the other.
@Suite("Encodings through the binary")
struct EncodingReplayTests {
    @Test func binaryAndPlainAnswersRecordAndReplayTheSame() throws {
        let folder = try temporaryFolder()
        let reel = "'" + reelExecutable.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let engines = [
            ("binary", "exec:tee -a '\(folder)/binary-requests.jsonl' | \(reel) engine serve"),
            ("plain", #"exec:sed -u 's/"hello":{[^}]*},//' | tee -a '\#(folder)/plain-requests.jsonl' | \#(reel) engine serve"#),
        ]
        var streams: [String] = []
        for (index, scenario) in ["modal.swipe-dismiss", "nav.interactive-pop", "nav.push-cube"].enumerated() {
            streams.append(try synthesizedStream(scenario, count: 8, seed: UInt64(30 + index), in: folder))
        }
        // What reel says first: the start of its first request.
        _ = try runReel(
            ["record", folder + "/probe.sqlite", streams[0], "--engine", "exec:head -c 300 > '\(folder)/request.txt'; exit 1"], in: folder)
        let sent = (try? String(contentsOfFile: folder + "/request.txt", encoding: .utf8)) ?? ""
        #expect(sent.hasPrefix(#"{"id":1,"hello":{"protocol":2,"answers":["binary","plain"],"requests":["binary","plain"]},"#), "\(sent)")
        var dumps: [[String: [String]]] = []
        for (name, engine) in engines {
            let archive = folder + "/\(name).sqlite"
            let recorded = try runReel(["record", archive] + streams + ["--engine", engine], in: folder)
            #expect(recorded.status == 0, "\(name): \(recorded.standardError)")
            // Each archive replayed by the other encoding at the exact tolerance: every session matches.
            for (otherName, other) in engines where otherName != name {
                let replay = try runReel(["replay", archive, "--engine", other, "--tolerance", "exact", "--jobs", "2"], in: folder)
                #expect(replay.status == 0, "\(name) by \(otherName): \(replay.standardOutput)\(replay.standardError)")
            }
            #expect(try verdicts(of: 1, in: archive).count == 24)
            dumps.append(try archiveDump(archive, ignoring: ["engines.fingerprint", "replays.engine_specifier", "replays.command"]))
        }
        // Each process of the binary engine got one plain request with the hello, then binary
        // touches only; the engine without a hello only plain ones.
        let requests = try String(contentsOfFile: folder + "/binary-requests.jsonl", encoding: .utf8).split(separator: "\n")
        let hellos = requests.filter { $0.contains(#""hello":"#) }
        #expect(!hellos.isEmpty && hellos.allSatisfy { $0.contains(#""touches":["#) })
        #expect(requests.filter { !$0.contains(#""hello":"#) }.allSatisfy { $0.contains(#""binary_touches":""#) })
        #expect(requests.count > hellos.count * 4)
        let plainRequests = try String(contentsOfFile: folder + "/plain-requests.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(plainRequests.allSatisfy { $0.contains(#""touches":["#) && !$0.contains("binary_touches") && !$0.contains("hello") })
        for table in Set(dumps[0].keys).union(dumps[1].keys) where !["replays", "run_metadata"].contains(table) {
            #expect(dumps[0][table] == dumps[1][table], "table \(table) differs")
        }
        #expect(dumps[0]["frame_views"]?.isEmpty == false || dumps[0]["frames"]?.isEmpty == false)
    }

    /// A replay through `exec:reel engine serve` compares the binary answer's frames as columns
    /// (`FrameColumns`, no `Frame` made); on a profile that diverges (legacy-0.3: other thresholds
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

    /// What `reel engine serve` answers to each hello, through the binaries: the hello's
    /// agreement, in that encoding, and for the next request too.
    @Test func theServerAnswersTheEncodingItsHelloAgreed() throws {
        let folder = try temporaryFolder()
        let request =
            #"{"id":ID,HELLO"scenario":{"name":"modal.swipe-dismiss"},"touches":[{"t":0,"id":1,"phase":"began","x":100,"y":300},{"t":0.1,"id":1,"phase":"ended","x":100,"y":500}]}"#
        for (hello, first, second) in [
            // The layout's first byte, 2, is the text's first 6 bits and 2 of the next 6: "A" and one of g h i j.
            (
                #""hello":{"protocol":2,"answers":["binary","plain"],"requests":["binary","plain"]},"#,
                #"^\{"id":1,"hello":\{"protocol":2,"answers":"binary","requests":"binary"\},"engine":.*"binary_trace":"A[ghij]"#,
                #"^\{"id":2,"engine":.*"binary_trace":"A[ghij]"#
            ),
            (
                #""hello":{"protocol":2,"answers":["plain"],"requests":["plain"]},"#,
                #"^\{"id":1,"hello":\{"protocol":2,"answers":"plain","requests":"plain"\},"engine":.*"frames":\["#,
                #"^\{"id":2,"engine":.*"frames":\["#
            ),
            (
                #""hello":{"protocol":3,"answers":["binary"]},"#,
                #"^\{"id":1,"error":"the hello asks for protocol 3; this engine speaks protocol 2"#, #"^\{"id":2,"engine":.*"frames":\["#
            ),
            ("", #"^\{"id":1,"engine":.*"frames":\["#, #"^\{"id":2,"engine":.*"frames":\["#),
        ] {
            let input = folder + "/request.jsonl"
            let lines = [
                request.replacingOccurrences(of: "ID", with: "1").replacingOccurrences(of: "HELLO", with: hello),
                request.replacingOccurrences(of: "ID", with: "2").replacingOccurrences(of: "HELLO", with: ""),
            ]
            try (lines.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
            let served = try runReel(["engine", "serve"], in: folder, input: input)
            #expect(served.status == 0, "\(served.standardError)")
            let answers = served.standardOutput.split(separator: "\n").map(String.init)
            try #require(answers.count == 2, "\(served.standardOutput.prefix(300))")
            #expect(answers[0].range(of: first, options: .regularExpression) != nil, "\(hello): \(answers[0].prefix(200))")
            #expect(answers[1].range(of: second, options: .regularExpression) != nil, "\(hello): \(answers[1].prefix(200))")
        }
    }
}
