import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh, empty folder under this test process's scratch root, one per call: every test's
/// scratch files go in one of these. The root goes when the process exits (see `scratchRoot`).
package func temporaryFolder() throws -> String {
    let path = scratchRoot + "/" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The path of a file named `name` in a fresh temporary folder (the file itself is not created).
package func temporaryPath(_ name: String) -> String {
    // A folder that cannot be made leaves the path pointing nowhere; the test opening it fails.
    ((try? temporaryFolder()) ?? NSTemporaryDirectory()) + "/" + name
}

/// The repository's root, found from this source file (Tests/ReelTestSupport/TestFolders.swift).
package let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// `reel-tests-<pid>` under the temporary directory: every scratch folder of this process lives
/// in it, and it is removed when the process exits normally, so a suite run leaves nothing behind
/// (it used to leave a folder per test, about 1 GB a run). `REEL_KEEP_TEST_FILES=1` keeps it for a
/// look after a failure. The roots of test processes that died without exiting (a crash, a kill)
/// are removed by the next test process that starts. Made once, on first use (a global `let` is
/// initialised exactly once, whatever the thread).
private let scratchRoot: String = {
    removeRootsOfDeadProcesses(in: scratchBase)
    let root = scratchBase + scratchRootPrefix + String(getpid())
    try? FileManager.default.removeItem(atPath: root)  // a dead namesake's, as pids are reused
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    if ProcessInfo.processInfo.environment["REEL_KEEP_TEST_FILES"] != "1" {
        atexit { try? FileManager.default.removeItem(atPath: scratchRoot) }
    }
    return root
}()

/// The temporary directory, ending in "/".
private let scratchBase = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"

private let scratchRootPrefix = "reel-tests-"

/// Removes `reel-tests-<pid>` roots whose process no longer runs (`kill(pid, 0)` fails with
/// ESRCH). A live process's root, another test run's beside this one, is left alone.
private func removeRootsOfDeadProcesses(in base: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
    for name in names where name.hasPrefix(scratchRootPrefix) {
        guard let pid = pid_t(name.dropFirst(scratchRootPrefix.count)), pid != getpid() else { continue }
        if kill(pid, 0) != 0 && errno == ESRCH {
            try? FileManager.default.removeItem(atPath: base + name)
        }
    }
}
