import Foundation
import Synchronization

/// A ``DataStore`` of your own behind the boundary contexts talk through: models go to it as ``DefaultSnapshot``s
/// on save, and come back from its snapshots on fetch.
///
/// Its rows have keys of this process only (the store's identifiers are what lasts): the adapter gives each
/// identifier the store hands out a key the first time it sees it, and keeps the last values it read or wrote of
/// each row (a save sends every value of an updated model, and a delete the deleted model's values).
final class DataStoreModelStore: ModelStore, @unchecked Sendable {
    // @unchecked: `state` is behind its mutex; `driver` is the user's store, which SwiftData also calls from any
    // context's thread.
    let mapping: ModelMapping
    let identifier: String
    var url: URL? { nil }
    private let driver: any DataStoreDriver
    private let state = Mutex(State())

    private struct State {
        var keys: [PersistentIdentifier: Int64] = [:]
        var identifiers: [Int64: PersistentIdentifier] = [:]
        var rows: [Int64: [StoredValue]] = [:]
        var nextKey: Int64 = 1
        var version: Int64 = 0

        mutating func key(for identifier: PersistentIdentifier) -> Int64 {
            if let key = keys[identifier] { return key }
            let key = nextKey
            nextKey += 1
            keys[identifier] = key
            identifiers[key] = identifier
            return key
        }
    }

    private init(driver: any DataStoreDriver, mapping: ModelMapping) {
        self.driver = driver
        self.identifier = driver.identifier
        var mapping = mapping
        mapping.storeIdentifier = driver.identifier
        self.mapping = mapping
    }

    /// Creates the store `configuration` describes, for `schema`.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration(_:)`` when the store's snapshots are not
    ///   ``DefaultSnapshot``s or a model has relationships; the store's own error, wrapped, when it fails to open.
    static func open<C: DataStoreConfiguration>(
        _ configuration: C, schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?
    ) throws(SwiftDataError) -> DataStoreModelStore {
        guard C.Store.Snapshot.self == DefaultSnapshot.self else {
            throw .unsupportedConfiguration(
                "\(C.Store.self) uses snapshots of type \(C.Store.Snapshot.self); a store of your own must use DefaultSnapshot here"
            )
        }
        for entity in schema.entities where entity.properties.contains(where: { $0.relationship != nil }) {
            throw .unsupportedConfiguration(
                "\(entity.name) has relationships, which a store of your own (\(C.Store.self)) cannot hold yet; use the SQLite store (ModelConfiguration)"
            )
        }
        let mapping = try ModelMapping(schema: schema)
        if let subclass = mapping.entities.first(where: { $0.layout.isInHierarchy }) {
            throw .unsupportedConfiguration(
                "\(subclass.entity.name) is part of a model class hierarchy, which a store of your own (\(C.Store.self)) cannot hold "
                    + "yet; use the SQLite store (ModelConfiguration)"
            )
        }
        var configuration = configuration
        if configuration.schema == nil { configuration.schema = schema }
        let store: C.Store
        do {
            try configuration.validate()
            store = try C.Store(configuration, migrationPlan: migrationPlan)
        } catch let error as SwiftDataError {
            throw error
        } catch {
            throw .dataStoreFailed(store: "\(C.Store.self)", message: "\(error)")
        }
        return DataStoreModelStore(driver: DataStoreDriverBox(store), mapping: mapping)
    }

    // MARK: Fetch

    /// What a fetch of the user's store returned: each row's key, identifier and values (in the table's column
    /// order), and which parts of the descriptor the store applied.
    struct Fetched {
        var rows: [(key: Int64, identifier: PersistentIdentifier, values: [StoredValue])]
        /// The store evaluated the predicate.
        var filtered: Bool
        /// The store sorted.
        var sorted: Bool
        /// The store applied the limit and offset (it applied the predicate and the sort too).
        var windowed: Bool
    }

