import ArgumentParser
import Foundation
import ReelTrace

/// `reel kit init DIR`: writes a template Swift package depending on Reel's ReelKit product, with one
/// scene in UIKit style and a README of the edits and the record/replay commands.
struct KitInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Write a template package whose executable serves a UIKit-style scene to reel.",
        discussion: """
            Writes Package.swift (one executable depending on Reel's ReelKit product), \
            Sources/NAME/main.swift (ReelKitServer.main with the scenes), Sources/NAME/DrawerTransition.swift \
            (a drawer closed by dragging it down: a pan handler feeding a UIPercentDrivenInteractiveTransition, \
            and an animator), README.md (the edits that bring an app's transition code over, and the commands \
            that build, synthesize, record and replay) and .gitignore. The folder must be empty or not exist (it is \
            created). Reel comes from --reel-path (a checkout on this machine, as a path dependency) or else \
            from --reel-url at --reel-branch (main): the repository has no release tags yet, so the manifest names a \
            branch, with a comment on pinning it to a commit. docs/KIT.md is the guide.
            """)

    @Argument(help: "The folder to write the package into: empty or new.")
    var directory: String

    @Option(help: "The executable's and package's name (default: the folder's name).")
    var name: String?

    @Option(help: "A Reel checkout on this machine, used as a path dependency (else --reel-url).")
    var reelPath: String?

    @Option(help: "The branch of --reel-url the package takes (pin it to a commit afterwards: the manifest says how).")
    var reelBranch = "main"

    @Option(help: "The git repository to take Reel from when there is no --reel-path; the package takes --reel-branch.")
    var reelURL = KitInitCommand.defaultReelURL

    /// Where Reel's repository would be: the owner is left for the user to fill in (README, GitHub Actions).
    static let defaultReelURL = "https://github.com/OWNER/reel.git"

    func run() throws {
        try reportingErrors {
            let folder = URL(fileURLWithPath: directory).standardizedFileURL
            try checkEmpty(folder)
            let source = try reelSource()
            let template = KitTemplate(name: KitTemplate.executableName(name ?? folder.lastPathComponent), reel: source)
            for file in template.files {
                let url = folder.appendingPathComponent(file.path)
                do {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(file.contents.utf8).write(to: url)
                } catch {
                    throw ReelFailure(.cannotCreate, "\(url.path): cannot write: \(error.localizedDescription)")
                }
            }
            print("\(directory): wrote the ReelKit package \(template.name) (\(template.files.map(\.path).joined(separator: ", ")))")
            if case .url(let url, _) = source, url == Self.defaultReelURL {
                print("Package.swift takes Reel from \(url): put in the owner, or write the package again with --reel-path CHECKOUT")
            }
            if case .url = source {
                print(
                    "Package.swift takes a branch, which resolves while Reel has no release tags: to pin it, replace "
                        + "branch: with revision: and the full commit (tools/release in Reel's checkout prints it)")
            }
            print("next: cd \(directory) && swift build -c release (README.md says how to record and replay)")
        }
    }

    /// Refuses a file, or a folder with anything in it (hidden files too), naming it.
    private func checkEmpty(_ folder: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            // A symbolic link to nothing: the folder cannot be created where the link is.
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path) {
                throw ReelFailure(
                    .usage,
                    "\(shown(directory)): is a symbolic link to \(shown(target)), which does not exist; "
                        + "create that folder first, or give an empty or new folder")
            }
            return
        }
        guard isFolder.boolValue else {
            throw ReelFailure(.usage, "\(directory): exists and is not a folder; give an empty or new folder")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard entries.isEmpty else {
            throw ReelFailure(
                .usage,
                "\(directory): is not empty (\(entries.count) entr\(entries.count == 1 ? "y" : "ies"), e.g. \(entries.sorted()[0])); "
                    + "give an empty or new folder, nothing is overwritten")
        }
    }

    /// The checkout of --reel-path (which must hold Reel's Package.swift), else --reel-url.
    private func reelSource() throws -> KitTemplate.ReelSource {
        guard let reelPath else {
            try Self.checkWritable(reelURL, option: "--reel-url")
            let source = KitTemplate.ReelSource.url(reelURL, branch: reelBranch)
            try Self.checkIdentity(source, option: "--reel-url", value: reelURL)
            return source
        }
        try Self.checkWritable(reelPath, option: "--reel-path")
        let checkout = URL(fileURLWithPath: reelPath).standardizedFileURL.resolvingSymlinksInPath()
        let manifest = checkout.appendingPathComponent("Package.swift").path
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else {
            throw ReelFailure(.noInput, "\(reelPath): no Package.swift there; --reel-path names a Reel checkout")
        }
        guard text.contains("name: \"ReelKit\"") else {
            throw ReelFailure(.dataError, "\(manifest): not Reel's manifest (it has no ReelKit product)")
        }
        try Self.checkWritable(checkout.path, option: "--reel-path")
        let source = KitTemplate.ReelSource.path(checkout.path)
        try Self.checkIdentity(source, option: "--reel-path", value: reelPath)
        return source
    }

    /// Refuses a value holding a control character (a line break, ESC, DEL, C1): no URL or path
    /// of a checkout has one, and Package.swift would only hold it escaped (`SwiftLiteral`).
    static func checkWritable(_ value: String, option: String) throws {
        guard let index = value.unicodeScalars.firstIndex(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            return
        }
        let scalar = value.unicodeScalars[index]
        let position = value.unicodeScalars.distance(from: value.unicodeScalars.startIndex, to: index) + 1
        throw ReelFailure(
            .usage,
            "\(option) \(shown(value)): holds a control character (U+\(String(format: "%04X", scalar.value)) at character \(position)); "
                + "give the repository's URL or the checkout's path")
    }

    /// Refuses a source whose package identity (its last path component, which `.product(name:package:)`
    /// names) is empty.
    static func checkIdentity(_ source: KitTemplate.ReelSource, option: String, value: String) throws {
        guard source.identity.isEmpty || source.identity == "." || source.identity == ".." else { return }
        throw ReelFailure(
            .usage, "\(option) \(shown(value)): names no package (its last path component, the package's identity, is empty)")
    }
}
