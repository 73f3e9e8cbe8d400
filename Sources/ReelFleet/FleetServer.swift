import Foundation

/// Where `reel publish` sends a run: a PostgreSQL server named by a `postgres://` URL.
///
/// ```
/// let server = try FleetServer(url: "postgres://ci@db.example:5432/reel?sslmode=require")
/// server.displayURL  // "postgres://ci@db.example:5432/reel" (never the password)
/// ```
package struct FleetServer: Sendable, Equatable {
    /// How the connection uses TLS (`sslmode` in the URL's query).
    package enum TLSMode: String, Sendable, Equatable {
        /// Plain TCP (the default: a loopback or private-network server).
        case disable
        /// TLS if the server offers it, plain otherwise.
        case prefer
        /// TLS or no connection.
        case require
    }

    package var host: String
    package var port: Int
    package var user: String
    /// From the URL, else the `PGPASSWORD` variable, else the password file (`PasswordFile`); nil
    /// for trust or peer authentication.
    package var password: String?
    /// Whether the URL itself held the password: on a command line any local user can read it
    /// (`/proc/PID/cmdline`), which `reel-publish` warns about.
    package var passwordInURL: Bool
    /// What the password file's lookup warns about (a file others can read is ignored).
    package var warnings: [String] = []
    package var database: String
    package var tls: TLSMode

    /// The URL as messages show it: scheme, user, host, port and database, without the password.
    package var displayURL: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    }

    /// Parses `postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require]`
    /// (`postgresql://` too); throws `FleetError.badURL` saying what is wrong, without echoing a password.
    package init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        func bad(_ reason: String) -> FleetError { FleetError.badURL(url: FleetServer.redacted(text), reason: reason) }
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
            throw bad("expected postgres://USER@HOST:PORT/DATABASE")
        }
        guard let components = URLComponents(string: text) else { throw bad("not a valid URL") }
        guard let host = components.host, !host.isEmpty else { throw bad("no host") }
        guard let user = components.user, !user.isEmpty else { throw bad("no user (postgres://USER@HOST/DATABASE)") }
        let database = String(components.path.dropFirst())
        guard !database.isEmpty, !database.contains("/") else { throw bad("no database name after the host (/DATABASE)") }
        if let port = components.port, !(1...65535).contains(port) { throw bad("port \(port) is out of range") }
        var tls = TLSMode.disable
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                switch item.value ?? "" {
                case "disable", "allow": tls = .disable
                case "prefer": tls = .prefer
                case "require", "verify-ca", "verify-full": tls = .require
                default: throw bad("sslmode must be disable, prefer or require")
                }
            default: throw bad("unknown parameter '\(item.name)' (only sslmode is read)")
            }
        }
        let hostName = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let portNumber = components.port ?? 5432
        let userName = user.removingPercentEncoding ?? user
        let databaseName = database.removingPercentEncoding ?? database
        (self.host, self.port, self.user, self.database, self.tls) = (hostName, portNumber, userName, databaseName, tls)
        // libpq's order: the URL, PGPASSWORD, the password file. The URL's password is
        // percent-decoded once.
        let inURL = components.percentEncodedPassword.map { $0.removingPercentEncoding ?? $0 }
        passwordInURL = inURL != nil
        if let given = inURL ?? environment["PGPASSWORD"].flatMap({ $0.isEmpty ? nil : $0 }) {
            password = given
        } else {
            let found = PasswordFile.lookup(
                host: hostName, port: portNumber, database: databaseName, user: userName, environment: environment)
            password = found.password
            warnings += found.warning.map { [$0] } ?? []
        }
    }

    /// `text` with any password between `user:` and `@` replaced by `***`, for messages about a URL
    /// that did not parse.
    package static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].lastIndex(of: "@") else { return text }
        let userInfo = text[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }
}
