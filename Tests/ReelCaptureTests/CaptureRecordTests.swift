import Foundation
import ReelCapture
import ReelFormats
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The capture server hands its decoded session straight to the recorder (no gesture stream
/// written and read again), and stores exactly what `reel record` stores for the same session.
@Suite("capture stores what reel record stores")
struct CaptureRecordTests {
    @Test func aCapturedSessionsRowsAreThoseReelRecordWritesForIt() async throws {
        let folder = try temporaryFolder()
        let server = try await RunningServer(tags: ["team:ios"], in: folder)
        let userAgent = "ReelTests/1.0 (capture)"
        let sessions = (0..<3).map { submission($0).session }
        var answers: [Int] = []
        for session in sessions + [sessions[1]] {
            var request = URLRequest(url: URL(string: server.base + "/sessions?token=\(server.token)")!)
            request.httpMethod = "POST"
            request.httpBody = Data(GestureStreamWriter.encode(session))
            request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as! HTTPURLResponse).statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
            answers.append(member("session", String(decoding: data, as: UTF8.self)) as? Int ?? -1)
        }
        await server.stop()
        // Each session once, the resubmitted one under its first id.
        #expect(answers == [1, 2, 3, 2])

        // The same sessions through `reel record`, each from a stream named "capture" (the name a
        // capture's sessions carry) whose session line carries the tags a capture adds: "captured",
        // the device's screen, pixel ratio and refresh rate, the browser's User-Agent, then the
        // session's own tags and `--tag`.
        let recordFolder = folder + "/record"
        try FileManager.default.createDirectory(atPath: recordFolder, withIntermediateDirectories: true)
        for var session in sessions {
            let device = session.device
            session.tags =
                [
                    "captured", "device:screen=\(Int(device.width))x\(Int(device.height))", "device:pixel_ratio=\(Int(device.scale))",
                    "device:refresh_hz=\(Int(session.refreshHz))", "device:user_agent=\(userAgent)",
                ] + session.tags + ["team:ios"]
            try Data(GestureStreamWriter.encode(session)).write(to: URL(fileURLWithPath: recordFolder + "/capture"))
            let run = try runReel(["record", "recorded.sqlite", "capture"], in: recordFolder)
            #expect(run.status == 0, "\(run.standardError)")
        }
        let captured = try archiveDump(server.archive)
        let recorded = try archiveDump(recordFolder + "/recorded.sqlite")
        #expect(captured["sessions"]?.count == 3)
        for table in Set(captured.keys).union(recorded.keys).sorted() {
            #expect(captured[table] == recorded[table], "\(table)")
        }
    }
}
