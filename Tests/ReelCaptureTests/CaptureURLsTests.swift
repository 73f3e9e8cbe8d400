import Foundation
import ReelCapture
import Testing

/// The addresses `reel capture` prints for a wildcard host come from SwiftNIO's interface listing;
/// the kernel's own routing table (/proc/net/fib_trie, whose `/32 host LOCAL` entries are this
/// machine's IPv4 addresses) says which they must be.
@Suite("Capture URLs")
struct CaptureURLsTests {
    static let fibTrie = "/proc/net/fib_trie"

    /// The local IPv4 addresses the kernel routes to this host.
    static func kernelLocalAddresses() throws -> Set<String> {
        let lines = try String(contentsOfFile: fibTrie, encoding: .utf8).split(separator: "\n")
        var addresses: Set<String> = []
        for (index, line) in lines.enumerated() where line.contains("/32 host LOCAL") && index > 0 {
            let previous = lines[index - 1].split(separator: " ").map(String.init)
            if let address = previous.last, previous.count >= 2 { addresses.insert(address) }
        }
        return addresses
    }

    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: fibTrie), "needs Linux's /proc/net/fib_trie"))
    func theWildcardHostListsEveryLocalIPv4AddressLoopbackLast() throws {
        let listed = CaptureURLs.interfaceAddresses()
        #expect(Set(listed) == (try Self.kernelLocalAddresses()))
        #expect(listed.count == Set(listed).count)
        let firstLoopback = listed.firstIndex { $0.hasPrefix("127.") } ?? listed.endIndex
        #expect(listed[firstLoopback...].allSatisfy { $0.hasPrefix("127.") })
    }

    @Test func aNamedHostIsReachedAtItselfWithTheToken() {
        let token = CaptureToken(text: "0123456789abcdef0123456789abcdef")
        #expect(
            CaptureURLs.urls(host: "192.0.2.9", port: 8123, token: token)
                == ["http://192.0.2.9:8123/?token=0123456789abcdef0123456789abcdef"])
        #expect(CaptureURLs.urls(host: "::1", port: 80, token: token) == ["http://[::1]:80/?token=\(token.text)"])
    }
}
