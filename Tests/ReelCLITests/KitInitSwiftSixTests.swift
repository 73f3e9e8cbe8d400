import Foundation
import ReelTestSupport
import Testing

/// Issue 52's must-hold: a card transition written in Swift 6 against UIKit (a static threshold in
/// the interaction controller, a spring animator, the presenter's `init(nibName:bundle:)` and
/// `required init?(coder:)`, a `#selector` pan) compiles with only the edit list v2, in the package
/// `reel kit init` writes. The package's sources are type-checked as its own build compiles them
/// (Swift 6 language mode, no settings of their own: the manifest's executable target has none),
/// against this build's modules, with no way to SQLite's headers: the ReelKit product needs none
/// (docs/KIT.md, "A lean package"), so a module of it that reached ReelStore would fail here.
@Suite("reel kit init: a Swift 6 card written for UIKit")
struct KitInitSwiftSixTests {
    /// The files written for UIKit that the test drops into the package, from this checkout.
    static let writtenForUIKit = [
        "Tests/ReelKitTests/WrittenForUIKit/SwiftSixCardTransition.swift", "Tests/ReelCLITests/WrittenForUIKit/CardPresenter.swift",
    ]

    @Test func theCardCompilesInTheWrittenPackageWithOnlyTheEditList() throws {
        let folder = try temporaryFolder()
        #expect(try runReel(["kit", "init", "cards", "--reel-path", repositoryRoot], in: folder).status == 0)
        let package = folder + "/cards"
        let manifest = try String(contentsOfFile: package + "/Package.swift", encoding: .utf8)
        // What makes the target Swift 6 with UIKit's isolation rules and nothing else: tools 6.x, and
        // no settings (no language mode, no default isolation, no flags) in the executable target.
        #expect(manifest.hasPrefix("// swift-tools-version: 6."))
        #expect(!manifest.contains("swiftSettings") && !manifest.contains("swiftLanguageMode"))
        let sources = package + "/Sources/cards"
        var dropped: [String] = []
        for file in Self.writtenForUIKit {
            let target = sources + "/" + URL(fileURLWithPath: file).lastPathComponent
            try FileManager.default.copyItem(atPath: repositoryRoot + "/" + file, toPath: target)
            dropped.append(target)
        }
        // The edit list v2's mechanical part, applied by the command that applies it.
        let port = try runReel(["kit", "port"] + dropped, in: package)
        #expect(port.status == 0, "reel kit port left work:\n\(port.standardOutput)\(port.standardError)")
        let presenter = try String(contentsOfFile: dropped[1], encoding: .utf8)
        let code = presenter.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        #expect(!code.contains { $0.contains("#selector") || $0.contains("@objc") }, "\(presenter)")
        #expect(presenter.contains("super.init(nibName: nil, bundle: nil)") && presenter.contains("required init?(coder: NSCoder)"))

        let files = try FileManager.default.contentsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files == ["CardPresenter.swift", "DrawerTransition.swift", "SwiftSixCardTransition.swift", "main.swift"])
        let modules = URL(fileURLWithPath: reelExecutable).deletingLastPathComponent().appendingPathComponent("Modules").path
        let command =
            ["/usr/bin/env", "swiftc", "-typecheck", "-swift-version", "6", "-module-name", "cards", "-I", modules]
            + files.map { sources + "/" + $0 }
        let run = try startProcess(command, in: package, captureFolder: folder).wait()
        #expect(run.status == 0, "the package's sources do not compile:\n\(run.standardError)")
    }
}