    /// Hands `descriptor` to the store; when it answers ``DataStoreError/preferInMemoryFilter`` (or
    /// `preferInMemorySort`), asks again without the predicate (or the sort) and without the limit and offset, as
    /// SwiftData does; the caller applies what the store did not.
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, editingState: EditingState) throws(SwiftDataError)
        -> Fetched
    {
        let entity = try mapping.entity(for: T.self)
        var request = descriptor
        var filtered = true
        var sorted = true
        var snapshots: [DefaultSnapshot]
        while true {
            do {
                snapshots = try driver.fetch(DataStoreFetchRequest(descriptor: request, editingState: editingState))
                break
            } catch DataStoreError.preferInMemoryFilter where filtered {
                filtered = false
                request.predicate = nil
            } catch DataStoreError.preferInMemorySort where sorted {
                sorted = false
                request.sortBy = []
            } catch {
                throw failure(error)
            }
            request.fetchLimit = nil
            request.fetchOffset = nil
        }
        let fetched = state.withLock { state in
            snapshots.map { snapshot in
                let key = state.key(for: snapshot.persistentIdentifier)
                let values = Self.row(of: snapshot, entity: entity)
                state.rows[key] = values
                return (key: key, identifier: snapshot.persistentIdentifier, values: values)
            }
        }
        return Fetched(rows: fetched, filtered: filtered, sorted: sorted, windowed: filtered && sorted)
    }

    /// The last values read or written of row `key`, and its identifier.
    func cachedRow(_ key: Int64) -> (identifier: PersistentIdentifier, values: [StoredValue])? {
        state.withLock { state in
            guard let identifier = state.identifiers[key], let values = state.rows[key] else { return nil }
            return (identifier, values)
        }
    }

    /// The identifier the store gave row `key`.
    func identifier(forKey key: Int64) -> PersistentIdentifier? {
        state.withLock { $0.identifiers[key] }
    }

    /// The key of a permanent identifier of this store, if the adapter has seen it.
    func key(for identifier: PersistentIdentifier) -> Int64? {
        state.withLock { $0.keys[identifier] }
    }

    // MARK: ModelStore

    func dataVersion() -> Int64 { state.withLock { $0.version } }

    func fetch(_ request: FetchRequest, from source: StoreReadSource, _ body: (StoreRow) throws -> Void)
        throws(SwiftDataError)
    {
        throw unsupported("reading rows by key")
    }

    func fetchKeys(_ request: FetchRequest, from source: StoreReadSource) throws(SwiftDataError) -> [Int64] {
        throw unsupported("fetching identifiers in batches")
    }

    func fetchCount(_ request: FetchRequest) throws(SwiftDataError) -> Int {
        throw unsupported("counting rows by a SQL condition")
    }

    func save(_ request: SaveRequest) throws(SwiftDataError) -> SaveResult {
        guard request.batchDeletes.isEmpty else { throw unsupported("delete(model:where:)") }
        guard request.references.isEmpty, request.joinRows.isEmpty else { throw unsupported("relationships") }
        let editingState = EditingState(id: request.contextIdentifier ?? UUID(), author: request.author)
        // Snapshots from the request and the cached rows; nothing in the cache changes until the store has saved.
        let (deleted, updated, vanished, inserted) = state.withLock { state in
            var deleted: [DefaultSnapshot] = []
            for delete in request.deletes {
                guard let identifier = state.identifiers[delete.key], let entity = mapping.entity(of: delete.table)
                else { continue }
                deleted.append(Self.snapshot(identifier, values: state.rows[delete.key] ?? [], entity: entity))
            }
            var updated: [(key: Int64, snapshot: DefaultSnapshot)] = []
            var vanished: [Int] = []
            for (index, update) in request.updates.enumerated() {
                guard let identifier = state.identifiers[update.key], let entity = mapping.entity(of: update.table),
                    var values = state.rows[update.key]
                else {
                    vanished.append(index)
                    continue
                }
                for column in update.columns where column < values.count && column < update.values.count {
                    values[column] = update.values[column]
                }
                updated.append((update.key, Self.snapshot(identifier, values: values, entity: entity)))
            }
            var inserted: [DefaultSnapshot] = []
            for insert in request.inserts {
                guard let entity = mapping.entity(of: insert.table) else { continue }
                inserted.append(
                    Self.snapshot(.temporary(entityName: entity.name), values: insert.values, entity: entity))
            }
            return (deleted, updated, vanished, inserted)
        }
        guard inserted.count == request.inserts.count else { throw unsupported("a model of another store") }
        let result: DataStoreSaveChangesResult<DefaultSnapshot>
        do {
            result = try driver.save(
                DataStoreSaveChangesRequest(
                    editingState: editingState, inserted: inserted, updated: updated.map(\.snapshot), deleted: deleted
                ))
        } catch {
            throw failure(error)
        }
        var insertedIdentifiers: [PersistentIdentifier] = []
        for snapshot in inserted {
            guard let permanent = result.remappedIdentifiers[snapshot.persistentIdentifier], !permanent.isTemporary
            else {
                throw .invalidStoredValue(
                    "\(type(of: driver).storeName).save(_:) gave the inserted \(snapshot.persistentIdentifier.entityName) no permanent identifier in remappedIdentifiers"
                )
            }
            insertedIdentifiers.append(permanent)
        }
        return state.withLock { state in
            var saveResult = SaveResult()
            saveResult.vanishedUpdates = vanished
            for delete in request.deletes {
                if let identifier = state.identifiers.removeValue(forKey: delete.key) { state.keys[identifier] = nil }
                state.rows[delete.key] = nil
            }
            for (key, snapshot) in updated {
                let reregistered = result.snapshotsToReregister[snapshot.persistentIdentifier] ?? snapshot
                if let entity = mapping.entity(of: request.updates.first { $0.key == key }?.table) {
                    state.rows[key] = Self.row(of: reregistered, entity: entity)
                }
            }
            for (index, identifier) in insertedIdentifiers.enumerated() {
                let key = state.key(for: identifier)
                let table = request.inserts[index].table
                if let entity = mapping.entity(of: table) {
                    let snapshot = result.snapshotsToReregister[identifier] ?? inserted[index]
                    state.rows[key] = Self.row(of: snapshot, entity: entity)
                }
                saveResult.insertedKeys.append(key)
            }
            state.version += 1
            return saveResult
        }
    }

    func erase() throws(SwiftDataError) {
        do {
            try driver.erase()
        } catch {
            throw failure(error)
        }
        state.withLock { state in
            state.rows.removeAll()
            state.version += 1
        }
    }

    func makeSnapshot() throws(SwiftDataError) -> (any StoreReadSnapshot)? { nil }

    func close() {}

    /// A store of your own keeps no history here (SwiftData's `HistoryProviding` is not offered yet).
    func history(after token: Int64?) throws(SwiftDataError) -> [HistoryRecord] { [] }

    func deleteHistory(_ tokens: [Int64]) throws(SwiftDataError) {}

    private func failure(_ error: any Error) -> SwiftDataError {
        if let error = error as? SwiftDataError { return error }
        return .dataStoreFailed(store: type(of: driver).storeName, message: "\(error)")
    }

    private func unsupported(_ what: String) -> SwiftDataError {
        .unsupportedConfiguration(
            "\(what) is not supported for a store of your own (\(type(of: driver).storeName)) yet")
    }

    // MARK: Rows and snapshots

    /// A snapshot's values in the table's column order (a property the snapshot lacks is NULL).
    static func row(of snapshot: DefaultSnapshot, entity: EntityMapping) -> [StoredValue] {
        entity.table.columns.map { column in
            snapshot.values[entity.entity.properties[column.propertyIndex].name] ?? .null
        }
    }

    /// A snapshot of a row's values (in the table's column order).
    static func snapshot(_ identifier: PersistentIdentifier, values: [StoredValue], entity: EntityMapping)
        -> DefaultSnapshot
    {
        var byName: [String: StoredValue] = [:]
        for column in entity.table.columns {
            byName[entity.entity.properties[column.propertyIndex].name] =
                column.index < values.count ? values[column.index] : .null
        }
        return DefaultSnapshot(persistentIdentifier: identifier, values: byName)
    }
}

