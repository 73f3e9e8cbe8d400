import Foundation
import ReelTestSupport
import Testing

/// The DocC catalogs' Swift examples (Sources/*/*.docc) compile against the modules this build
/// made: each catalog's ```swift blocks, in order, are one file (a later block may use what an
/// earlier one declared), type-checked by `swiftc -typecheck` with the build's module folder on the
/// import path. tools/docs renders the catalogs; this keeps what they show true code.
@Suite("DocC catalog examples")
struct CatalogExampleTests {
    /// Every `.docc` folder under Sources, with the Swift blocks of its articles in order.
    static func catalogs() throws -> [(catalog: String, code: String)] {
        let sources = repositoryRoot + "/Sources"
        var found: [(String, String)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() {
            let folder = "\(sources)/\(module)/\(module).docc"
            guard let articles = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            var blocks: [String] = []
            for article in articles.sorted() where article.hasSuffix(".md") {
                blocks += swiftBlocks(in: try String(contentsOfFile: "\(folder)/\(article)", encoding: .utf8))
            }
            if !blocks.isEmpty { found.append(("\(module).docc", blocks.joined(separator: "\n"))) }
        }
        return found
    }

    /// The bodies of the fenced blocks whose info string is `swift`.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func everyCatalogHasExamplesAndTheirBlocksAreFound() throws {
        let found = try Self.catalogs().map(\.catalog)
        #expect(found.count >= 5, "\(found)")
        let markdown = "text\n```swift\nlet a = 1\n```\n```\nnot swift\n```\n```swift\nlet b = a\n```"
        #expect(Self.swiftBlocks(in: markdown) == ["let a = 1", "let b = a"])
    }

    @Test(arguments: try catalogs().map(\.catalog))
    func examplesCompile(_ catalog: String) throws {
        let code = try #require(try Self.catalogs().first { $0.catalog == catalog }?.code)
        let folder = try temporaryFolder()
        let file = folder + "/main.swift"
        try code.write(toFile: file, atomically: true, encoding: .utf8)
        let modules = URL(fileURLWithPath: reelExecutable).deletingLastPathComponent().appendingPathComponent("Modules").path
        let command = [
            "/usr/bin/env", "swiftc", "-typecheck", "-swift-version", "6", "-I", modules, "-I", repositoryRoot + "/Sources/CSQLite", file,
        ]
        let run = try startProcess(command, in: folder, captureFolder: folder).wait()
        #expect(run.status == 0, "\(catalog)'s examples do not compile:\n\(run.standardError)")
    }
}
