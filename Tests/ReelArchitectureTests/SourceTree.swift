import Foundation

/// The repository's Swift sources, read as text: the architecture tests check what the files say,
/// not what the modules export, so this target depends on no Reel module.
struct SourceTree: Sendable {
    /// One `.swift` file of a module folder in `Sources/`.
    struct File: Sendable {
        /// The module folder's name (`ReelStore`, `reel`, ...).
        let module: String
        /// The path from the repository root, e.g. `Sources/ReelStore/SQLite/Statement.swift`.
        let path: String
        /// The file scanned into code and string literals.
        let scan: SwiftSourceScan
    }

    /// The repository root: three folders above this file (`Tests/ReelArchitectureTests/SourceTree.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every module folder in `Sources/`, sorted.
    let modules: [String]
    /// Every `.swift` file under `Sources/`, sorted by path.
    let files: [File]

    /// `Sources/` as it is now, read once for every test of the target.
    static let current: SourceTree = {
        do {
            return try SourceTree(root: root)
        } catch {
            fatalError("cannot read \(root.path)/Sources: \(error)")
        }
    }()

    init(root: URL) throws {
        let sources = root.appendingPathComponent("Sources")
        let manager = FileManager.default
        modules = try manager.contentsOfDirectory(atPath: sources.path).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && manager.fileExists(atPath: sources.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
        var files: [File] = []
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            guard let enumerator = manager.enumerator(atPath: folder.path) else { continue }
            for case let relative as String in enumerator where relative.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                files.append(File(module: module, path: "Sources/\(module)/\(relative)", scan: SwiftSourceScan(text)))
            }
        }
        self.files = files.sorted { $0.path < $1.path }
    }
}
