import ArgumentParser
import Foundation
import ReelStore
import ReelTrace

/// `reel migrate PATH`: applies the migrations an archive is missing.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Upgrade an archive to this reel's schema.")

    @Argument(help: "The archive to upgrade.")
    var path: String

    func run() throws {
        try reportingErrors(archive: path) {
            guard FileManager.default.fileExists(atPath: path) else { throw ArchiveError.missingFile(path: path) }
            let archive = try Archive.open(path, mode: .readWrite)
            if archive.migrationsApplied.isEmpty {
                print("\(path): up to date (schema v\(archive.schemaVersion))")
            } else {
                let names = archive.migrationsApplied.map { String(format: "%04d_%@", $0.version, $0.name) }
                print("\(path): migrated to schema v\(archive.schemaVersion) (applied \(names.joined(separator: ", ")))")
            }
        }
    }
}
