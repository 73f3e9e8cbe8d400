import Foundation
import ReelTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// python3's own executable, found on PATH with its symbolic links resolved (nil when there is
/// none): the fake servers run it directly, so the pid the test holds is the server's.
let python3Path: String? = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for folder in folders {
        let candidate = "\(folder)/python3"
        if FileManager.default.isExecutableFile(atPath: candidate) {
            return URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
        }
    }
    return nil
}()

/// A fake PostgreSQL server: a Python script that prints its port on its first line and serves
/// until its standard input ends. The test holds the only writing end of that input, so `stop()`
/// (or the test process's death) ends the server; `stop()` also kills it (SIGKILL, which it cannot
/// block or ignore) and reaps it, so no server outlives its test and none is waited on for ever.
///
/// ```swift
/// let server = try FakePostgresServer(script: hostileServerScript, arguments: ["stall", "0"], in: folder)
/// defer { server.stop() }
/// _ = try runPublish([archive, "--to", server.url], in: folder)
/// ```
final class FakePostgresServer {
    /// `postgres://reel@127.0.0.1:PORT/postgres`.
    let url: String
    private let child: ChildProcess
    private let input: Int32
    private let lock = NSLock()
    private var stopped = false

    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    init(script: String, arguments: [String], in folder: String) throws {
        guard let python = python3Path else { throw StartFailure(description: "no python3 on PATH") }
        let path = folder + "/fake-postgres.py"
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        var toServer: [Int32] = [-1, -1]
        var fromServer: [Int32] = [-1, -1]
        // Close-on-exec, so no other child started meanwhile holds an end (the server's own ends
        // are duplicated onto its descriptors 0 and 1, which clears the flag there).
        guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else {
            throw StartFailure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        for end in toServer + fromServer { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let discard = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            close(toServer[0])
            close(fromServer[1])
            close(discard)
        }
        do {
            child = try ChildProcess(
                [python, path] + arguments, in: folder, standardInput: toServer[0], standardOutput: fromServer[1],
                standardError: discard)
        } catch {
            close(toServer[1])
            close(fromServer[0])
            throw error
        }
        input = toServer[1]
        // The port line; the end of output (the script failed) ends it too.
        close(fromServer[1])
        fromServer[1] = -1
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < 64, read(fromServer[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        close(fromServer[0])
        guard let port = Int(String(decoding: line, as: UTF8.self)), (1...65535).contains(port) else {
            url = ""
            stop()
            throw StartFailure(description: "the fake server printed no port: \(String(decoding: line, as: UTF8.self))")
        }
        url = "postgres://reel@127.0.0.1:\(port)/postgres"
    }

    /// Ends the server and reaps it; a second call does nothing.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        close(input)
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
    }

    deinit { stop() }
}
