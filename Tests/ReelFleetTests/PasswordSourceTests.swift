import Foundation
import ReelFleet
import ReelTestSupport
import Testing

/// Issue 48 item 5: where `reel-publish` takes the password when not from the URL on its command
/// line: `PGPASSWORD`, a password file as libpq reads it (PostgreSQL documentation, "The Password
/// File"), or the whole URL from `--to-file`; and the warning for a password on the command line.
@Suite("reel-publish: where the password comes from")
struct PasswordSourceTests {
    static func passwordFile(_ text: String, mode: mode_t = 0o600) throws -> String {
        let path = try temporaryFolder() + "/pgpass"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, mode) == 0)
        return path
    }

    @Test func thePasswordFileMatchesAsLibpqDoes() throws {
        let path = try Self.passwordFile(
            """
            # comments and lines that do not match come first
            db.example:5432:other:ci:wrong-database
            db.example:6543:reel:ci:wrong-port
            *:5432:reel:c\\:i:escaped-user
            db.example:*:reel:ci:p\\:ss\\\\word:tail
            *:*:*:*:catch-all

            """)
        let environment = ["PGPASSFILE": path]
        func lookup(_ user: String, port: Int = 5432) -> PasswordFile.Lookup {
            PasswordFile.lookup(host: "db.example", port: port, database: "reel", user: user, environment: environment)
        }
        // The first matching line wins; `\:` and `\\` are a colon and a backslash; a colon the
        // password holds unescaped stays part of it.
        #expect(lookup("ci").password == "p:ss\\word:tail")
        #expect(lookup("c:i").password == "escaped-user")
        #expect(lookup("someone").password == "catch-all")
        #expect(lookup("ci").warning == nil)
    }

    @Test func aPasswordFileOthersCanReadIsIgnoredWithAWarning() throws {
        let path = try Self.passwordFile("*:*:*:*:secret\n", mode: 0o644)
        let found = PasswordFile.lookup(host: "h", port: 5432, database: "d", user: "u", environment: ["PGPASSFILE": path])
        #expect(found.password == nil)
        #expect(found.warning?.contains("has group or world access") == true, "\(String(describing: found.warning))")
    }

    @Test func theURLThenPGPASSWORDThenTheFile() throws {
        let path = try Self.passwordFile("*:*:*:*:from-file\n")
        let url = "postgres://ci@db.example/reel"
        #expect(try FleetServer(url: url, environment: ["PGPASSFILE": path]).password == "from-file")
        #expect(try FleetServer(url: url, environment: ["PGPASSFILE": path, "PGPASSWORD": "from-env"]).password == "from-env")
        let inURL = try FleetServer(url: "postgres://ci:a%25b%40c@db.example/reel", environment: ["PGPASSWORD": "from-env"])
        // Percent-decoded once (RFC 3986): %25 is "%", %40 "@".
        #expect(inURL.password == "a%b@c")
        #expect(inURL.passwordInURL)
        #expect(try !FleetServer(url: url, environment: [:]).passwordInURL)
        #expect(try FleetServer(url: url, environment: ["HOME": "/nonexistent"]).password == nil)
    }

    @Test func theURLFromAFileAndTheWarningForOneInArgv() throws {
        let (folder, archive) = try HostileServerTests.archive()
        let server = try HostileServerTests.startServer("huge-error", size: 100, in: folder)
        defer { server.stop() }
        let port = try #require(server.url.split(separator: ":").last?.split(separator: "/").first.map(String.init))
        let withPassword = "postgres://reel:hunter2@127.0.0.1:\(port)/postgres"
        try Data((withPassword + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/url"))
        // The fake server refuses every statement: reaching it (69, its message) shows the URL was used.
        let fromFile = try runPublish([archive, "--replay", "1", "--to-file", folder + "/url"], in: folder)
        #expect(fromFile.status == 69, "\(fromFile.standardError)")
        #expect(
            fromFile.standardError.contains("postgres://reel@127.0.0.1:\(port)/postgres: the server refused"), "\(fromFile.standardError)")
        #expect(!fromFile.standardError.contains("warning") && !fromFile.standardError.contains("hunter2"), "\(fromFile.standardError)")
        let inArgv = try runPublish([archive, "--replay", "1", "--to", withPassword], in: folder)
        #expect(inArgv.status == 69)
        #expect(inArgv.standardError.hasPrefix("reel-publish: warning: the --to URL holds a password"), "\(inArgv.standardError)")
        #expect(!inArgv.standardError.contains("hunter2"))
        for (arguments, status) in [
            (["--to-file", folder + "/missing"], Int32(66)), (["--to", withPassword, "--to-file", folder + "/url"], 64), ([], 64),
        ] {
            let run = try runPublish([archive, "--replay", "1"] + arguments, in: folder)
            #expect(run.status == status, "\(arguments): \(run.status) \(run.standardError)")
        }
    }
}
