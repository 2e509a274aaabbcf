import Foundation

/// How a container whose ``ModelConfiguration`` names a `postgres://` URL talks to its server
/// (``ModelConfiguration/postgreSQL``). Not in SwiftData, which has no PostgreSQL store.
///
/// ```swift
/// var configuration = ModelConfiguration(url: URL(string: "postgres://app@db.example.com:5432/shop")!)
/// configuration.postgreSQL.poolSize = 8
/// configuration.postgreSQL.sslMode = "verify-full"
/// let container = try ModelContainer(for: Item.self, configurations: configuration)
/// ```
public struct PostgreSQLConfiguration: Hashable, Sendable {
    /// At most this many connections to the server are open at once (each fetch or save holds one while it runs).
    /// Default 4.
    public var poolSize: Int = 4
    /// The PostgreSQL schema (namespace) the store's tables live in, created when missing; several containers may
    /// share one database under different schemas. Default `public`.
    public var schemaName: String = "public"
    /// libpq's `sslmode`: `disable`, `allow`, `prefer`, `require`, `verify-ca` or `verify-full`; nil keeps the URL's
    /// (`?sslmode=…`) or libpq's default, `prefer`.
    public var sslMode: String?
    /// Every statement is cancelled by the server after this many seconds (`SET statement_timeout`); nil (the
    /// default) for no limit.
    public var statementTimeout: Double?

    /// The defaults: a pool of 4, schema `public`, libpq's TLS default, no statement timeout.
    public init() {}
}
