import Foundation
import ReelTestSupport
import Testing

/// Issue 48 item 5: `reel publish --to postgres://USER:PASSWORD@...` passed the URL, password and
/// all, to `reel-publish` in its arguments, readable by any local user in `/proc/PID/cmdline` for the
/// whole run. `reel publish` now takes the password out of the URL, gives it to the child in
/// `PGPASSWORD`, and warns. A stand-in `reel-publish` beside a copy of `reel` records its own
/// `/proc/self/cmdline` and environment, so no PostgreSQL server or fleet build is needed.
@Suite("reel publish keeps the password out of argv")
struct PublishSecretTests {
    /// A folder holding a copy of `reel` and a `reel-publish` shell script that writes its command
    /// line (NUL-separated, as the kernel keeps it) and its PGPASSWORD into `folder`.
    static func standIn() throws -> (folder: String, reel: String) {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(atPath: reelExecutable, toPath: folder + "/reel")
        let script = """
            #!/bin/sh
            cat /proc/$$/cmdline > '\(folder)/cmdline'
            printf '%s' "${PGPASSWORD-unset}" > '\(folder)/pgpassword'
            exit 0

            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/reel-publish"))
        #expect(chmod(folder + "/reel-publish", 0o755) == 0)
        return (folder, folder + "/reel")
    }

    static func childArguments(_ folder: String) throws -> [String] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/cmdline"))
        return bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [["--to"], ["--to="]])
    func thePasswordGoesByEnvironmentNotArguments(form: [String]) throws {
        let (folder, reel) = try Self.standIn()
        // The password as the URL carries it (percent-encoded, RFC 3986) and as the server wants it.
        let encoded = "s%40cr%3Aet%2Fx"
        let password = "s@cr:et/x"
        let url = "postgres://ci:\(encoded)@db.example:5432/reel?sslmode=require"
        let toArguments = form == ["--to"] ? ["--to", url] : ["--to=" + url]
        let run = try startProcess(
            [reel, "publish", "a.sqlite", "--replay", "3"] + toArguments + ["--meta", "commit=abc"], in: folder,
            environment: ["PATH": "/usr/bin:/bin"], captureFolder: folder
        ).wait()
        #expect(run.status == 0, "\(run.standardError)")
        let arguments = try Self.childArguments(folder)
        let joined = arguments.joined(separator: " ")
        #expect(!joined.contains(encoded) && !joined.contains(password) && !joined.contains("cr%3A"), "\(arguments)")
        // The kernel's cmdline: "/bin/sh", the script, its arguments, each ended by NUL.
        let stripped = "postgres://ci@db.example:5432/reel?sslmode=require"
        let strippedArguments = form == ["--to"] ? ["--to", stripped] : ["--to=" + stripped]
        #expect(
            Array(arguments.dropFirst(2).dropLast()) == ["a.sqlite", "--replay", "3"] + strippedArguments + ["--meta", "commit=abc"],
            "\(arguments)")
        #expect(try String(contentsOfFile: folder + "/pgpassword", encoding: .utf8) == password)
        #expect(run.standardError.contains("reel: warning: the --to URL holds a password"), "\(run.standardError)")
        #expect(!run.standardError.contains(encoded) && !run.standardError.contains(password))
    }

    @Test func aURLWithoutPasswordPassesUnchangedAndQuietly() throws {
        let (folder, reel) = try Self.standIn()
        let url = "postgres://ci@db.example/reel"
        let run = try startProcess(
            [reel, "publish", "a.sqlite", "--replay", "3", "--to", url], in: folder,
            environment: ["PATH": "/usr/bin:/bin", "PGPASSWORD": "from-env"], captureFolder: folder
        ).wait()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(Array(try Self.childArguments(folder).dropFirst(2).dropLast()) == ["a.sqlite", "--replay", "3", "--to", url])
        #expect(try String(contentsOfFile: folder + "/pgpassword", encoding: .utf8) == "from-env")
        #expect(!run.standardError.contains("warning"), "\(run.standardError)")
    }
}
