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
            from --reel-url at this tool's version (\(ReelVersion.tool)). docs/KIT.md is the guide.
            """)

    @Argument(help: "The folder to write the package into: empty or new.")
    var directory: String

    @Option(help: "The executable's and package's name (default: the folder's name).")
    var name: String?

    @Option(help: "A Reel checkout on this machine, used as a path dependency (else --reel-url).")
    var reelPath: String?

    @Option(help: "The git repository to take Reel from when there is no --reel-path; the package asks for this tool's version or later.")
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
            print("next: cd \(directory) && swift build -c release (README.md says how to record and replay)")
        }
    }

    /// Refuses a file, or a folder with anything in it (hidden files too), naming it.
    private func checkEmpty(_ folder: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else { return }
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
        guard let reelPath else { return .url(reelURL, from: ReelVersion.tool) }
        let checkout = URL(fileURLWithPath: reelPath).standardizedFileURL.resolvingSymlinksInPath()
        let manifest = checkout.appendingPathComponent("Package.swift").path
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else {
            throw ReelFailure(.noInput, "\(reelPath): no Package.swift there; --reel-path names a Reel checkout")
        }
        guard text.contains("name: \"ReelKit\"") else {
            throw ReelFailure(.dataError, "\(manifest): not Reel's manifest (it has no ReelKit product)")
        }
        return .path(checkout.path)
    }
}
