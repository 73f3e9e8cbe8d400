import Foundation
import ReelEngine
import ReelFleet
import ReelFormats
import ReelStore
import ReelSynth
import ReelTestSupport
import ReelTrace
import Testing

/// Text from an archive is data: tags, engine names and divergence details that look like SQL,
/// quotes, array syntax or escapes arrive in PostgreSQL exactly as the archive holds them.
@Suite(.enabled(if: postgresInstalled, noPostgresReason))
struct HostileTextTests {
    static let tags = [
        "'); DROP TABLE fleet_runs; --", "$1", "back\\slash \"quote\"", "{braces,comma}", "NULL", "", "ünïcødé 🎞️", "device:iPhone 15",
    ]
    static let engineName = "x'); DELETE FROM fleet_verdicts; --"
    static let engineVersion = "1.0\" OR 1=1 \\x00"
    static let detail = "line\nbreak\ttab %s %n '' \"\" E'\\n'"
    /// Doubles a float4 column or a text round trip would change.
    static let maxErrors: [Double] = [0.1 + 0.2, 1e-300, 123_456_789.123_456_78, -0.0, Double.leastNonzeroMagnitude, 1.0 / 3.0]

    /// An archive of sessions tagged with `tags`, and a replay by an engine named `engineName` whose
    /// verdicts carry `maxErrors` and divergences with `detail`, written through ReelStore.
    static func hostileArchive(in folder: String) throws -> String {
        let spec = try #require(ScenarioCatalog.named("modal.swipe-dismiss"))
        let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: 60, seed: 5)
        var bytes: [UInt8] = []
        for index in 0..<maxErrors.count {
            var session = synthesizer.session(index: index)
            session.tags = tags
            bytes += GestureStreamWriter.encode(session)
        }
        let stream = folder + "/hostile.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: stream))
        let path = folder + "/hostile.sqlite"
        _ = try record(stream, into: path)
        let archive = try Archive.open(path, mode: .readWrite)
        let engine = try archive.engineID(
            for: EngineIdentity(name: engineName, version: engineVersion, fingerprint: "fp-" + engineName, profileJSON: "{}"))
        let replay = try archive.beginReplay(engineID: engine, candidate: "exec:" + engineName, tolerancesJSON: "{}", shard: nil)
        for (sessionID, maxError) in zip(try archive.sessionIDs(), maxErrors) {
            try archive.insertReplayResult(
                ReplayResultRow(
                    replayID: replay, sessionID: sessionID, status: .diverged, decisionExpected: .finished, decisionActual: .cancelled,
                    firstDivergentFrame: 3, maxError: maxError, errorMessage: detail, kinds: [.decision, .frame]))
            try archive.insertDivergence(
                DivergenceRow(
                    replayID: replay, sessionID: sessionID,
                    divergence: Divergence(
                        kind: .frame, frameIndex: 3, viewKey: tags[0], property: tags[2], expected: "1", actual: "2", delta: maxError,
                        detail: detail)))
        }
        try archive.finishReplay(replay)
        try archive.foldWriteAheadLog()
        return path
    }

    @Test func hostileTextIsStoredExactly() async throws {
        let folder = try temporaryFolder()
        let archive = try Self.hostileArchive(in: folder)
        try await withPostgres { url in
            let metaValue = "'; DROP TABLE fleet_run_metadata; --"
            let run = try runPublish(
                [archive, "--replay", "1", "--to", url, "--meta", "branch=\(Self.tags[0])", "--meta", "note=\(metaValue)"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let runs = try await rows("SELECT engine_name, engine_version, candidate, branch FROM fleet_runs", at: url)
            #expect(runs.count == 1)
            #expect(runs.first?["engine_name"] as? String == Self.engineName)
            #expect(runs.first?["engine_version"] as? String == Self.engineVersion)
            #expect(runs.first?["candidate"] as? String == "exec:" + Self.engineName)
            #expect(runs.first?["branch"] as? String == Self.tags[0])
            let metadata = try await rows("SELECT key, value FROM fleet_run_metadata", at: url)
            #expect(metadata.count == 1 && metadata.first?["key"] as? String == "note" && metadata.first?["value"] as? String == metaValue)
            let verdicts = try await rows("SELECT tags, error_message, max_error::text AS max_error FROM fleet_verdicts", at: url)
            #expect(verdicts.count == Self.maxErrors.count)
            for verdict in verdicts {
                #expect(verdict["tags"] as? [String] == Self.tags)
                #expect(verdict["error_message"] as? String == Self.detail)
            }
            // The doubles the archive holds (SQLite keeps -0.0 as 0), bit for bit.
            let held = try Archive.open(archive, mode: .readOnly)
            let heldErrors = try held.replayResults(replayID: 1).compactMap(\.maxError).map(\.bitPattern).sorted()
            let heldDeltas = try held.divergences(replayID: 1).compactMap(\.delta).map(\.bitPattern).sorted()
            #expect(heldErrors.count == Self.maxErrors.count)
            let stored = verdicts.compactMap { ($0["max_error"] as? String).flatMap(Double.init)?.bitPattern }.sorted()
            #expect(stored == heldErrors)
            let divergences = try await rows("SELECT view_key, property, detail, delta::text AS delta FROM fleet_divergences", at: url)
            #expect(divergences.count == Self.maxErrors.count)
            #expect(divergences.allSatisfy { $0["view_key"] as? String == Self.tags[0] && $0["property"] as? String == Self.tags[2] })
            #expect(divergences.allSatisfy { $0["detail"] as? String == Self.detail })
            #expect(
                divergences.compactMap { ($0["delta"] as? String).flatMap(Double.init)?.bitPattern }.sorted()
                    == heldDeltas)
            // The tables are all still there.
            #expect(try await count("SELECT count(*) FROM information_schema.tables WHERE table_name LIKE 'fleet%'", at: url) == 4)
        }
    }
}

