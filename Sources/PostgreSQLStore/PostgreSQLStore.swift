import Foundation
import PostgreSQL
import SQLStore
import Synchronization

/// A store in a PostgreSQL database: the executor every object layer's context goes through when its configuration
/// names a `postgres://` URL, with the same operations in store terms as ``SQLiteStore`` — ``fetch(_:_:)``,
/// ``fetchKeys(_:)``, ``count(_:)``, ``save(_:)``, ``erase()`` — and the same SQL from the same query types, written
/// in ``PostgreSQLDialect``.
///
/// Several processes on several machines may open one store at once: the schema is created or migrated in one
/// transaction under a transaction-level advisory lock (``open(options:mapping:version:stages:)``); each save is one
/// `REPEATABLE READ` transaction, run again when it meets a concurrent one (SQLSTATE 40001/40P01) so two unique
/// upserts at once leave one row and no error; each save sends a notification (`NOTIFY`) in its transaction, and
/// moves the data version (a sequence) after it commits. Connections come from a pool; a read on a connection
/// found broken runs once more on a new one, as does a save whose transaction had not reached `COMMIT`.
package final class PostgreSQLStore: Sendable {
    /// A UUID recorded in the store when it is created (part of SwiftData's identifiers), as in SQLite's store.
    package let identifier: String
    /// The tables the store reads and writes (in ``PostgreSQLDialect``).
    package let mapping: SchemaMapping
    package let options: PostgreSQLStoreOptions
    let pool: PostgreSQLConnectionPool
    /// How many statements the read operations ran (as ``SQLiteStore/readStatementCount``).
    package let readStatementCount = Atomic<Int>(0)
    /// This store object's name in its saves' notifications, so that its own listener passes over them.
    let sender = UUID().uuidString
    /// Hears other store objects' commits (``PostgreSQLChangeListener``), once something subscribes.
    package let changeListener: PostgreSQLChangeListener

    /// The channel every save notifies, with the store's identifier as the payload.
    package static let notificationChannel = "osd_store_changes"
    /// The sequence that counts committed saves (``dataVersion()``).
    static let dataVersionSequence = "Z_DATAVERSION"

    init(identifier: String, mapping: SchemaMapping, options: PostgreSQLStoreOptions, pool: PostgreSQLConnectionPool) {
        self.identifier = identifier
        self.mapping = mapping
        self.options = options
        self.pool = pool
        self.changeListener = PostgreSQLChangeListener(
            connectionString: options.connectionString, identifier: identifier, sender: sender)
    }

    /// The executor a migration's custom stage works on: every statement on `connection`, inside the migration's
    /// transaction (its saves are savepoints of it), through `mapping` (the stage's version of the tables).
    convenience init(
        migratingOn connection: PostgreSQLConnection, identifier: String, mapping: SchemaMapping,
        options: PostgreSQLStoreOptions
    ) {
        self.init(
            identifier: identifier, mapping: mapping, options: options,
            pool: PostgreSQLConnectionPool(options: options, pinned: connection))
    }

    /// What each save sends on ``notificationChannel``: the store's identifier and ``sender``.
    var notificationPayload: String { identifier + " " + sender }

    /// Connects to the server `options` names and creates or migrates the store's tables for `mapping` (which
    /// must be written in ``PostgreSQLDialect``) — see ``PostgreSQLSchema``.
    /// - Throws: ``StoreError``: `cannotOpen` naming host and port when the server is down or refuses the user;
    ///   ``MigrationRefusal`` for a change the lightweight migration cannot make (nothing written); whatever a
    ///   custom stage's callback throws (everything rolled back).
    package static func open(
        options: PostgreSQLStoreOptions, mapping: SchemaMapping, version: SchemaVersion,
        stages: (StoredSchema?) throws -> [MigrationStep]
    ) throws -> PostgreSQLStore {
        let pool = PostgreSQLConnectionPool(options: options)
        do {
            let identifier = try pool.withConnection { connection in
                try PostgreSQLSchema(mapping: mapping, version: version, schemaName: options.schemaName).prepare(
                    connection, options: options, stages: stages)
            }
            return PostgreSQLStore(identifier: identifier, mapping: mapping, options: options, pool: pool)
        } catch {
            pool.close()
            throw storeErrors(error)
        }
    }

    // MARK: Errors

    /// A wrapper error as the store's.
    static func storeError(_ error: PostgreSQLError) -> StoreError {
        let kind: StoreError.Kind
        switch error.kind {
        case .connection: kind = .cannotOpen
        case .client: kind = .other
        case .statement:
            if error.isConstraintViolation {
                kind = .constraint
            } else if error.isSerializationFailure || error.sqlState == "55P03" {
                kind = .busy
            } else if error.sqlState == "25006" {
                kind = .readOnly
            } else if error.sqlState == "53100" {
                kind = .full
            } else {
                kind = .other
            }
        }
        let message = error.sqlState.map { "PostgreSQL error \($0): \(error.message)" } ?? error.message
        return StoreError(kind: kind, message: message, statement: error.statement)
    }

    /// `error` as a ``StoreError`` when it is the wrapper's; anything else as it is.
    static func storeErrors(_ error: any Error) -> any Error {
        if let error = error as? PostgreSQLError { return storeError(error) }
        return error
    }

    // MARK: Reading

    /// Whether `error` says the connection is lost (not that the statement failed): refused by libpq, SQLSTATE class
    /// 08 (connection exception), or the server ending the session (57P01 `pg_terminate_backend` or a fast shutdown,
    /// 57P02, 57P03).
    static func isConnectionFailure(_ error: PostgreSQLError) -> Bool {
        guard let sqlState = error.sqlState else { return error.kind == .client }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    /// Runs `body` with a pooled connection; when the statement failed because the connection broke, runs it once
    /// more on a new one (a read is always safe to repeat), after closing the pool's idle connections (a lost
    /// connection usually means a restarted server, which lost them all).
    func read<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        do {
            return try pool.withConnection(body)
        } catch let error as PostgreSQLError where Self.isConnectionFailure(error) {
            pool.closeIdle()
            do {
                return try pool.withConnection(body)
            } catch {
                throw Self.storeErrors(error)
            }
        } catch {
            throw Self.storeErrors(error)
        }
    }

    /// Runs `request` and hands each row to `body` as a cursor positioned on it (valid only during the call).
    /// - Throws: ``StoreError``, or what `body` throws.
    package func fetch(_ request: FetchRequest, _ body: (StoreRow) throws -> Void) throws {
        let sql = SelectQuery(request).sql(mapping.dialect)
        readStatementCount.add(1, ordering: .relaxed)
        let result = try read { connection in
            try connection.executePrepared(mapping.dialect.statementText(sql.text), sql.arguments)
        }
        for row in 0..<result.rowCount { try body(StoreRow(result, row: row)) }
    }

    /// The primary keys of the rows `request` selects (its columns are ignored), in its order.
    package func fetchKeys(_ request: FetchRequest) throws -> [Int64] {
        var request = request
        request.columns = .primaryKey
        let sql = SelectQuery(request).sql(mapping.dialect)
        readStatementCount.add(1, ordering: .relaxed)
        let result = try read { connection in
            try connection.executePrepared(mapping.dialect.statementText(sql.text), sql.arguments)
        }
        return (0..<result.rowCount).map { result.integerValue(row: $0, column: 0) }
    }

    /// The number of rows `request` selects, before its limit and offset.
    package func count(_ request: FetchRequest) throws -> Int {
        let sql = CountQuery(request).sql(mapping.dialect)
        readStatementCount.add(1, ordering: .relaxed)
        let result = try read { connection in
            try connection.executePrepared(mapping.dialect.statementText(sql.text), sql.arguments)
        }
        return Int(result.integerValue(row: 0, column: 0))
    }

    /// The rows related to each of `owners` through to-many `relationship`, with their owner's key: one statement per
    /// ``relatedOwnersPerStatement`` owners (a statement binds at most 65,535 parameters).
    package func fetchRelated(
        _ relationship: RelationshipMapping, owners: [Int64], _ body: (Int64, StoreRow) throws -> Void
    ) throws {
        for start in stride(from: 0, to: owners.count, by: Self.relatedOwnersPerStatement) {
            let chunk = Array(owners[start..<min(start + Self.relatedOwnersPerStatement, owners.count)])
            guard let query = RelatedRowsQuery(relationship, owners: chunk, mapping.dialect) else { return }
            let sql = query.sql(mapping.dialect)
            readStatementCount.add(1, ordering: .relaxed)
            let result = try read { connection in
                try connection.executePrepared(mapping.dialect.statementText(sql.text), sql.arguments)
            }
            for row in 0..<result.rowCount {
                try body(result.integerValue(row: row, column: query.ownerColumn), StoreRow(result, row: row))
            }
        }
    }

    /// How many owners' keys one related-rows statement binds: well under PostgreSQL's limit of 65,535 parameters.
    package static let relatedOwnersPerStatement = 10_000

    /// A number that changes whenever any process commits a save to the store (the sequence the saves move after
    /// committing); -1 when it cannot be read.
    package func dataVersion() -> Int64 {
        let sequence = mapping.dialect.quoted(Self.dataVersionSequence)
        let value = try? read { connection in
            try connection.executePrepared(
                "SELECT last_value + (CASE WHEN is_called THEN 1 ELSE 0 END) FROM \(sequence)")
        }
        return value.map { $0.integerValue(row: 0, column: 0) } ?? -1
    }

    // MARK: Closing

    /// Closes every connection, the listener's too; later use throws.
    package func close() {
        changeListener.close()
        pool.close()
    }
}

extension PostgreSQLStore: StoreExecutor {
    package var readStatementTotal: Int { readStatementCount.load(ordering: .relaxed) }

    /// Other store objects' commits as ``changeListener`` hears them (`LISTEN`).
    package func observeOutsideCommits(_ body: @escaping @Sendable () -> Void) -> Int? {
        changeListener.subscribe(body)
    }

    /// ``PostgreSQLChangeListener/unsubscribe(_:)``.
    package func stopObservingOutsideCommits(_ subscriber: Int) { changeListener.unsubscribe(subscriber) }
}
