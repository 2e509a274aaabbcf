import Foundation
import SQLite
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The SQLite database behind a container: one connection, used by one thread at a time.
///
/// Every access goes through ``withConnection(_:)``, which holds a lock for the duration; contexts on different
/// threads therefore never interleave statements. Opening validates the file and works out any migration before
/// writing anything to it, so a file that is not SQLite, or whose schema cannot be migrated, is left byte-identical.
final class Store: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: `connection` is only touched while `lock` is held. The lock is
    // re-entrant: reading a row may read the row a required relationship refers to, and a migration stage's contexts
    // run inside the migration's transaction.
    private let lock: NSRecursiveLock
    private let connection: SQLiteConnection
    let url: URL?
    /// A UUID recorded in the store when it is created; part of every permanent `PersistentIdentifier`.
    let identifier: String
    let tables: [ObjectIdentifier: EntityTable]
    let mapping: SchemaMapping
    /// Read-only connections for fetches (file stores only).
    private let readers: ReaderPool?
    /// A read-only connection of its own whose `PRAGMA data_version` changes when anyone else commits.
    private let versionProbe: VersionProbe?
    /// The thread holding the writer's lock (0 when none): a read on that thread must see its uncommitted writes.
    private let writerThread = Atomic<UInt>(0)

    /// Opens, creates or migrates the store at `url` (in memory when nil) for `schema`.
    convenience init(url: URL?, schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?) throws(SwiftDataError) {
        let connection = try Self.openConnection(url: url)
        let lock = NSRecursiveLock()
        do {
            let mapping = try SchemaMapping(schema: schema)
            let migration = try StoreMigration(
                connection: connection, url: url, schema: schema, mapping: mapping, plan: migrationPlan
            )
            if url != nil { try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL") }
            try connection.execute("PRAGMA foreign_keys = ON")
            try StringFunctions.register(on: connection)
            let identifier = try migration.run { mapping, identifier in
                Store(connection: connection, lock: lock, url: url, mapping: mapping, identifier: identifier, usesReaders: false)
            }
            self.init(connection: connection, lock: lock, url: url, mapping: mapping, identifier: identifier)
        } catch {
            connection.close()
            switch error {
            case let error as SwiftDataError: throw error
            case let error as SQLiteError: throw .sqlite(error)
            default: throw .storeOpenFailed(url: url, reason: "\(error)")
            }
        }
    }

    /// A store over an open connection. The intermediate stores of a migration read through the writer only
    /// (`usesReaders: false`): they must see the migration's uncommitted work.
    init(
        connection: SQLiteConnection, lock: NSRecursiveLock, url: URL?, mapping: SchemaMapping, identifier: String,
        usesReaders: Bool = true
    ) {
        self.connection = connection
        self.lock = lock
        self.url = url
        var mapping = mapping
        mapping.storeIdentifier = identifier
        self.mapping = mapping
        self.identifier = identifier
        self.readers = usesReaders ? url.map { ReaderPool(url: $0) } : nil
        self.versionProbe = usesReaders ? url.map { VersionProbe(url: $0) } : nil
        var tablesByType: [ObjectIdentifier: EntityTable] = [:]
        for table in mapping.tables { tablesByType[ObjectIdentifier(table.entity.modelType)] = table }
        self.tables = tablesByType
    }

    /// Opens the file (creating its folder) and reads its header and schema, so a file that is not SQLite fails now.
    ///
    /// The busy timeout is set before anything reads the file: another process creating, migrating or writing the
    /// store holds its lock for a moment, and a read made without the timeout fails at once with "database is
    /// locked" instead of waiting for it.
    private static func openConnection(url: URL?) throws(SwiftDataError) -> SQLiteConnection {
        let connection: SQLiteConnection
        do {
            if let url {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            connection = try SQLiteConnection(location: url.map { .file($0.path) } ?? .memory)
        } catch let error as SQLiteError {
            throw .storeOpenFailed(url: url, reason: error.message)
        } catch {
            throw .storeOpenFailed(url: url, reason: "cannot create its folder: \(error.localizedDescription)")
        }
        connection.setBusyTimeout(milliseconds: 5_000)
        do {
            try connection.validate()
        } catch {
            connection.close()
            if error.isNotADatabase, let url { throw .storeNotADatabase(url: url, reason: error.message) }
            throw .storeOpenFailed(url: url, reason: error.message)
        }
        return connection
    }

    /// Runs `body` with the connection, holding the store's lock. SQLite errors become ``SwiftDataError/sqlite(_:)``.
    func withConnection<T>(_ body: (SQLiteConnection) throws -> T) throws(SwiftDataError) -> T {
        lock.lock()
        let outer = writerThread.exchange(Self.currentThread, ordering: .relaxed)
        defer {
            writerThread.store(outer, ordering: .relaxed)
            lock.unlock()
        }
        do {
            return try body(connection)
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    /// Runs `body` with a connection for reading: a reader (in parallel with other reads and with the writer), or
    /// the writer itself for an in-memory store or when this thread is inside a write (so it sees what it wrote).
    func withReadConnection<T>(_ body: (SQLiteConnection) throws -> T) throws(SwiftDataError) -> T {
        guard let readers, writerThread.load(ordering: .relaxed) != Self.currentThread else {
            return try withConnection(body)
        }
        do {
            return try readers.withReader(body)
        } catch {
            throw .wrapping(error, url: url)
        }
    }

    private static var currentThread: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    /// A number that changes whenever any connection — this process's writer or another process — commits to the
    /// store file (`PRAGMA data_version` on a connection that never writes). For an in-memory store, the writer's
    /// total change count.
    func dataVersion() -> Int64 {
        if let versionProbe { return versionProbe.value() }
        return (try? withConnection { connection in connection.totalChanges }) ?? 0
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
        // Read-only connections first: the last connection to close checkpoints the WAL into the file and removes
        // the -wal and -shm files, which only the writer can do.
        versionProbe?.close()
        readers?.close()
        lock.lock()
        defer { lock.unlock() }
        connection.close()
    }

    deinit {
        // Before the writer's connection goes with this object, so that the writer is the last to close (see close()).
        versionProbe?.close()
        readers?.close()
    }
}

/// A read-only connection kept open to read `PRAGMA data_version`, which changes when another connection commits.
private final class VersionProbe: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: `connection` is only touched while `lock` is held.
    private let lock = NSLock()
    private var connection: SQLiteConnection?
    private var isClosed = false
    private let url: URL

    init(url: URL) {
        self.url = url
    }

    func close() {
        lock.withLock {
            connection?.close()
            connection = nil
            isClosed = true
        }
    }

    func value() -> Int64 {
        lock.withLock {
            if isClosed { return -1 }
            if connection == nil { connection = try? SQLiteConnection(location: .file(url.path), readOnly: true) }
            guard case .integer(let version) = try? connection?.scalar("PRAGMA data_version") else { return -1 }
            return version
        }
    }
}
