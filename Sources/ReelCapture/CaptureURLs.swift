import NIOCore

/// The URLs a person opens to capture: one per address the server can be reached at. A server on
/// a wildcard host (`0.0.0.0`, `::`) is reached at each IPv4 address of this machine's interfaces
/// (loopback last); any other host at itself.
///
/// ```swift
/// CaptureURLs.urls(host: "127.0.0.1", port: 8080, token: token)
/// // ["http://127.0.0.1:8080/?token=..."]
/// ```
package enum CaptureURLs {
    package static func urls(host: String, port: Int, token: CaptureToken) -> [String] {
        let hosts = host == "0.0.0.0" || host == "::" ? interfaceAddresses() : [host]
        return hosts.map { address in
            let shown = address.contains(":") ? "[\(address)]" : address
            return "http://\(shown):\(port)/?token=\(token.text)"
        }
    }

    /// The IPv4 addresses of this machine's interfaces, from SwiftNIO's own listing
    /// (`System.enumerateDevices`, the `getifaddrs` walk NIO already carries for both platforms),
    /// non-loopback ones first, each once. NIO's listing does not say whether an interface is up, so
    /// an address of an interface that is down is listed too; the page is simply not reached there.
    /// If the listing fails, the loopback address alone.
    package static func interfaceAddresses() -> [String] {
        guard let devices = try? System.enumerateDevices() else { return ["127.0.0.1"] }
        var network: [String] = []
        var loopback: [String] = []
        for device in devices {
            guard let address = device.address, case .v4 = address, let text = address.ipAddress else { continue }
            if text.hasPrefix("127.") {
                if !loopback.contains(text) { loopback.append(text) }
            } else if !network.contains(text) {
                network.append(text)
            }
        }
        let all = network + loopback
        return all.isEmpty ? ["127.0.0.1"] : all
    }
}
