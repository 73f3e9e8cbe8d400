#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one check every archive path passes before SQLite opens or attaches it: a path that exists
/// must be a regular file (followed through symbolic links). SQLite would open a FIFO and wait in
/// `open()` for a writer for ever, and would read a device or answer a symlink loop with its own
/// words; each is refused here with `ArchiveError.notAFile`, naming what the path is.
///
/// A missing path passes (the caller creates it or reports it missing), and so does a directory
/// (the callers' messages already say "is a directory").
///
/// ```swift
/// try RegularFileCheck.require("/tmp/fifo")   // throws notAFile(path: "/tmp/fifo", kind: "a FIFO (named pipe)")
/// ```
package enum RegularFileCheck {
    package static func require(_ path: String) throws {
        guard path != ":memory:", !path.isEmpty else { return }
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ELOOP { throw ArchiveError.notAFile(path: path, kind: "a loop of symbolic links") }
            return
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a file SQLite can hold"
        }
        throw ArchiveError.notAFile(path: path, kind: kind)
    }
}