/// Failures before anything is written: a bad URL (64), a server that is not there (69), an
/// unknown replay (64), each message naming the URL without its password.
@Suite struct PublishErrorTests {
    @Test func badURLsAndUnreachableServersAreClearErrors() throws {
        let folder = try temporaryFolder()
        let archive = try HostileTextTests.hostileArchive(in: folder)
        let bad = try runPublish([archive, "--replay", "1", "--to", "mysql://u:secret@127.0.0.1/db"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("not a usable PostgreSQL URL") && !bad.standardError.contains("secret"), "\(bad.standardError)")
        let noDatabase = try runPublish([archive, "--replay", "1", "--to", "postgres://u:secret@127.0.0.1:5"], in: folder)
        #expect(noDatabase.status == 64 && !noDatabase.standardError.contains("secret"), "\(noDatabase.standardError)")
        // A loopback port nothing listens on: bound, read back and closed again.
        let port = try freeLoopbackPort()
        let url = "postgres://ci:secret@127.0.0.1:\(port)/fleet"
        let down = try runPublish([archive, "--replay", "1", "--to", url, "--connect-timeout", "5"], in: folder)
        #expect(down.status == 69, "\(down.standardError)")
        #expect(down.standardError.contains("postgres://ci@127.0.0.1:\(port)/fleet: cannot connect"), "\(down.standardError)")
        #expect(!down.standardError.contains("secret"))
        let unknown = try runPublish([archive, "--replay", "9", "--to", url], in: folder)
        #expect(unknown.status == 64 && unknown.standardError.contains("no replay 9 (its replays: 1)"), "\(unknown.standardError)")
        let missing = try runPublish([folder + "/none.sqlite", "--replay", "1", "--to", url], in: folder)
        #expect(missing.status == 66, "\(missing.standardError)")
    }

    /// An interrupted replay's verdicts are not final: refused (65) before any connection is made.
    @Test func anUnfinishedReplayIsRefused() throws {
        let (folder, archive) = try PublishTests.replayedCorpus()
        try interruptReplay(1, in: archive, after: 4)
        let run = try runPublish([archive, "--replay", "1", "--to", "postgres://u@127.0.0.1:1/db"], in: folder)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("replay 1 is still running or was interrupted"), "\(run.standardError)")
    }

    func freeLoopbackPort() throws -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                try #require(bind(socketFD, raw, length) == 0)
                try #require(getsockname(socketFD, raw, &length) == 0)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
