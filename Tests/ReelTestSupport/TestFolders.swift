import Foundation

/// A fresh, empty folder under the temporary directory, one per call: every test's scratch files
/// go in one of these.
package func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "reel-test-" + UUID().uuidString
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
