import Foundation
import Logging
import PostgresNIO

/// One connection to the fleet database, with the server's failures turned into `FleetError`s
/// that name its URL (never the password).
///
/// ```
/// let database = try await FleetDatabase.connect(to: FleetServer(url: "postgres://ci@127.0.0.1:5432/reel"))
/// defer { Task { await database.close() } }
/// try await database.createSchema()
/// ```
package final class FleetDatabase: Sendable {
    let connection: PostgresConnection
    package let server: FleetServer
    let logger: Logger
    /// Seconds a statement may take, the server's answer included: the server's own
    /// `statement_timeout`, and the client's deadline (`withDeadline`) a little later for a server
    /// that stalls.
    package let statementTimeout: Int64

    /// What the client waits past `statementTimeout` for the server's own timeout to answer first.
    static let deadlineGrace: Double = 2

    private init(connection: PostgresConnection, server: FleetServer, logger: Logger, statementTimeout: Int64) {
        self.connection = connection
        self.server = server
        self.logger = logger
        self.statementTimeout = statementTimeout
    }

    /// Connects within `timeout` seconds (the TCP connection, TLS and the server's startup
    /// answers) and sets `statement_timeout`; throws `FleetError.unreachable`, `.server` or `.timedOut`.
    package static func connect(to server: FleetServer, timeout: Int64 = 10, statementTimeout: Int64 = 60) async throws
        -> FleetDatabase
    {
        var logger = Logger(label: "reel.fleet")
        logger.logLevel = .critical
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch server.tls {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        } catch {
            throw FleetError.unreachable(
                url: server.displayURL, reason: "cannot set up TLS: \(ConnectionFailureWords.words(error, timeout: timeout))")
        }
        var configuration = PostgresConnection.Configuration(
            host: server.host, port: server.port, username: server.user, password: server.password, database: server.database,
            tls: tls)
        configuration.options.connectTimeout = .seconds(timeout)
        let connection: PostgresConnection
        do {
            // A connect that has not ended by the deadline is left behind: the command exits with the error.
            connection = try await withDeadline(
                seconds: Double(timeout),
                operation: { [logger, configuration] in
                    try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
                },
                expire: {},
                timedOut: { FleetError.timedOut(url: server.displayURL, seconds: timeout, waitingFor: "the connection's startup") })
        } catch {
            throw Self.fleetError(error, server: server, connecting: true, timeout: timeout)
        }
        let database = FleetDatabase(connection: connection, server: server, logger: logger, statementTimeout: statementTimeout)
        do {
            try await database.run(PostgresQuery(unsafeSQL: "SET statement_timeout = \(statementTimeout * 1000)"))
        } catch {
            // PostgresNIO asserts that a connection is closed before it goes away.
            await database.close()
            throw error
        }
        return database
    }

    /// Closes the connection; an open transaction is rolled back by the server.
    package func close() async {
        try? await connection.close()
    }

    /// Runs `query` and reads all its rows within the statement timeout, turning a failure into a
    /// `FleetError` (a stalled server: `.timedOut`, after which the connection is closed).
    @discardableResult
    func run(_ query: PostgresQuery) async throws -> [PostgresRow] {
        let (connection, logger, server, seconds) = (self.connection, self.logger, self.server, statementTimeout)
        do {
            return try await withDeadline(
                seconds: Double(seconds) + Self.deadlineGrace,
                operation: { try await connection.query(query, logger: logger).collect() },
                expire: { try? await connection.close() },
                timedOut: { FleetError.timedOut(url: server.displayURL, seconds: seconds, waitingFor: "a statement") })
        } catch {
            throw Self.fleetError(error, server: server, connecting: false, timeout: seconds)
        }
    }

    /// The first column of the first row of `query` (nil when there is no row); a value of another
    /// type is the server's fault (`.server`), not a bug.
    func firstValue<Value: PostgresDecodable>(_ query: PostgresQuery, as type: Value.Type) async throws -> Value? {
        guard let row = try await run(query).first else { return nil }
        do {
            return try row.decode(Value.self)
        } catch {
            throw FleetError.server(
                url: server.displayURL, sqlState: "?", message: "answered with a value that is not a \(Value.self) (\(Value.self) expected)"
            )
        }
    }

    /// Runs `body` between BEGIN and COMMIT; any error rolls the transaction back and is rethrown.
    func transaction<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        try await run("BEGIN")
        do {
            let value = try await body()
            try await run("COMMIT")
            return value
        } catch {
            _ = try? await run("ROLLBACK")
            throw error
        }
    }

    /// Creates the fleet tables that are missing, in one transaction (docs/FLEET.md).
    package func createSchema() async throws {
        try await transaction {
            try await run("SELECT pg_advisory_xact_lock(\(FleetSchema.lockKey))")
            for statement in FleetSchema.statements { try await run(PostgresQuery(unsafeSQL: statement)) }
        }
    }

    /// The rows of a read-only query (a saved fleet query, Fleet/Queries/*.sql) as one JSON array of
    /// objects, column name to value, computed by the server (`json_agg`), so every column type
    /// reads the same way. `sql` is one SELECT; a trailing semicolon is dropped.
    package func jsonRows(_ sql: String) async throws -> String {
        var body = sql.trimmingCharacters(in: .whitespacesAndNewlines)
        while body.hasSuffix(";") { body = String(body.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines) }
        let wrapped = "SELECT coalesce(json_agg(q), '[]'::json)::text FROM (\n" + body + "\n) AS q"
        return try await firstValue(PostgresQuery(unsafeSQL: wrapped), as: String.self) ?? "[]"
    }

    /// A library or server failure as the user reads it: the server's message bounded and its
    /// control characters escaped (`FleetError.serverText`), a networking or TLS failure in words
    /// (`ConnectionFailureWords`).
    static func fleetError(_ error: any Error, server: FleetServer, connecting: Bool, timeout: Int64) -> any Error {
        if let fleet = error as? FleetError { return fleet }
        guard let psql = error as? PSQLError else {
            return FleetError.unreachable(
                url: server.displayURL, reason: (connecting ? "" : "lost: ") + ConnectionFailureWords.words(error, timeout: timeout))
        }
        if psql.code == .server, let info = psql.serverInfo {
            return FleetError.server(
                url: server.displayURL, sqlState: FleetError.serverText(info[.sqlState] ?? "?", limit: 5),
                message: FleetError.serverText(info[.message] ?? "no message"))
        }
        let reason: String
        if let underlying = psql.underlying {
            reason = ConnectionFailureWords.words(underlying, timeout: timeout)
        } else {
            switch psql.code {
            case .serverClosedConnection: reason = "the server closed the connection"
            case .clientClosedConnection: reason = "the connection was closed"
            case .sslUnsupported: reason = "the server does not offer TLS (sslmode=require)"
            case .authMechanismRequiresPassword:
                reason = "the server asks for a password (PGPASSWORD, a password file PGPASSFILE or ~/.pgpass, or --to-file)"
            case .unsupportedAuthMechanism: reason = "the server asks for an authentication method PostgresNIO does not speak"
            case .messageDecodingFailure, .unexpectedBackendMessage: reason = "the server's answer breaks the PostgreSQL protocol"
            default: reason = FleetError.serverText(psql.code.description, limit: 200)
            }
        }
        return FleetError.unreachable(url: server.displayURL, reason: (connecting ? "" : "lost: ") + reason)
    }
}
