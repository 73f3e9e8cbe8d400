import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits a byte stream (a file descriptor read in chunks, or bytes in memory) into lines
/// without holding more than the current chunk and the current line in memory.
package final class LineSource {
    /// Bytes read and not yet handed out live in `buffer[start..<end]`.
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private let fileDescriptor: Int32?
    private let closesFileDescriptor: Bool
    private var reachedEnd: Bool
    /// 1-based number of the line last handed out.
    package private(set) var lineNumber = 0

    package static let chunkSize = 1 << 16
    /// The longest line read from a file descriptor (16 MiB): a gesture stream's lines are a few
    /// hundred bytes (an inline scenario spec a few kilobytes), so a longer one is hostile or broken
    /// input, refused before it fills memory.
    package static let maximumLineBytes = 1 << 24

    /// Reads from `fileDescriptor`, closing it on deinit when `closeOnDeinit` is set.
    package init(fileDescriptor: Int32, closeOnDeinit: Bool) {
        self.fileDescriptor = fileDescriptor
        self.closesFileDescriptor = closeOnDeinit
        self.buffer = [UInt8](repeating: 0, count: LineSource.chunkSize)
        self.reachedEnd = false
    }

    /// Splits bytes already in memory.
    package init(bytes: [UInt8]) {
        self.fileDescriptor = nil
        self.closesFileDescriptor = false
        self.buffer = bytes
        self.end = bytes.count
        self.reachedEnd = true
    }

    deinit {
        if closesFileDescriptor, let fileDescriptor { close(fileDescriptor) }
    }

    /// Calls `body` with the next line (without its `\n` or `\r\n`), or returns nil at the end.
    /// Throws the errno of a failed read.
    package func withNextLine<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) throws(LineSourceReadError) -> R? {
        while true {
            if let newline = findNewline() {
                let lineStart = start
                start = newline + 1
                lineNumber += 1
                return lineBody(from: lineStart, to: newline, body)
            }
            if reachedEnd {
                guard start < end else { return nil }
                let lineStart = start
                start = end
                lineNumber += 1
                return lineBody(from: lineStart, to: end, body)
            }
            try fill()
        }
    }

    private func lineBody<R>(from lineStart: Int, to lineEnd: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var trimmedEnd = lineEnd
        if trimmedEnd > lineStart, buffer[trimmedEnd - 1] == UInt8(ascii: "\r") { trimmedEnd -= 1 }
        return buffer.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[lineStart..<trimmedEnd]))
        }
    }

    private func findNewline() -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBufferPointer { all -> Int? in
            guard let found = memchr(all.baseAddress! + start, Int32(UInt8(ascii: "\n")), end - start) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(all.baseAddress!)
        }
    }

    /// Moves the unread bytes to the front, grows the buffer when a line fills it, and reads a chunk.
    private func fill() throws(LineSourceReadError) {
        guard let fileDescriptor else {
            reachedEnd = true
            return
        }
        if start > 0 {
            let pending = end - start
            if pending > 0 {
                buffer.withUnsafeMutableBufferPointer { all in
                    _ = memmove(all.baseAddress!, all.baseAddress! + start, pending)
                }
            }
            start = 0
            end = pending
        }
        if end - start > LineSource.maximumLineBytes {
            throw LineSourceReadError(errno: 0, lineTooLong: true)
        }
        if buffer.count - end < LineSource.chunkSize / 2 {
            buffer.append(contentsOf: repeatElement(0, count: buffer.count))
        }
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { all in
                read(fileDescriptor, all.baseAddress! + end, all.count - end)
            }
            if count > 0 {
                end += count
                return
            }
            if count == 0 {
                reachedEnd = true
                return
            }
            if errno == EINTR { continue }
            throw LineSourceReadError(errno: errno)
        }
    }
}

/// A failed `read(2)`, or a line longer than `LineSource.maximumLineBytes`.
package struct LineSourceReadError: ReelError {
    package var errno: Int32
    package var lineTooLong = false

    /// A line too long is bad data; a failed read, an I/O failure.
    package var failureKind: FailureKind { lineTooLong ? .dataError : .ioError }
    package var description: String { message }

    package var message: String {
        lineTooLong
            ? "line longer than \(LineSource.maximumLineBytes) bytes (16 MiB, the longest line Reel reads)"
            : "read error: " + String(cString: strerror(errno))
    }
}
