import Foundation

/// How a ``PostgreSQLStore`` connects: the server, the pool, the schema its tables live in, TLS and a statement
/// timeout. OpenSwiftData's `PostgreSQLConfiguration` and OpenCoreData's store description fill it in.
package struct PostgreSQLStoreOptions: Sendable, Hashable {
    /// The server, as a libpq connection URI (`postgres://user@host:5432/db`); may hold a password, so it is never
    /// put into an error message.
    package var url: String
    /// At most this many connections are open at once (each fetch or save takes one for its duration).
    package var poolSize: Int = 4
    /// The PostgreSQL schema (namespace) the store's tables live in; created when missing. Several stores may share
    /// one database under different schemas.
    package var schemaName: String = "public"
    /// libpq's `sslmode` (`disable`, `allow`, `prefer`, `require`, `verify-ca`, `verify-full`); nil keeps the URL's
    /// or libpq's default (`prefer`).
    package var sslMode: String?
    /// Every statement is cancelled after this many seconds (`SET statement_timeout`); nil for no limit.
    package var statementTimeout: Double?
    /// How many times a save that met a concurrent one (SQLSTATE 40001, 40P01, or 23505 on a unique group the
    /// upsert looked up first) runs again before the error reaches the caller.
    package var serializationRetries: Int = 20

    package init(url: String) {
        self.url = url
    }

    /// The connection string libpq is given: the URL with `sslmode` added to its query when set.
    package var connectionString: String {
        guard let sslMode else { return url }
        let separator = url.contains("?") ? "&" : "?"
        return url + separator + "sslmode="
            + (sslMode.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
                ?? sslMode)
    }

    /// `host:port` of the URL, for messages (never the user or the password).
    package var serverDescription: String {
        guard let components = URLComponents(string: url), let host = components.host else { return "the server" }
        return "\(host):\(components.port ?? 5432)"
    }
}
