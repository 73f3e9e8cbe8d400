import Foundation

/// PostgreSQL's password file (`PGPASSFILE`, else `~/.pgpass`), read as libpq reads it
/// (PostgreSQL documentation, "The Password File"): one `hostname:port:database:username:password`
/// per line, `*` in any of the first four fields matching anything, `\:` and `\\` escaping a
/// colon and a backslash, lines starting with `#` ignored, the first matching line's password
/// taken, and a file that its group or others can read ignored, with a warning.
///
/// ```
/// let found = PasswordFile.lookup(host: "db", port: 5432, database: "reel", user: "ci", environment: env)
/// found.password   // "s3cret" for a line "db:5432:reel:ci:s3cret" or "*:*:reel:ci:s3cret"
/// ```
package enum PasswordFile {
    /// What a lookup found: the password (nil when no file or no line matched) and what to warn about.
    package struct Lookup: Sendable, Equatable {
        package var password: String?
        package var warning: String?
    }

    /// Files larger than this are not read (no password file is near it).
    package static let sizeLimit = 1 << 20

    /// The password for a connection, from the file `PGPASSFILE` names or else `$HOME/.pgpass`.
    package static func lookup(host: String, port: Int, database: String, user: String, environment: [String: String]) -> Lookup {
        let named = environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 }
        guard let path = named ?? environment["HOME"].map({ $0 + "/.pgpass" }) else { return Lookup() }
        var info = stat()
        guard stat(path, &info) == 0 else {
            return Lookup(warning: named == nil ? nil : "PGPASSFILE \(path): cannot read it (\(String(cString: strerror(errno))))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return Lookup(warning: "password file \(path): not a regular file, ignored") }
        guard info.st_mode & (S_IRWXG | S_IRWXO) == 0 else {
            return Lookup(warning: "password file \(path) has group or world access, ignored; permissions should be u=rw (0600) or less")
        }
        guard Int(info.st_size) <= sizeLimit else { return Lookup(warning: "password file \(path): larger than 1 MiB, ignored") }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return Lookup(warning: "password file \(path): cannot read it as UTF-8 text, ignored")
        }
        let wanted = [host, String(port), database, user]
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            guard !line.hasPrefix("#") else { continue }
            let fields = Self.fields(of: String(line))
            guard fields.count >= 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0.0 == "*" || $0.0 == $0.1 }) {
                return Lookup(password: fields[4...].joined(separator: ":"))
            }
        }
        return Lookup()
    }

    /// A line's colon-separated fields with `\:` and `\\` unescaped.
    static func fields(of line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
