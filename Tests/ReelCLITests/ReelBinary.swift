import Foundation

/// What a run of the `reel` binary printed and how it exited.
struct ReelRun {
    var status: Int32
    var output: String
    var errorOutput: String
}

/// The `reel` executable built beside the test bundle (`swift test` builds every product).
let reelBinary: String = {
    let testBundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    return testBundle.appendingPathComponent("reel").path
}()

/// Runs `reel ARGUMENTS...` in `folder` and waits for it; standard output and error go through
/// files, so neither can fill a pipe and stall the process.
func reel(_ arguments: [String], in folder: String) throws -> ReelRun {
    let capture = folder + "/reel-" + UUID().uuidString
    for stream in [".out", ".err"] { _ = FileManager.default.createFile(atPath: capture + stream, contents: nil) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: reelBinary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".out"))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".err"))
    try process.run()
    process.waitUntilExit()
    return ReelRun(
        status: process.terminationStatus,
        output: try String(contentsOfFile: capture + ".out", encoding: .utf8),
        errorOutput: try String(contentsOfFile: capture + ".err", encoding: .utf8))
}
