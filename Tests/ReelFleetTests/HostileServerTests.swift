import Foundation
import ReelFleet
import ReelStore
import ReelTestSupport
import Testing

/// A PostgreSQL server that lies, written in Python: it speaks the protocol's startup (version 3.0,
/// "Message Flow" and "Message Formats" of the PostgreSQL documentation: AuthenticationOk,
/// ParameterStatus, BackendKeyData, ReadyForQuery) and then, by its mode, stalls before the
/// startup's answer (`stall-startup`), stalls on the first statement (`stall`), or answers every
/// statement with an ErrorResponse whose message is `size` bytes of control characters and text
/// (`huge-error`). It prints its port, then serves connections until its standard input ends (the
/// test closed its end of the pipe, or the test process died), it is killed, or 120 s have passed.
let hostileServerScript = #"""
    import os, socket, struct, sys, threading, time

    mode, size = sys.argv[1], int(sys.argv[2])

    def recvn(c, n):
        data = b""
        while len(data) < n:
            part = c.recv(n - len(data))
            if not part:
                raise EOFError
            data += part
        return data

    def msg(kind, body):
        return kind + struct.pack("!I", len(body) + 4) + body

    def forever():
        while True:
            time.sleep(60)

    def serve(c):
        try:
            while True:
                n = struct.unpack("!I", recvn(c, 4))[0]
                body = recvn(c, n - 4)
                if struct.unpack("!I", body[:4])[0] == 80877103:  # SSLRequest: no TLS here
                    c.sendall(b"N")
                    continue
                break
            if mode == "stall-startup":
                forever()
            params = b"".join(msg(b"S", k + b"\0" + v + b"\0") for k, v in [
                (b"server_version", b"16.0"), (b"client_encoding", b"UTF8"), (b"DateStyle", b"ISO, MDY"),
                (b"integer_datetimes", b"on"), (b"standard_conforming_strings", b"on")])
            c.sendall(msg(b"R", struct.pack("!I", 0)) + params + msg(b"K", struct.pack("!II", 1, 2)) + msg(b"Z", b"I"))
            while True:
                kind = recvn(c, 1)
                n = struct.unpack("!I", recvn(c, 4))[0]
                recvn(c, n - 4)
                if kind == b"X":
                    return
                if kind not in (b"S", b"Q"):
                    continue
                if mode == "stall":
                    forever()
                text = (b"\x1b]0;owned\x07\x1b[2J\r" * (size // 16 + 1))[:size]
                fields = b"SERROR\0VERROR\0CXX000\0M" + text + b"\0\0"
                c.sendall(msg(b"E", fields) + msg(b"Z", b"I"))
        except (EOFError, OSError):
            pass
        finally:
            c.close()

    def watch_parent():
        # The test holds the other end of standard input: its end (a close, or the test's death)
        # ends this server, with every stalled connection.
        while sys.stdin.buffer.read(4096):
            pass
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    # And whatever happens to the test, the server lives at most 120 s: a client waiting on it for
    # ever (a missing timeout) then sees the connection end instead of hanging its test.
    threading.Timer(120, lambda: os._exit(3)).start()
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    s.listen(8)
    print(s.getsockname()[1], flush=True)
    while True:
        conn, _ = s.accept()
        threading.Thread(target=serve, args=(conn,), daemon=True).start()
    """#

/// Issue 48 item 10: a hostile PostgreSQL server. A server's error message was printed whole (256 MB
/// made 1 GB of RSS) with its control characters raw, a server that stalls held `reel-publish` for
/// ever, and an error on the `fleet_runs` insert exited 70 ("a bug") with a generic message.
@Suite(.enabled(if: python3Path != nil, "needs python3 on PATH"), .timeLimit(.minutes(5)))
struct HostileServerTests {
    /// Starts the fake server in `mode` in `folder`; the caller stops it (`FakePostgresServer.stop`).
    static func startServer(_ mode: String, size: Int = 0, in folder: String) throws -> FakePostgresServer {
        try FakePostgresServer(script: hostileServerScript, arguments: [mode, String(size)], in: folder)
    }

    /// An archive with one finished replay to publish.
    static func archive() throws -> (folder: String, archive: String) {
        let corpus = try swipeDismissCorpus(count: 4)
        let replay = try runReel(["replay", corpus.archive, "--engine", corpus.candidate], in: corpus.folder)
        #expect(replay.status == 0 || replay.status == 1, "\(replay.standardError)")
        return (corpus.folder, corpus.archive)
    }

    static func rawControls(_ text: String) -> Int {
        text.unicodeScalars.count { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
    }

    @Test func aHugeErrorMessageIsPrintedAsABoundedEscapedPrefix() throws {
        let (folder, archive) = try Self.archive()
        let size = 16 << 20
        let server = try Self.startServer("huge-error", size: size, in: folder)
        defer { server.stop() }
        let run = try runPublish([archive, "--replay", "1", "--to", server.url], in: folder)
        #expect(run.status == 69, "\(run.status) \(run.standardError.prefix(2000))")
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(run.standardError.prefix(2000))")
        // FleetError.messageLimit characters of the message, each control written as at most 6 characters
        // (`\u{1b}`), the URL and the words around it: far below the 16 MiB the server sent.
        #expect(run.standardError.utf8.count < FleetError.messageLimit * 6 + 1000, "\(run.standardError.utf8.count) bytes")
        #expect(run.standardError.contains("the server refused: \\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{d}"), "\(run.standardError.prefix(500))")
        #expect(run.standardError.contains("more characters not shown"))
        #expect(Self.rawControls(run.standardError) == 0)
    }

    @Test(arguments: ["stall", "stall-startup"])
    func aStallingServerIsLeftAfterTheTimeout(mode: String) throws {
        let (folder, archive) = try Self.archive()
        let server = try Self.startServer(mode, in: folder)
        defer { server.stop() }
        let started = Date()
        let run = try runPublish(
            [archive, "--replay", "1", "--to", server.url, "--statement-timeout", "2", "--connect-timeout", "2"], in: folder)
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 69, "\(run.status) \(run.standardError)")
        // A stalled statement: the client's deadline; a stalled startup: PostgresNIO's connect timeout
        // (it covers the startup too) or the client's deadline, whichever comes first.
        let said =
            mode == "stall"
            ? ["did not answer a statement within 2 s"] : ["no connection within 2 s", "the connection's startup within 2 s"]
        #expect(said.contains { run.standardError.contains($0) }, "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
        // 2 s, the client's grace past the server's own timeout, and the start of the process and its archive read.
        #expect(seconds < 2 + 2 + 30, "\(seconds) s")
    }

    /// Issue 48 item 13: SwiftNIO's and NIOSSL's errors reached the message as their type dumps
    /// (`connect(descriptor:addr:size:): Connection refused (errno: 111)`).
    @Test func aRefusedConnectionAndAMissingTLSAreSaidInWords() throws {
        let (folder, archive) = try Self.archive()
        let server = try Self.startServer("stall", in: folder)
        let tls = try runPublish([archive, "--replay", "1", "--to", server.url + "?sslmode=require"], in: folder)
        #expect(tls.status == 69, "\(tls.status) \(tls.standardError)")
        #expect(tls.standardError.contains("the server does not offer TLS (sslmode=require)"), "\(tls.standardError)")
        server.stop()
        let refused = try runPublish([archive, "--replay", "1", "--to", server.url], in: folder)
        #expect(refused.status == 69, "\(refused.status) \(refused.standardError)")
        #expect(refused.standardError.contains("cannot connect to the PostgreSQL server: "), "\(refused.standardError)")
        #expect(refused.standardError.lowercased().contains("connection refused"), "\(refused.standardError)")
        for dump in ["errno", "descriptor", "NIOConnectionError", "IOError", "PSQLError"] {
            #expect(!refused.standardError.contains(dump), "\(dump): \(refused.standardError)")
        }
        #expect(refused.standardError.split(separator: "\n").count == 1, "\(refused.standardError)")
    }
}

/// The same against a real server: an error on the `fleet_runs` insert and an expired
/// `statement_timeout` are the server's refusals (69, its message), not bugs.
@Suite(.enabled(if: postgresInstalled, noPostgresReason), .timeLimit(.minutes(5)))
struct RefusingServerTests {
    static func withTrigger(_ body: String, at url: String) async throws {
        let database = try await FleetDatabase.connect(to: FleetServer(url: url))
        try await database.createSchema()
        await database.close()
        let sql = """
            CREATE FUNCTION refuse_runs() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \(body) RETURN NEW; END $$;
            CREATE TRIGGER refuse BEFORE INSERT ON fleet_runs FOR EACH ROW EXECUTE FUNCTION refuse_runs();
            """
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let candidates = ["/usr/bin/psql"] + versions.sorted().reversed().map { "/usr/lib/postgresql/\($0)/bin/psql" }
        let psql = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, "no psql")
        let folder = try temporaryFolder()
        let run = try startProcess([psql, url, "-v", "ON_ERROR_STOP=1", "-c", sql], in: folder, captureFolder: folder).wait()
        try #require(run.status == 0, "\(run.standardError)")
    }

    @Test func anErrorOnTheRunsInsertIsTheServersRefusal() async throws {
        let (folder, archive) = try HostileServerTests.archive()
        try await withPostgres { url in
            try await Self.withTrigger("RAISE EXCEPTION 'runs are frozen %', chr(27) || '[2J';", at: url)
            let run = try runPublish([archive, "--replay", "1", "--to", url], in: folder)
            #expect(run.status == 69, "\(run.status) \(run.standardError)")
            #expect(run.standardError.contains("the server refused: runs are frozen \\u{1b}[2J (SQLSTATE P0001)"), "\(run.standardError)")
            #expect(try await count("SELECT count(*) FROM fleet_verdicts", at: url) == 0)
        }
    }

    @Test func anExpiredStatementTimeoutExits69() async throws {
        let (folder, archive) = try HostileServerTests.archive()
        try await withPostgres { url in
            try await Self.withTrigger("PERFORM pg_sleep(30);", at: url)
            let run = try runPublish([archive, "--replay", "1", "--to", url, "--statement-timeout", "1"], in: folder)
            #expect(run.status == 69, "\(run.status) \(run.standardError)")
            // PostgreSQL's words for an expired statement_timeout, SQLSTATE 57014 (query_canceled).
            #expect(run.standardError.contains("canceling statement due to statement timeout (SQLSTATE 57014)"), "\(run.standardError)")
        }
    }
}
