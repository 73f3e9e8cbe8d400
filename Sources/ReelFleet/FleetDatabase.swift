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

    private init(connection: PostgresConnection, server: FleetServer, logger: Logger) {
        self.connection = connection
        self.server = server
        self.logger = logger
    }

    /// Connects within `timeout` seconds; throws `FleetError.unreachable` or `.server`.
    package static func connect(to server: FleetServer, timeout: Int64 = 10) async throws -> FleetDatabase {
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
            throw FleetError.unreachable(url: server.displayURL, reason: "cannot set up TLS: \(error)")
        }
        var configuration = PostgresConnection.Configuration(
            host: server.host, port: server.port, username: server.user, password: server.password, database: server.database,
            tls: tls)
        configuration.options.connectTimeout = .seconds(timeout)
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
            return FleetDatabase(connection: connection, server: server, logger: logger)
        } catch {
            throw Self.fleetError(error, server: server, connecting: true)
        }
    }

    /// Closes the connection; an open transaction is rolled back by the server.
    package func close() async {
        try? await connection.close()
    }

    /// Runs `query`, turning a failure into a `FleetError`.
    @discardableResult
    func run(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        do {
            return try await connection.query(query, logger: logger)
        } catch {
            throw Self.fleetError(error, server: server, connecting: false)
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
            _ = try? await connection.query("ROLLBACK", logger: logger)
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
        for try await text in try await run(PostgresQuery(unsafeSQL: wrapped)).decode(String.self) { return text }
        return "[]"
    }

    /// A library or server failure as the user reads it.
    static func fleetError(_ error: any Error, server: FleetServer, connecting: Bool) -> any Error {
        if let fleet = error as? FleetError { return fleet }
        guard let psql = error as? PSQLError else {
            return FleetError.unreachable(url: server.displayURL, reason: String(describing: error))
        }
        if psql.code == .server, let info = psql.serverInfo {
            return FleetError.server(
                url: server.displayURL, sqlState: info[.sqlState] ?? "?", message: info[.message] ?? "no message")
        }
        let reason: String
        if let underlying = psql.underlying {
            reason = String(describing: underlying)
        } else {
            switch psql.code {
            case .serverClosedConnection: reason = "the server closed the connection"
            case .sslUnsupported: reason = "the server does not offer TLS (sslmode=require)"
            case .authMechanismRequiresPassword: reason = "the server asks for a password (in the URL or PGPASSWORD)"
            default: reason = psql.code.description
            }
        }
        return FleetError.unreachable(url: server.displayURL, reason: (connecting ? "" : "lost: ") + reason)
    }
}
