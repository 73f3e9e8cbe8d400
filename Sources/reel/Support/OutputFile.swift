import ReelStore
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes its output: standard output, or the `-o` path written through (a symlink
/// stays a link and its target is written, a device such as /dev/null is written to, never
/// replaced), in large blocks, every write checked.
///
/// The one rule for existing output files: refused (64) unless `--force`. A missing folder is 66,
/// a directory 64, a file that cannot be created 73, a failed write (disk full, /dev/full) 74.
final class OutputFile {
    private let descriptor: Int32
    /// The name in messages: the path, or "standard output".
    let name: String
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private static let blockSize = 1 << 20

    /// Standard output.
    init() {
        descriptor = 1
        name = "standard output"
        ownsDescriptor = false
        buffer.reserveCapacity(Self.blockSize)
    }

    /// The file at `path`, created, or (with `force`) truncated and written through.
    init(path: String, force: Bool) throws {
        try Self.checkCanWrite(path, force: force)
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (force ? O_TRUNC : O_EXCL)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw Self.openFailure(path, errno: errno) }
        descriptor = fd
        name = path
        ownsDescriptor = true
        buffer.reserveCapacity(Self.blockSize)
    }

    /// The file at `path`, created when missing, written after what it holds (a CI step summary
    /// such as `$GITHUB_STEP_SUMMARY` collects the output of several commands).
    init(appendingTo path: String) throws {
        try Self.checkCanWrite(path, force: true)
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.openFailure(path, errno: errno) }
        descriptor = fd
        name = path
        ownsDescriptor = true
    }

    /// Standard output when `path` is nil or "-", else the file at `path`.
    static func standardOutputOr(_ path: String?, force: Bool) throws -> OutputFile {
        guard let path, path != "-" else { return OutputFile() }
        return try OutputFile(path: path, force: force)
    }

    /// Refuses, before anything is computed or written, an output path that exists (without
    /// `force`), is a directory, or lies in a folder that does not exist.
    static func checkCanWrite(_ path: String, force: Bool) throws {
        var info = stat()
        if lstat(path, &info) == 0 {
            var target = stat()
            if stat(path, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR {
                throw ReelFailure(.usage, "\(path): is a directory; give a file name")
            }
            if !force { throw ReelFailure(.usage, "\(path): already exists; give --force to overwrite it") }
            return
        }
        if let message = MissingFolder.message(for: path) { throw ReelFailure(.noInput, message) }
    }

    private static func openFailure(_ path: String, errno code: Int32) -> ReelFailure {
        let reason = String(cString: strerror(code))
        switch code {
        case EEXIST: return ReelFailure(.usage, "\(path): already exists; give --force to overwrite it")
        case EISDIR: return ReelFailure(.usage, "\(path): is a directory; give a file name")
        case ENOENT, ENOTDIR: return ReelFailure(.noInput, "\(path): cannot create the file (\(reason)); does its folder exist?")
        default: return ReelFailure(.cannotCreate, "\(path): cannot create the file (\(reason))")
        }
    }

    func write(_ bytes: [UInt8]) throws {
        buffer += bytes
        if buffer.count >= Self.blockSize { try flush() }
    }

    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Writes what is buffered and closes the file (standard output stays open).
    func close() throws {
        try flush()
        if ownsDescriptor, posixClose(descriptor) != 0 { throw failure(errno) }
    }

    private func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                posixWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE, !ownsDescriptor { throw ReaderClosedOutput() }
                throw failure(errno)
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func failure(_ code: Int32) -> ReelFailure {
        ReelFailure(.ioError, "cannot write \(name): \(String(cString: strerror(code)))")
    }
}

/// close(2) and write(2), under names the methods of `OutputFile` do not shadow.
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
