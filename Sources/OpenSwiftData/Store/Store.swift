import Foundation
import SQLite

/// The SQLite database behind a container: one connection, used by one thread at a time.
///
/// Every access goes through ``withConnection(_:)``, which holds a lock for the duration; contexts on different
/// threads therefore never interleave statements. Opening validates the file before writing anything to it, so a
/// file that is not SQLite is left byte-identical.
final class Store: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: `connection` is only touched while `lock` is held.
    // Re-entrant: reading a row may read the row a required relationship refers to.
    private let lock = NSRecursiveLock()
    private let connection: SQLiteConnection
    let url: URL?
    /// A UUID recorded in the store when it is created; part of every permanent `PersistentIdentifier`.
    let identifier: String
    let tables: [ObjectIdentifier: EntityTable]
    let mapping: SchemaMapping

    init(url: URL?, mapping: SchemaMapping) throws(SwiftDataError) {
        self.mapping = mapping
        let tables = mapping.tables
        self.url = url
        let connection: SQLiteConnection
        do {
            if let url {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true
                )
            }
            connection = try SQLiteConnection(location: url.map { .file($0.path) } ?? .memory)
        } catch let error as SQLiteError {
            throw .storeOpenFailed(url: url, reason: error.message)
        } catch {
            throw .storeOpenFailed(url: url, reason: "cannot create its folder: \(error.localizedDescription)")
        }
        do {
            try connection.validate()
        } catch {
            connection.close()
            if error.isNotADatabase, let url { throw .storeNotADatabase(url: url, reason: error.message) }
            throw .storeOpenFailed(url: url, reason: error.message)
        }
        self.connection = connection
        connection.setBusyTimeout(milliseconds: 5_000)
        var tablesByType: [ObjectIdentifier: EntityTable] = [:]
        for table in tables { tablesByType[ObjectIdentifier(table.entity.modelType)] = table }
        self.tables = tablesByType
        do {
            try connection.execute("PRAGMA foreign_keys = ON")
            if url != nil { try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL") }
            try StringFunctions.register(on: connection)
            self.identifier = try connection.transaction {
                try connection.execute(
                    "CREATE TABLE IF NOT EXISTS \"Z_METADATA\" (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)"
                )
                try connection.execute(ExternalData.creationSQL)
                for table in tables {
                    for statement in table.creationSQL { try connection.execute(statement) }
                }
                for joinTable in mapping.joinTables {
                    for statement in joinTable.creationSQL { try connection.execute(statement) }
                }
                if case .text(let existing) = try connection.scalar(
                    "SELECT \"value\" FROM \"Z_METADATA\" WHERE \"key\" = ?", [.text("storeIdentifier")]
                ) {
                    return existing
                }
                let identifier = UUID().uuidString
                try connection.execute(
                    "INSERT INTO \"Z_METADATA\" (\"key\", \"value\") VALUES (?, ?)",
                    [.text("storeIdentifier"), .text(identifier)]
                )
                return identifier
            }
        } catch let error as SQLiteError {
            connection.close()
            throw .sqlite(error)
        } catch let error as SwiftDataError {
            connection.close()
            throw error
        } catch {
            connection.close()
            throw .storeOpenFailed(url: url, reason: "\(error)")
        }
    }

    /// Runs `body` with the connection, holding the store's lock. SQLite errors become ``SwiftDataError/sqlite(_:)``.
    func withConnection<T>(_ body: (SQLiteConnection) throws -> T) throws(SwiftDataError) -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(connection)
        } catch let error as SwiftDataError {
            throw error
        } catch let error as SQLiteError {
            throw .sqlite(error)
        } catch {
            throw .storeOpenFailed(url: url, reason: "\(error)")
        }
    }

    /// The table of a model type, or ``SwiftDataError/modelNotInSchema(entityName:)``.
    func table<Model: PersistentModel>(for type: Model.Type) throws(SwiftDataError) -> EntityTable {
        guard let table = tables[ObjectIdentifier(type)] else { throw .modelNotInSchema(entityName: Model.entityName) }
        return table
    }

    func table(for type: any PersistentModel.Type) throws(SwiftDataError) -> EntityTable {
        guard let table = tables[ObjectIdentifier(type)] else { throw .modelNotInSchema(entityName: type.entityName) }
        return table
    }

    /// The mappings of a model type's relationships, by property index.
    func relationships(of type: any PersistentModel.Type) -> [Int: RelationshipMapping] {
        mapping.relationships[ObjectIdentifier(type)] ?? [:]
    }

    /// Closes the connection; later use throws.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        connection.close()
    }
}
