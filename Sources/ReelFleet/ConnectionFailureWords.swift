import Foundation
import PostgresNIO

/// A networking or TLS failure below PostgresNIO (SwiftNIO's connection errors, `IOError`,
/// NIOSSL's), in words for a message: what failed and the system's reason, not the library's
/// type dump (`connect(descriptor:addr:size:): Connection refused (errno: 111)`).
enum ConnectionFailureWords {
    static func words(_ error: any Error, timeout: Int64) -> String {
        switch error {
        case let error as NIOConnectionError:
            if let dns = error.dnsAError ?? error.dnsAAAAError {
                return "cannot look up the host \(FleetError.serverText(error.host, limit: 200)) (\(words(dns, timeout: timeout)))"
            }
            let attempts = error.connectionErrors.map { failure in
                var address = failure.target.ipAddress ?? "?"
                if case .v6 = failure.target { address = "[\(address)]" }
                return "\(address):\(failure.target.port ?? error.port): \(words(failure.error, timeout: timeout))"
            }
            return attempts.isEmpty ? "no address to connect to" : attempts.joined(separator: "; ")
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return "no connection within \(timeout) s"
            case .ioOnClosedChannel, .alreadyClosed, .eof: return "the connection closed"
            default: return "the connection failed (\(FleetError.serverText(String(describing: error), limit: 200)))"
            }
        case let error as NIOSSLError:
            switch error {
            case .handshakeFailed(let reason):
                return "the TLS handshake failed (\(FleetError.serverText(String(describing: reason), limit: 300)))"
            case .uncleanShutdown: return "the TLS connection ended without closing"
            default: return "TLS failed (\(FleetError.serverText(String(describing: error), limit: 200)))"
            }
        case let error as SocketAddressError:
            return "not a usable address (\(FleetError.serverText(String(describing: error), limit: 200)))"
        default:
            return FleetError.serverText(String(describing: error), limit: 300)
        }
    }
}
