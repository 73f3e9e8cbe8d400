// Reads the package's .sql files and writes one Swift file that carries them, so a `reel` binary
// copied anywhere still knows its whole schema and its saved queries.
// Usage: SQLEmbedder migrations OUTPUT.swift NNNN_name.sql...   (Migrations/, versioned)
//        SQLEmbedder queries OUTPUT.swift name.sql...           (Queries/, by name)
import Foundation

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

/// The file's text as a Swift raw string literal: a delimiter longer than any run of '#' in the
/// SQL keeps the text verbatim.
func rawLiteral(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) { hashes += "#" }
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, ["migrations", "queries"].contains(arguments[0]) else {
    fail("usage: SQLEmbedder migrations|queries OUTPUT.swift FILE.sql...", status: 64)
}
let kind = arguments[0]
let output = arguments[1]
let inputs = arguments.dropFirst(2).sorted {
    ($0 as NSString).lastPathComponent < ($1 as NSString).lastPathComponent
}

var entries: [String] = []
var seenVersions = Set<Int>()
for path in inputs {
    let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let sql = try String(contentsOfFile: path, encoding: .utf8)
    if kind == "queries" {
        guard !stem.isEmpty, stem.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }) else {
            fail("\(path): error: saved query files are named like-this.sql (lowercase, digits, '-')", status: 65)
        }
        entries.append("    EmbeddedQuery(name: \"\(stem)\", sql: \(rawLiteral(sql))),")
        continue
    }
    guard let underscore = stem.firstIndex(of: "_"), let version = Int(stem[..<underscore]), version > 0 else {
        fail("\(path): error: migration files are named NNNN_name.sql", status: 65)
    }
    guard seenVersions.insert(version).inserted else {
        fail("\(path): error: duplicate migration version \(version)", status: 65)
    }
    let name = String(stem[stem.index(after: underscore)...])
    // The checksum every archive open compares with the archive's record, hashed here once.
    entries.append(
        "    EmbeddedMigration(version: \(version), name: \"\(name)\", sha256: \"\(SHA256.hex(sql))\", sql: \(rawLiteral(sql))),")
}

let source =
    kind == "queries"
    ? """
    // Generated at build time by SQLEmbedder from Queries/*.sql. Do not edit.

    /// The saved queries this build carries, by file name.
    let embeddedQueries: [EmbeddedQuery] = [
    \(entries.joined(separator: "\n"))
    ]

    """
    : """
    // Generated at build time by SQLEmbedder from Migrations/*.sql. Do not edit.

    /// The migrations this build carries, in version order.
    let embeddedMigrations: [EmbeddedMigration] = [
    \(entries.joined(separator: "\n"))
    ]

    """
try source.write(toFile: output, atomically: true, encoding: .utf8)
