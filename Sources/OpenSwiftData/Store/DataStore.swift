import Foundation

/// A store of your own behind a ``ModelContainer``: SwiftData's `DataStore` (iOS 18). Contexts read and write it
/// through snapshots of models, so model and view code does not change when the store does.
///
/// Give `ModelContainer.init(for:configurations:)` a configuration whose `Store` is your type; the container
/// creates the store with ``init(_:migrationPlan:)``. A context's `fetch(_:)` hands your ``fetch(_:)`` the whole
/// `FetchDescriptor`: evaluate its predicate and sort yourself (with `Predicate.evaluate` and
/// `Sequence.sorted(using:)`, say), or throw ``DataStoreError/preferInMemoryFilter`` /
/// ``DataStoreError/preferInMemorySort`` and the context fetches again without them and applies them itself, as
/// SwiftData does. `save()` hands your ``save(_:)`` the inserted, updated and deleted snapshots; give every inserted
/// snapshot a permanent identifier (``PersistentIdentifier/identifier(for:entityName:primaryKey:)``) and return the
/// mapping in ``DataStoreSaveChangesResult/remappedIdentifiers``.
///
/// Here the snapshot type must be ``DefaultSnapshot`` (SwiftData builds others from its `BackingData`, which this
/// library does not have), and the models of such a store may not have relationships: the container refuses both
/// with ``SwiftDataError/unsupportedConfiguration(_:)``.
public protocol DataStore: AnyObject {
    /// The configuration type that creates this store.
    associatedtype Configuration: DataStoreConfiguration where Configuration.Store == Self
    /// The snapshot type the store reads and writes (``DefaultSnapshot`` here).
    associatedtype Snapshot: DataStoreSnapshot

    /// Opens (or creates) the store `configuration` describes. Mirrors SwiftData's `init(_:migrationPlan:)`.
    init(_ configuration: Configuration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws

    /// The configuration the store was made with.
    var configuration: Configuration { get }
    /// A stable name of the store, part of every permanent `PersistentIdentifier` it hands out.
    var identifier: String { get }
    /// The models the store holds.
    var schema: Schema { get }

    /// The snapshots of the models `request.descriptor` selects. Mirrors SwiftData's `fetch(_:)`.
    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, Snapshot>
    /// The number of models `request.descriptor` selects. Default: the count of ``fetch(_:)``'s snapshots.
    func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int
    /// The identifiers of the models `request.descriptor` selects. Default: those of ``fetch(_:)``'s snapshots.
    func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier]
    /// Writes one save's changes. Mirrors SwiftData's `save(_:)`.
    func save(_ request: DataStoreSaveChangesRequest<Snapshot>) throws -> DataStoreSaveChangesResult<Snapshot>
    /// Deletes everything the store holds (``ModelContainer/erase()``, ``ModelContainer/deleteAllData()``).
    /// Default: throws ``DataStoreError/unsupportedFeature``.
    func erase() throws
}

extension DataStore {
    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try fetch(request).fetchedSnapshots.count
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws
        -> [PersistentIdentifier]
    {
        try fetch(request).fetchedSnapshots.map(\.persistentIdentifier)
    }

    public func erase() throws {
        throw DataStoreError.unsupportedFeature
    }
}
