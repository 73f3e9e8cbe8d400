#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// Standard output's reader went away (`reel query ... | head`): the command stops writing and reel
/// ends quietly with the command's own status (0 for a query, a show or an export), as a pipeline
/// expects. Work already stored stays stored: every command writes its archive before its output.
///
/// ```swift
/// if errno == EPIPE, descriptor == 1 { throw ReaderClosedOutput() }
/// ```
struct ReaderClosedOutput: Error {
    /// Whether the reader of standard output has closed its end (a pipe or socket with no reader:
    /// `poll` reports POLLERR or POLLHUP on the write end).
    static var readerIsGone: Bool {
        var descriptor = pollfd(fd: 1, events: 0, revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        return descriptor.revents & Int16(POLLERR | POLLHUP) != 0
    }
}