extension ModelMapping {
    /// The mapping of a table of this store, if any.
    fileprivate func entity(of table: EntityTable?) -> EntityMapping? {
        table.flatMap { entity(of: $0) }
    }
}

/// A user's ``DataStore``, with its snapshot type known to be ``DefaultSnapshot``.
private protocol DataStoreDriver: AnyObject {
    static var storeName: String { get }
    var identifier: String { get }
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [DefaultSnapshot]
    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<
        DefaultSnapshot
    >
    func erase() throws
}

private final class DataStoreDriverBox<Store: DataStore>: DataStoreDriver {
    let store: Store

    init(_ store: Store) { self.store = store }

    static var storeName: String { "\(Store.self)" }
    var identifier: String { store.identifier }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [DefaultSnapshot] {
        try store.fetch(request).fetchedSnapshots.compactMap { $0 as? DefaultSnapshot }
    }

    func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<
        DefaultSnapshot
    > {
        func cast(_ snapshots: [DefaultSnapshot]) -> [Store.Snapshot] { snapshots.compactMap { $0 as? Store.Snapshot } }
        let result = try store.save(
            DataStoreSaveChangesRequest(
                editingState: request.editingState, inserted: cast(request.inserted), updated: cast(request.updated),
                deleted: cast(request.deleted)
            ))
        return DataStoreSaveChangesResult(
            for: result.storeIdentifier, remappedIdentifiers: result.remappedIdentifiers,
            snapshotsToReregister: result.snapshotsToReregister.compactMapValues { $0 as? DefaultSnapshot }
        )
    }

    func erase() throws { try store.erase() }
}
