import Foundation
import Testing

/// docs/ARCHITECTURE.md, "Modules and their arrows": every `import` of a module's files names a
/// module its arrows allow (or a system module), so nothing imports upwards or sideways.
@Suite struct ImportArrowTests {
    /// The arrows of the module map, written from the document: module -> what its files may import.
    static let arrows: [String: Set<String>] = [
        "ReelTrace": [],
        "ReelTiming": [],
        "CSQLite": [],
        "ReelJSON": ["ReelTrace"],
        "ReelGestures": ["ReelTrace", "ReelTiming"],
        "ReelEngine": ["ReelTrace", "ReelTiming", "ReelGestures", "ReelJSON"],
        "ReelStore": ["CSQLite", "ReelTrace", "ReelJSON"],
        "ReelDiff": ["ReelTrace"],
        "ReelFormats": ["ReelJSON", "ReelEngine", "ReelTrace"],
        "ReelSynth": ["ReelEngine", "ReelGestures", "ReelTrace"],
        "ReelRunner": ["ReelFormats", "ReelDiff", "ReelJSON", "ReelEngine", "ReelStore", "ReelTrace"],
        "ReelReport": [
            "ReelFormats", "ReelDiff", "ReelJSON", "ReelEngine", "ReelGestures", "ReelTiming", "ReelStore", "ReelTrace",
        ],
        "ReelCapture": [
            "ReelRunner", "ReelFormats", "ReelJSON", "ReelSynth", "ReelReport", "ReelEngine", "ReelStore", "ReelTrace",
            "Hummingbird", "HummingbirdCore", "NIOCore", "NIOHTTPTypes", "ServiceLifecycle", "Logging",
        ],
        // Serving a team's scenes needs no runner, store or SQLite (docs/KIT.md, "A lean package").
        "ReelKit": ["ReelFormats", "ReelSynth", "ReelJSON", "ReelEngine", "ReelGestures", "ReelTiming", "ReelTrace"],
        // ReelKit's engine as ReelRunner's, for in-process recording and replay.
        "ReelKitRunner": ["ReelKit", "ReelRunner"],
        "ReelTesting": ["ReelRunner", "ReelReport", "ReelFormats", "ReelStore", "ReelTrace", "Testing", "XCTest"],
        // ReelKit under Apple's framework names, on platforms without them (docs/KIT.md, "Imports stay").
        "UIKit": ["ReelKit"], "QuartzCore": ["ReelKit"], "CoreGraphics": ["ReelKit"],
        // An app's touch recorder: UIKit alone (Apple's, or ReelKit's alias on Linux), docs/DEVICE.md.
        "ReelRecorder": ["UIKit"],
        "ReelFleet": ["ReelStore", "ReelTrace", "PostgresNIO", "Logging"],
        "reel-publish": ["ReelFleet", "ReelStore", "ReelTrace", "ArgumentParser"],
        "reel-capture": ["ReelCapture", "ReelFormats", "ReelRunner", "ReelEngine", "ReelStore", "ReelTrace", "ArgumentParser"],
        "reel": [
            "ReelReport", "ReelRunner", "ReelSynth", "ReelFormats", "ReelDiff", "ReelStore", "ReelEngine", "ReelJSON",
            "ReelTrace", "ArgumentParser",
        ],
        "SQLEmbedder": [],
    ]

    /// What any module may import: Foundation (whole or its essentials), the C libraries, Dispatch,
    /// and the standard library's Synchronization (atomics, `Mutex`).
    static let system: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "Synchronization"]

    /// `import M`, `@preconcurrency import M`, `import struct M.T`, `@testable import M.Sub`: group 1 is M.
    static let importLine = try! NSRegularExpression(
        pattern: #"^\s*(?:@\w+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)

    /// The module each import of `scan`'s code names, with its line.
    static func imports(in scan: SwiftSourceScan) -> [(line: Int, module: String)] {
        scan.codeLines.enumerated().compactMap { offset, line in
            let range = NSRange(line.startIndex..., in: line)
            guard let match = importLine.firstMatch(in: line, range: range), let name = Range(match.range(at: 1), in: line) else {
                return nil
            }
            return (offset + 1, String(line[name]))
        }
    }

    @Test func everyModuleFolderHasItsArrows() {
        let missing = SourceTree.current.modules.filter { Self.arrows[$0] == nil }
        #expect(
            missing.isEmpty,
            "Sources/ has modules the map does not place: \(missing); add them to docs/ARCHITECTURE.md's map and to ImportArrowTests.arrows"
        )
    }

    @Test func importsFollowTheArrows() {
        var forbidden: [String] = []
        for file in SourceTree.current.files {
            let allowed = (Self.arrows[file.module] ?? []).union(Self.system)
            for (line, module) in Self.imports(in: file.scan) where !allowed.contains(module) {
                forbidden.append("\(file.path):\(line): \(file.module) imports \(module), which docs/ARCHITECTURE.md's map does not allow")
            }
        }
        #expect(forbidden.isEmpty, "\(forbidden.joined(separator: "\n"))")
    }

    @Test func importsAreReadFromCodeOnly() {
        let scan = SwiftSourceScan(
            """
            @preconcurrency import Glibc
            import struct ReelTrace.Touch  // import ReelStore
            /* import ReelStore */
            let text = \"""
                import ReelStore
                \"""
            """)
        #expect(Self.imports(in: scan).map { "\($0.line) \($0.module)" } == ["1 Glibc", "2 ReelTrace"])
    }
}
