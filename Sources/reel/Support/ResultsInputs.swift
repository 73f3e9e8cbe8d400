import Foundation
import ReelTrace

/// The results archives `reel merge` is given: files, folders (every `*.sqlite` file directly
/// inside) and glob patterns (`'results/shard-*.sqlite'`, for shells that pass them unexpanded),
/// in a stable order: each argument's matches sorted by name, arguments in the order given.
enum ResultsInputs {
    static func expand(_ arguments: [String]) throws -> [String] {
        var paths: [String] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue {
                let names = try FileManager.default.contentsOfDirectory(atPath: argument)
                    .filter { $0.hasSuffix(".sqlite") }.sorted()
                guard !names.isEmpty else {
                    throw ReelFailure(.noInput, "\(argument) is a folder without results archives (*.sqlite)")
                }
                paths += names.map { (argument as NSString).appendingPathComponent($0) }
            } else if argument.contains(where: { "*?[".contains($0) }) {
                let matches = glob(argument)
                guard !matches.isEmpty else { throw ReelFailure(.noInput, "no file matches \(argument)") }
                paths += matches
            } else {
                paths.append(argument)
            }
        }
        var seen = Set<String>()
        return paths.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
    }

    /// The pattern's matches, sorted (glob(3) sorts them).
    private static func glob(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard Glibc.glob(pattern, 0, nil, &found) == 0 else { return [] }
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
    }
}
