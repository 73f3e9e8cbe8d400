import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 50: the second, independent implementation of the binary encoding. tools/example_engine.py
/// `--binary` writes its answers (`encode_trace`) and reads Reel's requests (`decode_touches`) by
/// docs/PROTOCOL.md alone; a corpus replayed with it gets exactly the verdicts and rows of the
/// same engine in plain JSON and of one written before the hello: recorded with the example
/// engine (every session matches at the exact tolerance) and recorded with the built-in engine
/// (every session diverges the same way in each encoding).
@Suite("Example engine in binary")
struct ExampleEngineBinaryTests {
    private static let example = "python3 \(repositoryRoot)/tools/example_engine.py"

    /// The archive's rows after a replay of `archive` (a copy) with each of the example engine's
    /// encodings: the same for all (engines and replays aside: the command differs), and the verdicts.
    private static func replays(of archive: String, in folder: String, status: Int32) throws -> [String: [String: [String]]] {
        var dumps: [String: [String: [String]]] = [:]
        for (name, flags) in [("plain", ""), ("binary", " --binary"), ("old", " --no-hello")] {
            let copy = folder + "/replayed-\(name).sqlite"
            try FileManager.default.copyItem(atPath: archive, toPath: copy)
            let replay = try runReel(
                ["replay", copy, "--engine", "exec:\(example)\(flags)", "--tolerance", "exact", "--jobs", "2", "--format", "json"],
                in: folder)
            #expect(replay.status == status, "\(name): \(replay.standardOutput.prefix(400))\(replay.standardError)")
            dumps[name] = try archiveDump(copy, ignoring: ["engines.fingerprint", "replays.engine_specifier", "replays.command"])
        }
        return dumps
    }

    private static func expectSame(_ dumps: [String: [String: [String]]]) {
        let plain = dumps["plain"] ?? [:]
        for name in ["binary", "old"] {
            let other = dumps[name] ?? [:]
            for table in Set(plain.keys).union(other.keys) where !["engines", "replays", "run_metadata"].contains(table) {
                #expect(plain[table] == other[table], "table \(table) differs in \(name)")
            }
        }
        #expect((plain["replay_results"]?.count ?? 0) > 0)
    }

    @Test func aCorpusOfTheExampleEngineReplaysTheSameInBothEncodings() throws {
        let folder = try temporaryFolder()
        let streams = [
            try synthesizedStream("nav.interactive-pop", count: 12, seed: 81, in: folder),
            try synthesizedStream("nav.interactive-pop", count: 12, seed: 82, in: folder, refreshHz: 120),
        ]
        let archive = folder + "/recorded.sqlite"
        let recorded = try runReel(["record", archive] + streams + ["--engine", "exec:\(Self.example) --binary"], in: folder)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        // Recorded from binary answers, every session matches at the exact tolerance in every encoding.
        let dumps = try Self.replays(of: archive, in: folder, status: 0)
        Self.expectSame(dumps)
        #expect(dumps["plain"]?["replay_results"]?.count == 24)
    }

    @Test func aCorpusOfTheBuiltInEngineDivergesTheSameInBothEncodings() throws {
        let folder = try temporaryFolder()
        let streams = [
            try synthesizedStream("nav.interactive-pop", count: 10, seed: 83, in: folder),
            try synthesizedStream("nav.interactive-pop", count: 6, seed: 84, in: folder, refreshHz: 120),
        ]
        let archive = folder + "/recorded.sqlite"
        let recorded = try runReel(["record", archive] + streams, in: folder)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        // Another model: frames (and decisions) diverge, the same way whatever the encoding.
        let dumps = try Self.replays(of: archive, in: folder, status: 1)
        Self.expectSame(dumps)
        #expect(dumps["plain"]?["replay_results"]?.count == 16)
        #expect(dumps["plain"]?["divergences"]?.isEmpty == false)
    }

    /// What `reel engine serve` writes in binary, the independent reader (`decode_trace`) reads
    /// to the frames and events `reel engine serve` writes in plain JSON, number for number.
    @Test func theIndependentReaderReadsReelsBinaryAnswersAsItsPlainOnes() throws {
        let folder = try temporaryFolder()
        let stream = try synthesizedStream("modal.swipe-dismiss", count: 6, seed: 85, in: folder)
        let archive = folder + "/recorded.sqlite"
        // Two engine processes: one says hello (binary answers), one never does (plain).
        let binaryLog = folder + "/binary.jsonl"
        let plainLog = folder + "/plain.jsonl"
        let reel = "'" + reelExecutable.replacingOccurrences(of: "'", with: "'\\''") + "'"
        for (log, engine) in [
            (binaryLog, "exec:\(reel) engine serve | tee -a '\(binaryLog)'"),
            (plainLog, #"exec:sed -u 's/"hello":{[^}]*},//' | \#(reel) engine serve | tee -a '\#(plainLog)'"#),
        ] {
            try? FileManager.default.removeItem(atPath: archive)
            let recorded = try runReel(["record", archive, stream, "--engine", engine], in: folder)
            #expect(recorded.status == 0, "\(log): \(recorded.standardError)")
        }
        let script = """
            import base64, json, sys
            sys.path.insert(0, sys.argv[1])
            import example_engine
            binary = [json.loads(line) for line in open(sys.argv[2])]
            plain = [json.loads(line) for line in open(sys.argv[3])]
            assert len(binary) == len(plain) == 6, (len(binary), len(plain))
            for one, other in zip(binary, plain):
                frames, events = example_engine.decode_trace(base64.urlsafe_b64decode(one["binary_trace"]))
                def views(frames):
                    return [[{key: (float(value) if isinstance(value, int) and not isinstance(value, bool) and key != "z" else value)
                              for key, value in dict(view, transform=[float(n) for n in view["transform"]]).items()}
                             for view in frame["views"]] for frame in frames]
                assert [float(f["t"]) for f in frames] == [float(f["t"]) for f in other["frames"]]
                assert [float(f["progress"]) for f in frames] == [float(f["progress"]) for f in other["frames"]]
                assert views(frames) == views(other["frames"]), "views differ"
                assert [dict(e, t=float(e["t"])) for e in events] == [dict(e, t=float(e["t"])) for e in other["events"]]
            print("same", len(binary))
            """
        let run = try startProcess(
            ["/usr/bin/env", "python3", "-c", script, repositoryRoot + "/tools", binaryLog, plainLog], in: folder, captureFolder: folder
        ).wait()
        #expect(run.status == 0 && run.standardOutput == "same 6\n", "\(run.standardOutput)\(run.standardError)")
    }
}
