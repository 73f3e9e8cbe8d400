import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 32 items 9 and 10, through the `reel` executable: values no screen has reached the output
/// code unchecked. `reel show` trapped converting a device of width 2^63 to Int; `reel report`
/// trapped on a pinch whose fingers end at +-1e300 (a NaN release velocity) and looped for ever on
/// release velocities of +-1e308 (the axis' tick stride overflowed). Streams refuse such devices,
/// readers report such rows as bad data, and plots take any finite range and leave out the rest.
/// Runs go through `timeout`, so a loop fails the test instead of hanging it.
@Suite("Hostile values reaching output")
struct HostileValueOutputTests {
    private static let launcher = ["/usr/bin/timeout", "120"]

    private static func session(_ scenario: String, _ touches: [(Double, Int, String, Double, Double)]) -> String {
        var lines = ["{\"type\":\"session\",\"scenario\":\"\(scenario)\"}"]
        for (t, id, phase, x, y) in touches {
            lines.append("{\"type\":\"touch\",\"t\":\(t),\"id\":\(id),\"phase\":\"\(phase)\",\"x\":\(x),\"y\":\(y)}")
        }
        return lines.joined(separator: "\n")
    }

    @Test func aStreamWithAnEnormousDeviceIsRefused() throws {
        let folder = try temporaryFolder()
        let stream = folder + "/big.jsonl"
        let text =
            "{\"type\":\"session\",\"scenario\":\"nav.interactive-pop\",\"device\":{\"width\":9.3e18,\"height\":844,\"scale\":3}}\n"
            + "{\"type\":\"touch\",\"t\":0,\"id\":0,\"phase\":\"began\",\"x\":4,\"y\":420}\n"
            + "{\"type\":\"touch\",\"t\":0.1,\"id\":0,\"phase\":\"ended\",\"x\":40,\"y\":420}\n"
        try text.write(toFile: stream, atomically: true, encoding: .utf8)
        let run = try runReel(["record", "a.sqlite", stream], in: folder)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("device.width"), "\(run.standardError)")
        #expect(run.standardError.contains("must be at most 100000, not 9.3e+18"), "\(run.standardError)")
    }

    @Test func showReportsAnArchivedEnormousDeviceAsBadData() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 2, seed: 4, in: folder), into: archive)
        let database = try Database.open(archive, mode: .readWrite)
        try database.execute("PRAGMA ignore_check_constraints = ON")
        try database.execute("UPDATE sessions SET device_width = 9.3e18, device_scale = 1e300 WHERE id = 1")
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        for command in [["show", archive, "1"], ["export", archive, "-o", folder + "/x.jsonl"]] {
            let run = try runReel(command, in: folder, launcher: Self.launcher)
            #expect(run.status == 65, "reel \(command[0]): \(run.status) \(run.standardError)")
            #expect(run.standardError.contains("sessions row 1"), "\(run.standardError)")
        }
        let other = try runReel(["show", archive, "2"], in: folder, launcher: Self.launcher)
        #expect(other.status == 0, "\(other.standardError)")
    }

    @Test func aReportOfEnormousReleasesEndsWithAPage() throws {
        let folder = try temporaryFolder()
        let pinch = Self.session(
            "modal.pinch-dismiss",
            [
                (0, 0, "began", 150, 400), (0, 1, "began", 250, 400), (0.05, 0, "moved", 160, 400), (0.05, 1, "moved", 240, 400),
                (0.1, 0, "moved", 1e300, 400), (0.1, 1, "moved", -1e300, 400), (0.15, 0, "ended", 1e300, 400),
                (0.15, 1, "ended", -1e300, 400),
            ])
        let flings = [1e306, -1e306].map { end in
            Self.session(
                "nav.interactive-pop",
                [(0, 0, "began", 4, 420), (0.05, 0, "moved", 60, 420), (0.1, 0, "moved", 120, 420), (0.11, 0, "ended", end, 420)])
        }
        let stream = folder + "/hostile.jsonl"
        try ([pinch] + flings).joined(separator: "\n").appending("\n").write(toFile: stream, atomically: true, encoding: .utf8)
        let recorded = try runReel(["record", "a.sqlite", stream], in: folder, launcher: Self.launcher)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        let replay = try runReel(["replay", "a.sqlite", "--engine", "legacy-0.3"], in: folder, launcher: Self.launcher)
        #expect(replay.status == 0 || replay.status == 1, "\(replay.status) \(replay.standardError)")
        let report = try runReel(["report", "a.sqlite", "-o", "report.html"], in: folder, launcher: Self.launcher)
        #expect(report.status == 0, "\(report.status) \(report.standardError)")
        let page = try String(contentsOfFile: folder + "/report.html", encoding: .utf8)
        #expect(page.hasSuffix("</html>\n") || page.hasSuffix("</html>"))
        #expect(!page.contains("NaN") && !page.contains("inf\""), "no non-finite coordinate reaches the page")
    }
}
