import ArgumentParser
import Foundation
import ReelStore
import ReelTrace

/// `reel init PATH`: creates a new archive at the current schema.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Create an empty archive at the current schema.")

    @Argument(help: "The archive file to create.")
    var path: String

    func run() throws {
        try reportingErrors {
            if FileManager.default.fileExists(atPath: path) {
                throw ArchiveError.fileExists(path: path)
            }
            let archive = try Archive.open(path, mode: .readWrite)
            print("\(path): created archive (schema v\(archive.schemaVersion))")
        }
    }
}
