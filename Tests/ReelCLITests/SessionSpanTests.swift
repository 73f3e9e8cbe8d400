import Foundation
import ReelFormats
import ReelTestSupport
import Testing

/// Issue 15 item 4, through the `reel` executable: a tiny stream holding one finger down for a day
/// is rejected at the touch past `limits.max_session_span` (file:line, exit 65) before anything is
/// simulated; a session within the limit is read whole; a transition ends within 600 s.
@Suite("Session span limit")
struct SessionSpanTests {
    @Test func aFingerDownForADayIsRejectedWithItsLineBeforeSimulation() throws {
        let folder = try temporaryFolder()
        let stream = folder + "/day.jsonl"
        try """
        {"type":"session","scenario":"nav.interactive-pop"}
        {"type":"touch","t":0,"id":0,"phase":"began","x":4,"y":420}
        {"type":"touch","t":0.1,"id":0,"phase":"moved","x":60,"y":420}
        {"type":"touch","t":86400,"id":0,"phase":"ended","x":101,"y":420}

        """.write(toFile: stream, atomically: true, encoding: .utf8)
        let archivePath = folder + "/a.sqlite"
        let run = try runReel(["record", archivePath, stream], in: folder)
        #expect(run.status == 65, "exit \(run.status): \(run.standardError)")
        #expect(
            run.standardError.contains("day.jsonl:4: the session spans more than 600 s (limits.max_session_span)"),
            "\(run.standardError)")
        #expect(try archiveCount(archivePath, "SELECT count(*) FROM sessions") == 0)
        #expect(try archiveCount(archivePath, "SELECT count(*) FROM frames") == 0)
        #expect(try integrityCheck(archivePath) == "ok")
    }

    /// A line without a newline for 17 MiB (a stream that is not JSON Lines, or a hostile one) is
    /// refused at its line number once it passes 16 MiB, with the sessions before it recorded; read
    /// memory stays bounded by the limit.
    @Test func aLineLongerThanSixteenMebibytesIsRejectedWithItsLine() throws {
        let folder = try temporaryFolder()
        let good = try String(contentsOfFile: try synthesizedStream("nav.push", count: 1, seed: 3, in: folder), encoding: .utf8)
        let stream = folder + "/long.jsonl"
        var bytes = Data(good.utf8)
        let lines = good.split(separator: "\n").count
        bytes.append(Data("{\"type\":\"session\",\"scenario\":\"nav.push\"}\n".utf8))
        bytes.append(Data(repeating: UInt8(ascii: "x"), count: 17 << 20))
        try bytes.write(to: URL(fileURLWithPath: stream))
        let archivePath = folder + "/a.sqlite"
        let run = try runReel(["record", archivePath, stream], in: folder)
        #expect(run.status == 65, "exit \(run.status): \(run.standardError)")
        #expect(run.standardError.contains("long.jsonl:\(lines + 2): line longer than 16777216 bytes"), "\(run.standardError)")
        #expect(try archiveCount(archivePath, "SELECT count(*) FROM sessions") == 1)
        #expect(try integrityCheck(archivePath) == "ok")
    }

    /// After the last touch the engine runs at most `Engine.maximumTransitionDuration` (600 s),
    /// whatever the profile says (a profile's ranges, issue 15 item 5, may refuse it outright: 65).
    @Test func aProfileCannotMakeATransitionRunAway() throws {
        let folder = try temporaryFolder()
        let profile = folder + "/slow.json"
        try #"{"name": "slow", "parameters": {"clock.max_duration": 1e7, "nav.duration": 1e7}}"#
            .write(toFile: profile, atomically: true, encoding: .utf8)
        let stream = try synthesizedStream("nav.push", count: 1, seed: 61, in: folder)
        let archivePath = folder + "/a.sqlite"
        let run = try runReel(["record", archivePath, stream, "--engine", profile], in: folder)
        #expect(run.status == 0 || run.status == 65, "exit \(run.status): \(run.standardError)")
        if run.status == 0 {
            #expect(try archiveCount(archivePath, "SELECT count(*) FROM frames") <= 600 * 60 + 1)
            #expect(try integrityCheck(archivePath) == "ok")
        }
    }

    @Test func theLimitIsInclusive() throws {
        func session(lastTouch t: Double) -> String {
            """
            {"type":"session","scenario":"nav.interactive-pop"}
            {"type":"touch","t":1,"id":0,"phase":"began","x":4,"y":420}
            {"type":"touch","t":\(t),"id":0,"phase":"ended","x":101,"y":420}

            """
        }
        let within = GestureStreamReader(text: session(lastTouch: 1 + GestureLimits.maxSessionSpan), name: "in.jsonl")
        guard case .success(let accepted)? = within.next() else {
            Issue.record("a 600 s session was rejected")
            return
        }
        #expect(accepted.touches.count == 2)
        let beyond = GestureStreamReader(text: session(lastTouch: 1.001 + GestureLimits.maxSessionSpan), name: "in.jsonl")
        guard case .failure(let error)? = beyond.next() else {
            Issue.record("a 600.001 s session was accepted")
            return
        }
        #expect(error.line == 3)
    }
}
