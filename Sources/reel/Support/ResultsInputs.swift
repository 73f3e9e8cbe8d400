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
                let matches = FileGlob.matches(argument)
                guard !matches.isEmpty else { throw ReelFailure(.noInput, "no file matches \(argument)") }
                paths += matches
            } else {
                paths.append(argument)
            }
        }
        var seen = Set<String>()
        return paths.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
    }
}
