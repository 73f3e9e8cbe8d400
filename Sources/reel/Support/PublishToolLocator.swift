import Foundation

/// Finds the `reel-publish` executable that `reel publish` runs: next to the running `reel` first
/// (a build or an install puts both in one folder), then on PATH.
enum PublishToolLocator {
    static let name = "reel-publish"

    /// The executable's path, or nil when neither place has one.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var folders: [String] = []
        if let ownPath = try? ProcessFacts.executablePath() { folders.append((ownPath as NSString).deletingLastPathComponent) }
        folders += (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What to tell a user who has no `reel-publish`.
    static let howToGet =
        "reel publish runs the separate reel-publish executable (it links the PostgreSQL client), found next to reel or on PATH; build it with `REEL_FLEET=1 swift build --product reel-publish` (or tools/install --fleet) and put it beside reel (docs/FLEET.md)"
}
