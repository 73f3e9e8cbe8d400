import Foundation
import ReelTestSupport
import Testing

/// `reel kit init DIR` through the real binary: the template's files, its Reel dependency, the
/// refusals, and (on request, it compiles Reel's modules in a package of its own) that the
/// written package builds, serves its scene and records and replays it.
@Suite("reel kit init")
struct KitInitCommandTests {
    /// The checkout as `--reel-path` takes it, and the package identity SwiftPM gives it.
    static let checkout = URL(fileURLWithPath: repositoryRoot).standardizedFileURL.resolvingSymlinksInPath().path
    static var checkoutIdentity: String { URL(fileURLWithPath: checkout).lastPathComponent.lowercased() }

    static let files = ["Package.swift", "Sources/drawers/main.swift", "Sources/drawers/DrawerTransition.swift", "README.md", ".gitignore"]

    @Test func writesThePackageWithAPathDependency() throws {
        let folder = try temporaryFolder()
        let run = try runReel(["kit", "init", "drawers", "--reel-path", repositoryRoot], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        for file in Self.files {
            #expect(FileManager.default.fileExists(atPath: "\(folder)/drawers/\(file)"), "\(file)")
        }
        let manifest = try String(contentsOfFile: folder + "/drawers/Package.swift", encoding: .utf8)
        #expect(manifest.hasPrefix("// swift-tools-version: 6.2\n"))
        #expect(manifest.contains(".package(path: \"\(Self.checkout)\")"), "\(manifest)")
        #expect(
            manifest.contains(
                ".executableTarget(name: \"drawers\", dependencies: [.product(name: \"ReelKit\", package: \"\(Self.checkoutIdentity)\")])"))
        let main = try String(contentsOfFile: folder + "/drawers/Sources/drawers/main.swift", encoding: .utf8)
        #expect(main.contains("ReelKitServer.main(scenes: [DrawerScene.scene], name: \"drawers\""))
        let scene = try String(contentsOfFile: folder + "/drawers/Sources/drawers/DrawerTransition.swift", encoding: .utf8)
        for part in [
            "UIPanGestureRecognizer(target: self, action: DrawerDragInteraction.handlePan)", "UIPercentDrivenInteractiveTransition",
            "UIViewControllerAnimatedTransitioning", "UIView.animate(", "name: \"drawer.dismiss\"",
        ] {
            #expect(scene.contains(part), "\(part)")
        }
        let readme = try String(contentsOfFile: folder + "/drawers/README.md", encoding: .utf8)
        for part in [
            "`import UIKit` -> `import ReelKit`", "#selector", "@objc", "accessibilityIdentifier",
            ".build/release/drawers synth drawer.dismiss --count 500 > sessions.jsonl",
            "reel record sessions.sqlite sessions.jsonl --engine exec:.build/release/drawers",
            "reel replay sessions.sqlite --engine exec:.build/release/drawers --tolerance exact", "reel accept sessions.sqlite --replay 1",
        ] {
            #expect(readme.contains(part), "\(part)")
        }
        #expect(run.standardOutput.contains("drawers: wrote the ReelKit package drawers"), "\(run.standardOutput)")
    }

