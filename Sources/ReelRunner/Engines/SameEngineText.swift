import Foundation
import ReelFormats

/// Whether the `--engine` a command line gives names the engine a replay stored, by what the text
/// names rather than how it is spelled: a profile file is the same file (device and inode, through
/// links, `./c.json` and `/abs/c.json` alike); an `exec:` command has as many words, each spelled
/// alike or naming the same file (the program found on `PATH` when the first word has no `/`);
/// `builtin` and a preset are their names.
///
/// ```swift
/// SameEngineText.check(.profile(path: "./c.json"), stored: "/home/ana/c.json")   // true: one file
/// SameEngineText.check(.exec(command: "python3 e.py"), stored: "exec:/usr/bin/python3 ./e.py")   // true
/// ```
package enum SameEngineText {
    /// True when `given` names what `stored` (a replay's `candidate` text) names.
    package static func check(_ given: EngineSpec, stored: String) -> Bool {
        if given.description == stored { return true }
        switch (given, try? EngineSpec(parsing: stored)) {
        case (.profile(let path), .profile(let storedPath)?):
            return SameFile.check(path, storedPath)
        case (.exec(let command), .exec(let storedCommand)?):
            let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
            let storedWords = storedCommand.split(whereSeparator: \.isWhitespace).map(String.init)
            guard words.count == storedWords.count, !words.isEmpty else { return false }
            return zip(words, storedWords).enumerated().allSatisfy { index, pair in
                pair.0 == pair.1 || SameFile.check(resolved(pair.0, isProgram: index == 0), resolved(pair.1, isProgram: index == 0))
            }
        default:
            return false
        }
    }

    /// A program word without `/` as the shell finds it on `PATH`; any other word as it is.
    private static func resolved(_ word: String, isProgram: Bool) -> String {
        guard isProgram, !word.contains("/") else { return word }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(word)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return word
    }
}
