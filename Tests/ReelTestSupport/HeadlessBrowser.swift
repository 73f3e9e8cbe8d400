import Foundation

/// Headless Chromium (Debian's `chromium`; `tools/setup browser` installs it), as tools/check-report
/// runs it: tests of the report's page behaviour load the written file and read back the DOM the
/// page's script left.
package enum HeadlessBrowser {
    /// The browser's path, nil when it is not installed (tests then say so through `.enabled(if:)`).
    package static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
        return folders.map { $0 + "/chromium" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    package static var isInstalled: Bool { path != nil }

    /// The DOM of `file` (a path; `fragment` appended after `#`) once its scripts ran, as
    /// Chromium's `--dump-dom` serializes it, and what the browser logged (console messages).
    package static func dom(of file: String, fragment: String? = nil, in folder: String) throws -> (dom: String, log: String) {
        try dom(url: "file://" + file + (fragment.map { "#" + $0 } ?? ""), in: folder)
    }

    /// The DOM of `url` once its scripts ran. With `virtualTimeBudget` (milliseconds) Chromium runs
    /// the page on virtual time until the budget is spent, waiting for its network loads; on
    /// virtual time it draws no frames, so `requestAnimationFrame` callbacks never run.
    package static func dom(url: String, virtualTimeBudget: Int? = nil, in folder: String) throws -> (dom: String, log: String) {
        guard let path else { throw BrowserMissing() }
        let run = try startProcess(
            [
                path, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--enable-logging=stderr", "--v=0", "--user-data-dir=\(folder)/chromium-profile",
            ] + (virtualTimeBudget.map { ["--virtual-time-budget=\($0)"] } ?? []) + ["--dump-dom", url], in: folder,
            captureFolder: folder
        ).wait()
        guard run.status == 0 else {
            throw BrowserFailed(message: "chromium exited \(run.status): \(run.standardError.suffix(2000))")
        }
        return (run.standardOutput, run.standardError)
    }

    /// The console messages and failed loads in a browser log (what tools/check-report refuses).
    package static func consoleMessages(_ log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.contains("CONSOLE") || $0.contains("Failed to load resource") }
    }

    package struct BrowserMissing: Error, CustomStringConvertible {
        package var description: String { "chromium is not installed (tools/setup browser)" }
    }

    package struct BrowserFailed: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }
}