    /// Issue 54: the repository has no release tags, so a version requirement could not resolve;
    /// the manifest takes a branch (main, or --reel-branch) and the command says how to pin it.
    @Test func withoutAPathTheRepositoryAtABranch() throws {
        let folder = try temporaryFolder()
        let run = try runReel(["kit", "init", "new/pkg", "--name", "My Transitions"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let manifest = try String(contentsOfFile: folder + "/new/pkg/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(url: \"https://github.com/OWNER/reel.git\", branch: \"main\")"), "\(manifest)")
        #expect(!manifest.contains("from:"), "\(manifest)")
        #expect(run.standardOutput.contains("replace branch: with revision:"), "\(run.standardOutput)")
        #expect(manifest.contains("package: \"reel\")"))
        // The name is made a valid executable name.
        #expect(FileManager.default.fileExists(atPath: folder + "/new/pkg/Sources/My-Transitions/main.swift"))
        #expect(run.standardOutput.contains("put in the owner"), "\(run.standardOutput)")

        let other = try runReel(
            ["kit", "init", "other", "--reel-url", "https://example.com/team/Reel.git", "--reel-branch", "release"], in: folder)
        #expect(other.status == 0)
        let otherManifest = try String(contentsOfFile: folder + "/other/Package.swift", encoding: .utf8)
        #expect(otherManifest.contains("branch: \"release\""))
        #expect(otherManifest.contains("package: \"reel\")"))
    }

    @Test func refusesANonEmptyFolderAFileAndABadCheckout() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/taken", withIntermediateDirectories: true)
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: folder + "/taken/.notes"))
        let taken = try runReel(["kit", "init", "taken"], in: folder)
        #expect(taken.status == 64)
        #expect(taken.standardError.contains("taken: is not empty"), "\(taken.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/taken") == [".notes"])
        #expect(try String(contentsOfFile: folder + "/taken/.notes", encoding: .utf8) == "keep me\n")

        try Data().write(to: URL(fileURLWithPath: folder + "/plain"))
        let file = try runReel(["kit", "init", "plain"], in: folder)
        #expect(file.status == 64)
        #expect(file.standardError.contains("plain: exists and is not a folder"), "\(file.standardError)")

        let badCheckout = try runReel(["kit", "init", "fresh", "--reel-path", folder + "/taken"], in: folder)
        #expect(badCheckout.status == 66)
        #expect(badCheckout.standardError.contains("taken: no Package.swift there"), "\(badCheckout.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/fresh/Package.swift"))
    }

    @Test func helpSaysWhatIsWrittenAndWhereReelComesFrom() throws {
        let folder = try temporaryFolder()
        let help = try runReel(["kit", "init", "--help"], in: folder)
        #expect(help.status == 0)
        for part in ["<directory>", "--reel-path", "--reel-url", "--name", "Package.swift", "README.md", "empty", "docs/KIT.md"] {
            #expect(help.standardOutput.contains(part), "\(part): \(help.standardOutput)")
        }
        let group = try runReel(["kit", "--help"], in: folder)
        #expect(group.standardOutput.contains("init"))
    }

    static let buildRequested = ProcessInfo.processInfo.environment["REEL_KIT_TEMPLATE_BUILD"] == "1"

    /// The written package, depending on this checkout, builds (compiling Reel's modules again in
    /// its own .build: minutes), lists its scene, and its sessions record and replay through `reel`.
    @Test(
        .enabled(if: buildRequested, "REEL_KIT_TEMPLATE_BUILD=1 builds the template package against this checkout (several minutes)"),
        .timeLimit(.minutes(60)))
    func theWrittenPackageBuildsAndRecords() throws {
        let folder = try temporaryFolder()
        #expect(try runReel(["kit", "init", "drawers", "--reel-path", repositoryRoot], in: folder).status == 0)
        let package = folder + "/drawers"
        let build = try startProcess(["/usr/bin/env", "swift", "build"], in: package, captureFolder: folder).wait()
        #expect(build.status == 0, "\(build.standardOutput.suffix(3000))\(build.standardError.suffix(3000))")
        let engine = package + "/.build/debug/drawers"
        let scenes = try startProcess([engine, "scenes"], in: package, captureFolder: folder).wait()
        #expect(scenes.standardOutput.hasPrefix("drawer.dismiss\t"), "\(scenes.standardOutput)")
        let synth = try startProcess(
            [engine, "synth", "drawer.dismiss", "--count", "30", "--seed", "3"], in: package, captureFolder: folder
        )
        .wait()
        try Data(synth.standardOutput.utf8).write(to: URL(fileURLWithPath: package + "/sessions.jsonl"))
        let record = try runReel(["record", "sessions.sqlite", "sessions.jsonl", "--engine", "exec:\(engine)"], in: package)
        #expect(record.status == 0, "\(record.standardError)")
        #expect(try archiveCount(package + "/sessions.sqlite", "SELECT count(*) FROM sessions") == 30)
        let replay = try runReel(["replay", "sessions.sqlite", "--engine", "exec:\(engine)", "--tolerance", "exact"], in: package)
        #expect(replay.status == 0, "\(replay.standardOutput)\(replay.standardError)")
    }
}
