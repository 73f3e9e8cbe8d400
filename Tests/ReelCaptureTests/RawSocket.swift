import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to a loopback port made with the system's sockets, for what URLSession cannot
/// do: hold a connection idle, send a request byte by byte, or connect from another loopback
/// address (127.0.0.2), which the server counts as another client.
final class RawSocket {
    let descriptor: Int32

    /// Connects to 127.0.0.1:`port`, from `source` when given; nil when the connection fails.
    init?(port: Int, from source: String? = nil) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        if let source {
            var local = Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(descriptor)
                return nil
            }
        }
        var remote = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(text)
        return address
    }

    /// Sends all of `bytes`; false when the connection is gone.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Whether the server has closed the connection (a read sees its end or a reset), waiting at
    /// most `milliseconds` for something to arrive.
    func isClosedByServer(waiting milliseconds: Int32 = 0) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return false }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK))
        return count <= 0
    }

    /// Sends `request` and reads the answer until the server closes the connection (the request
    /// should say `Connection: close`): its status and body.
    func exchange(_ request: [UInt8]) -> (status: Int, body: String)? {
        guard send(request) else { return nil }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard let statusText = text.split(separator: " ", maxSplits: 2).dropFirst().first, let status = Int(statusText),
            let bodyStart = text.range(of: "\r\n\r\n")
        else { return nil }
        return (status, String(text[bodyStart.upperBound...]))
    }

    /// An HTTP/1.1 request with `Connection: close`.
    static func request(_ method: String, _ path: String, body: Data = Data()) -> [UInt8] {
        Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
            + Array(body)
    }
}

/// Runs blocking socket work on a thread of its own, off the test's cooperative threads.
func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}
