#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The URLs a person opens to capture: one per address the server can be reached at. A server on
/// a wildcard host (`0.0.0.0`, `::`) is reached at each IPv4 address of this machine's interfaces
/// that are up (loopback last); any other host at itself.
package enum CaptureURLs {
    package static func urls(host: String, port: Int, token: CaptureToken) -> [String] {
        let hosts = host == "0.0.0.0" || host == "::" ? interfaceAddresses() : [host]
        return hosts.map { address in
            let shown = address.contains(":") ? "[\(address)]" : address
            return "http://\(shown):\(port)/?token=\(token.text)"
        }
    }

    /// IPv4 addresses of the interfaces that are up, non-loopback ones first.
    static func interfaceAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return ["127.0.0.1"] }
        defer { freeifaddrs(first) }
        var network: [String] = []
        var loopback: [String] = []
        var cursor = first
        while let entry = cursor {
            cursor = entry.pointee.ifa_next
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                entry.pointee.ifa_flags & UInt32(IFF_UP) != 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let found = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet -> Bool in
                var raw = inet.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN)) != nil
            }
            guard found else { continue }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) != 0 { loopback.append(name) } else { network.append(name) }
        }
        return network + loopback
    }
}
