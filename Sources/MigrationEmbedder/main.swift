// Reads Migrations/NNNN_name.sql files and writes one Swift file that carries them,
// so a `reel` binary copied anywhere still knows its whole schema.
// Usage: MigrationEmbedder OUTPUT.swift MIGRATION.sql...
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: MigrationEmbedder OUTPUT.swift MIGRATION.sql...\n".utf8))
    exit(64)
}
let inputs = arguments.dropFirst().sorted { ($0 as NSString).lastPathComponent < ($1 as NSString).lastPathComponent }

var entries: [String] = []
var seenVersions = Set<Int>()
for path in inputs {
    let file = (path as NSString).lastPathComponent
    let stem = (file as NSString).deletingPathExtension
    guard let underscore = stem.firstIndex(of: "_"), let version = Int(stem[..<underscore]), version > 0 else {
        FileHandle.standardError.write(Data("\(path): error: migration files are named NNNN_name.sql\n".utf8))
        exit(65)
    }
    guard seenVersions.insert(version).inserted else {
        FileHandle.standardError.write(Data("\(path): error: duplicate migration version \(version)\n".utf8))
        exit(65)
    }
    let name = String(stem[stem.index(after: underscore)...])
    let sql = try String(contentsOfFile: path, encoding: .utf8)
    // A raw string delimiter longer than any run of '#' in the SQL keeps the text verbatim.
    var hashes = "#"
    while sql.contains("\"" + hashes) { hashes += "#" }
    entries.append(
        "    EmbeddedMigration(version: \(version), name: \"\(name)\", sql: \(hashes)\"\"\"\n\(sql)\n\"\"\"\(hashes)),"
    )
}

let source = """
    // Generated at build time by MigrationEmbedder from Migrations/*.sql. Do not edit.

    /// The migrations this build carries, in version order.
    let embeddedMigrations: [EmbeddedMigration] = [
    \(entries.joined(separator: "\n"))
    ]

    """
try source.write(toFile: output, atomically: true, encoding: .utf8)
