#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shell-style file patterns (`shards/*.sqlite`), the one place `reel` calls glob(3): glibc's and
/// Darwin's have the same signature and `glob_t` fields, but each lives in its own module.
///
/// ```swift
/// FileGlob.matches("part*.sqlite")   // ["part1.sqlite", "part2.sqlite"], sorted as glob(3) sorts
/// ```
enum FileGlob {
    /// The pattern's matches, sorted; none when nothing matches or the pattern cannot be read.
    static func matches(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        #if canImport(Glibc)
            guard Glibc.glob(pattern, 0, nil, &found) == 0 else { return [] }
        #else
            guard Darwin.glob(pattern, 0, nil, &found) == 0 else { return [] }
        #endif
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
    }
}
