import ArgumentParser
import Dispatch
import Foundation
import ReelCapture
import ReelFormats
import ReelRunner
import ReelTrace
import Synchronization

/// `reel capture ARCHIVE --scenario NAME`: a web page on which people swipe with a real finger,
/// each gesture recorded into the archive as `reel record` would record it. This executable,
/// `reel-capture`, is what `reel capture` runs: it alone links the web server (Hummingbird on
/// SwiftNIO), so `reel` builds without them.
@main
struct ReelCaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reel capture",
        abstract: "Serve a web page that records real gestures (a phone, a tablet, a trackpad) into an archive.",
        discussion: """
            Prints a URL (and a QR code for a phone) of a page showing the scenario's screen at the \
            browser's size. Each gesture made on it is checked like `reel record` input, recorded in \
            one transaction, run through the engine, and played back on the page with the engine's \
            decision. Sessions are tagged 'captured' and with the device (device:screen=WxH, \
            device:pixel_ratio, device:refresh_hz, device:user_agent) and every --tag. The server \
            listens on loopback unless --host says otherwise (0.0.0.0: every interface, for phones on \
            the same network); every URL carries a random token, without which requests get 403. \
            Limits: capture.max_body_bytes 1 MiB (413), capture.max_touches 10000 and \
            capture.max_session_seconds 60 per session (400), capture.rate_burst 30 and \
            capture.rate_per_second 2 per client (429), clients served in turns; --max-sessions and \
            --max-bytes per run (503). Connections: 256 at once, 32 per client address; a connection \
            that has not shown the token must send its request head within 5 s, and at most 8 per \
            address (64 in all) are kept; a request must arrive whole within 30 s. \
            Ctrl-C (SIGINT) or SIGTERM stops the server; every session is committed when it arrives, \
            and the archive is left as one file (its write-ahead log folded in) on every stop. \
            Exit codes: 0 stopped by a signal, 64 bad option, 65 unknown scenario, 73 cannot listen.
            """)

    @Argument(help: "The archive to record into (created when missing).")
    var archive: String

    @Option(help: "The scenario to capture: a catalog name (`reel scenarios`) or a scenario .json file.")
    var scenario: String

    @Option(help: "builtin, legacy-0.3, a profile .json file, or exec:COMMAND.")
    var engine = "builtin"

    @Option(help: "The address to listen on: 127.0.0.1 (this machine only) or 0.0.0.0 (phones on the network).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(name: .customLong("tag"), help: "A tag for every captured session (repeatable).")
    var tags: [String] = []

    @Option(help: "Sessions this run records at most (capture.max_sessions).")
    var maxSessions = CaptureLimits.standard.maxSessions

    @Option(help: "Bytes this run may add to the archive (capture.max_bytes; K, M, G suffixes are powers of 1024).")
    var maxBytes = "1G"

    @Flag(help: "Print the URL only, without the QR code.")
    var noQR = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be within 0-65535") }
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions must be at least 1") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        guard let bytes = ByteCount.parse(maxBytes), bytes >= 1 else {
            throw ValidationError("--max-bytes must be a positive number of bytes, such as 1073741824, 512M or 2G")
        }
    }

    func run() throws {
        try reportingErrors {
            let spec = try ScenarioResolver().resolve(scenario)
            let engine = try EngineFactory(EngineSpec(parsing: engine)).make()
            var limits = CaptureLimits.standard
            limits.maxSessions = maxSessions
            limits.maxBytes = ByteCount.parse(maxBytes) ?? limits.maxBytes
            let configuration = CaptureConfiguration(
                host: host, port: port, token: .random(), scenario: spec, limits: limits, tags: tags)
            let engineName = engine.identity.name
            let server = try CaptureServer(configuration: configuration, archivePath: archive, engine: engine)
            defer { server.close() }
            StopSignals.install()
            let failure = Mutex<(any Error)?>(nil)
            let done = DispatchSemaphore(value: 0)
            let task = Task {
                do {
                    try await server.run { port in announce(configuration, port: port, engineName: engineName) }
                } catch {
                    failure.withLock { $0 = error }
                }
                done.signal()
            }
            while done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
                if StopSignals.received != nil {
                    task.cancel()
                    done.wait()
                    break
                }
            }
            if let error = failure.withLock({ $0 }), !task.isCancelled {
                if let listen = error as? CaptureListenError { throw listen }
                throw ReelFailure(.cannotCreate, "the capture server stopped: \(error)")
            }
            server.close()
            let sessions = server.sessionsRecorded
            printNote("stopped: \(sessions) session\(sessions == 1 ? "" : "s") recorded into \(archive) (\(server.bytesAdded) bytes added)")
        }
    }

    private func announce(_ configuration: CaptureConfiguration, port: Int, engineName: String) {
        let urls = CaptureURLs.urls(host: configuration.host, port: port, token: configuration.token)
        var out = "Capturing scenario '\(configuration.scenario.name)' into \(archive) (engine \(engineName)).\n"
        out += "Open on a phone or in a browser" + (configuration.isLoopback ? " on this machine" : " on the same network") + ":\n"
        for url in urls { out += "  \(url)\n" }
        if !noQR, let first = urls.first, let code = QRCode(text: first) {
            out += "\n" + TerminalQR.text(code) + "\n"
        }
        out += "Ctrl-C stops the server; each session is committed as it arrives.\n"
        FileHandle.standardOutput.write(Data(out.utf8))
    }
}
