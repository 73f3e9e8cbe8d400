import Foundation
import ReelTestSupport
import Testing

/// `reel capture` runs the separate `reel-capture` executable, which the default package does not
/// build (Package.swift: REEL_CAPTURE=1 adds it). Without it, `reel capture` must say how to get it.
@Suite("reel capture without the capture executable")
struct CaptureWithoutServerTests {
    /// A reel without reel-capture beside it or on PATH says how to get it, exits 69 (EX_UNAVAILABLE)
    /// and creates no archive.
    @Test func withoutTheCaptureExecutableReelSaysHowToGetIt() throws {
        let folder = try temporaryFolder()
        let lone = folder + "/bin/reel"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: reelExecutable, toPath: lone)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lone)
        process.arguments = ["capture", folder + "/a.sqlite", "--scenario", "nav.push"]
        process.environment = ["PATH": "/usr/bin:/bin"]
        let errorPath = folder + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let message = try String(contentsOfFile: errorPath, encoding: .utf8)
        #expect(process.terminationStatus == 69)
        #expect(message.hasPrefix("reel: error: reel capture needs the reel-capture executable"))
        #expect(message.contains("REEL_CAPTURE=1 swift build -c release --product reel-capture"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/a.sqlite"))
    }
}
