#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether two paths name one file (the same device and inode, through symbolic and hard links),
/// so that `reel replay --results` refuses the archive itself under another name instead of
/// attaching a file to itself.
///
/// ```swift
/// link("a.sqlite", "b.sqlite")
/// SameFile.check("a.sqlite", "b.sqlite")   // true
/// ```
package enum SameFile {
    /// True when both paths exist and are one file; false otherwise (a missing path is another file).
    package static func check(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
