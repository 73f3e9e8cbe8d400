#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one answer for an output whose folder does not exist, whatever writes it (an archive to
/// create, `-o`, `--results`, `--markdown-summary`): exit 66 and "PATH: the folder F does not exist;
/// create it first (mkdir -p F)".
///
/// ```swift
/// if let message = MissingFolder.message(for: "out/a.sqlite") { printError(message) }
/// ```
package enum MissingFolder {
    /// The folder `path` would be written in ("." for a bare name).
    package static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    }

    /// The message when `path`'s folder does not exist (or is not a directory), else nil.
    package static func message(for path: String) -> String? {
        let folder = folder(of: path)
        var info = stat()
        guard stat(folder, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        return "\(path): the folder \(folder) does not exist; create it first (mkdir -p \(folder))"
    }
}
