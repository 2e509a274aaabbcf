import Foundation

/// The SQLite store as a ``DataStore``: what ``ModelConfiguration`` opens. Mirrors SwiftData's `DefaultStore` (Core
/// Data's store there).
///
/// Containers drive it through their internal fast path (rows decoded in place, no snapshots); this public face
/// serves code that talks to a store directly, as SwiftData's does: ``fetch(_:)`` runs the descriptor through a
/// context of its own (the predicate and sort in SQL) and returns ``DefaultSnapshot``s; ``save(_:)`` writes
/// snapshots in one transaction and maps each inserted snapshot's temporary identifier to its row's.
public final class DefaultStore: DataStore, @unchecked Sendable {
    // @unchecked: the SQLite store is Sendable; `container` is immutable.
    public typealias Snapshot = DefaultSnapshot

    public let configuration: ModelConfiguration
    public let schema: Schema
    private let container: ModelContainer
    private let store: any ModelStore

    /// Opens (creating or migrating) the SQLite store `configuration` describes, for its `schema`.
    /// - Throws: ``SwiftDataError``, as `ModelContainer.init(for:migrationPlan:configurations:)`.
    public init(_ configuration: ModelConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        guard let schema = configuration.schema else {
            throw SwiftDataError.unsupportedConfiguration("a DefaultStore needs a configuration with a schema")
        }
        self.configuration = configuration
        self.schema = schema
        self.store = try configuration.openStore(schema: schema, migrationPlan: migrationPlan)
        self.container = ModelContainer(
            schema: schema, configurations: [configuration], store: store, migrationPlan: migrationPlan)
    }

    /// The UUID recorded in the file when it was created.
    public var identifier: String { store.identifier }

    /// The configuration's name. Mirrors SwiftData's `DefaultStore.name`.
    public var name: String { configuration.name }

    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<
        T, DefaultSnapshot
    > {
        let entity = try store.mapping.entity(for: T.self)
        let models = try ModelContext(container).fetch(request.descriptor)
        var snapshots: [DefaultSnapshot] = []
        for model in models {
            var row = ModelRowEncoder(table: entity.table, faults: model._$persistentState.faults)
            try model._$encode(to: &row)
            snapshots.append(DataStoreModelStore.snapshot(model.persistentModelID, values: row.values, entity: entity))
        }
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: snapshots)
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try ModelContext(container).fetchCount(request.descriptor)
    }

    /// Writes the snapshots in one transaction (`BEGIN IMMEDIATE … COMMIT`): a `DELETE` per deleted one, an
    /// `UPDATE` of every column per updated one, an `INSERT` (an upsert on unique values) per inserted one.
    /// - Throws: ``SwiftDataError/modelNotFound(_:)`` for a snapshot of another store or entity; store errors.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<
        DefaultSnapshot
    > {
        func entity(_ identifier: PersistentIdentifier) throws -> EntityMapping {
            guard let entity = store.mapping.entities.first(where: { $0.name == identifier.entityName }) else {
                throw SwiftDataError.modelNotFound(identifier)
            }
            return entity
        }
        func key(_ identifier: PersistentIdentifier) throws -> Int64 {
            guard identifier.storeIdentifier == store.identifier, let key = identifier.primaryKey else {
                throw SwiftDataError.modelNotFound(identifier)
            }
            return key
        }
        var saveRequest = SaveRequest()
        saveRequest.author = request.editingState.author
        for snapshot in request.deleted {
            saveRequest.deletes.append(
                SaveRequest.Delete(
                    table: try entity(snapshot.persistentIdentifier).table, key: try key(snapshot.persistentIdentifier))
            )
        }
        for snapshot in request.updated {
            let entity = try entity(snapshot.persistentIdentifier)
            saveRequest.updates.append(
                SaveRequest.Update(
                    table: entity.table, key: try key(snapshot.persistentIdentifier),
                    columns: Array(entity.table.columns.indices),
                    values: DataStoreModelStore.row(of: snapshot, entity: entity)
                ))
        }
        for snapshot in request.inserted {
            let entity = try entity(snapshot.persistentIdentifier)
            saveRequest.inserts.append(
                SaveRequest.Insert(table: entity.table, values: DataStoreModelStore.row(of: snapshot, entity: entity)))
        }
        let result = try store.save(saveRequest)
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        for (snapshot, rowID) in zip(request.inserted, result.insertedKeys) {
            remapped[snapshot.persistentIdentifier] = .permanent(
                entityName: snapshot.persistentIdentifier.entityName, storeIdentifier: store.identifier, rowID: rowID
            )
        }
        return DataStoreSaveChangesResult(for: store.identifier, remappedIdentifiers: remapped)
    }

    /// Deletes every row of every entity (`DELETE FROM` each table, in one transaction).
    public func erase() throws {
        try store.erase()
    }
}
