import Foundation
import PostgreSQLStore
import SQLStore

/// The PostgreSQL store behind a container whose configuration names a `postgres://` (or `postgresql://`) URL: the
/// store layer's ``PostgreSQLStore`` executor, seen through the model layer's mapping (written in PostgreSQL's
/// dialect), with every error as a ``SwiftDataError``.
///
/// Reads have no snapshots (a batched fetch's later batches see later commits) and no writer connection of their
/// own: every read takes a pooled connection. History is the SQLite store's (the same tables and rows); other
/// servers' commits are heard through `LISTEN` (``observeCommits(_:)``).
final class PostgreSQLModelStore: ExecutorModelStore {
    let store: PostgreSQLStore
    let mapping: ModelMapping
    let url: URL?
    /// Why writes are refused (the configuration does not allow saving), or nil.
    let writeRefusal: String?

    init(store: PostgreSQLStore, mapping: ModelMapping, url: URL, allowsSave: Bool) {
        self.store = store
        self.url = url
        self.writeRefusal =
            allowsSave ? nil : "the container's configuration does not allow saving (allowsSave is false)"
        var mapping = mapping
        mapping.storeIdentifier = store.identifier
        self.mapping = mapping
    }

    /// Connects to the server `configuration.url` names and creates or migrates the store's tables for `schema`
    /// (see ``PostgreSQLStore/open(options:mapping:version:stages:)``), with `configuration.postgreSQL`'s pool size,
    /// schema name, TLS mode and statement timeout.
    /// - Throws: ``SwiftDataError/storeOpenFailed(url:reason:)`` naming host and port when the server is down or
    ///   refuses the connection (the URL's password is never in the message);
    ///   ``SwiftDataError/invalidSchema(_:)``; ``SwiftDataError/migrationRequired(_:)`` (nothing written);
    ///   ``SwiftDataError/storeFailed(_:)``.
    static func open(
        _ configuration: ModelConfiguration, url: URL, schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?
    ) throws(SwiftDataError) -> PostgreSQLModelStore {
        let mapping = try ModelMapping(schema: schema, dialect: PostgreSQLDialect())
        let migration = StoreMigration(schema: schema, mapping: mapping, plan: migrationPlan)
        var options = PostgreSQLStoreOptions(url: url.absoluteString)
        options.poolSize = configuration.postgreSQL.poolSize
        options.schemaName = configuration.postgreSQL.schemaName
        options.sslMode = configuration.postgreSQL.sslMode
        options.statementTimeout = configuration.postgreSQL.statementTimeout
        do {
            let store = try PostgreSQLStore.open(
                options: options, mapping: mapping.tables, version: migration.targetVersion.storeVersion,
                stages: migration.steps(from:))
            return PostgreSQLModelStore(store: store, mapping: mapping, url: url, allowsSave: configuration.allowsSave)
        } catch let error as StoreError {
            switch error.kind {
            case .cannotOpen: throw .storeOpenFailed(url: url.redactingPassword, reason: error.message)
            default: throw .storeFailed(error)
            }
        } catch {
            throw .wrapping(error, url: url.redactingPassword)
        }
    }

    /// Throws ``SwiftDataError/writeNotAllowed(_:)`` naming `operation` when the configuration does not allow saving.
    func checkWritable(_ operation: String) throws(SwiftDataError) {
        if let writeRefusal { throw .writeNotAllowed("\(operation) was refused: \(writeRefusal)") }
    }

    /// Nil: the PostgreSQL store keeps no snapshots, so a batched fetch's later batches read the store as it is.
    func makeSnapshot() throws(SwiftDataError) -> (any StoreReadSnapshot)? { nil }

}

// MARK: Other servers' commits

extension PostgreSQLModelStore {
    /// Calls `body` (on another thread) after each commit to the store by another process or another container,
    /// heard through `LISTEN` (``PostgreSQLChangeListener``), and once after the listener's lost connection is back;
    /// until ``stopObservingCommits(_:)``.
    func observeCommits(_ body: @escaping @Sendable () -> Void) -> Int { store.changeListener.subscribe(body) }

    func stopObservingCommits(_ subscriber: Int) { store.changeListener.unsubscribe(subscriber) }
}
