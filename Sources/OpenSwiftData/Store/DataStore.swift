import Foundation

/// A store of your own behind a ``ModelContainer``: SwiftData's `DataStore` (iOS 18). Contexts read and write it
/// through snapshots of models, so model and view code does not change when the store does.
///
/// Give ``ModelContainer/init(for:configurations:)`` a configuration whose `Store` is your type; the container
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

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try fetch(request).fetchedSnapshots.map(\.persistentIdentifier)
    }

    public func erase() throws {
        throw DataStoreError.unsupportedFeature
    }
}

/// What a ``DataStore`` answers when it leaves work to the context. Mirrors SwiftData's `DataStoreError`.
public enum DataStoreError: Error, Hashable, Sendable {
    /// The predicate cannot be evaluated.
    case invalidPredicate
    /// Fetch again without the predicate (and limit and offset); the context filters with `Predicate.evaluate`.
    case preferInMemoryFilter
    /// Fetch again without the sort descriptors (and limit and offset); the context sorts in memory.
    case preferInMemorySort
    /// The store does not do this.
    case unsupportedFeature
}

/// Describes a store a container opens: SwiftData's `DataStoreConfiguration`. ``ModelConfiguration`` is the SQLite
/// store's.
public protocol DataStoreConfiguration: Hashable {
    /// The store this configuration opens.
    associatedtype Store: DataStore where Self == Store.Configuration
    /// The configuration's name.
    var name: String { get }
    /// The models the configuration holds; nil for every model of the container.
    var schema: Schema? { get set }
    /// Checks the configuration before the container opens its store. Default: nothing to check.
    func validate() throws
}

extension DataStoreConfiguration {
    public func validate() throws {}
}

/// The context a fetch or save comes from. Mirrors SwiftData's `EditingState`.
public struct EditingState: Sendable {
    /// The context's identity (one per context).
    public let id: UUID
    /// The context's ``ModelContext/author``.
    public let author: String?

    init(id: UUID, author: String?) {
        self.id = id
        self.author = author
    }
}

/// A fetch a context asks of a ``DataStore``. Mirrors SwiftData's `DataStoreFetchRequest`.
public struct DataStoreFetchRequest<T: PersistentModel>: @unchecked Sendable {
    // @unchecked: FetchDescriptor holds a Predicate and key paths, read-only here.
    /// What to fetch: the predicate, sort descriptors, limit and offset as the app wrote them.
    public var descriptor: FetchDescriptor<T>
    /// The context asking.
    public let editingState: EditingState

    init(descriptor: FetchDescriptor<T>, editingState: EditingState) {
        self.descriptor = descriptor
        self.editingState = editingState
    }
}

/// What a ``DataStore`` fetched. Mirrors SwiftData's `DataStoreFetchResult`.
public struct DataStoreFetchResult<ModelType: PersistentModel, SnapshotType: DataStoreSnapshot>: @unchecked Sendable {
    /// The descriptor the fetch ran.
    public let descriptor: FetchDescriptor<ModelType>
    /// The selected models, in the descriptor's order.
    public let fetchedSnapshots: [SnapshotType]
    /// Snapshots of related models, by identifier (unused here: models of a store of your own have no
    /// relationships).
    public let relatedSnapshots: [PersistentIdentifier: SnapshotType]

    public init(
        descriptor: FetchDescriptor<ModelType>, fetchedSnapshots: [SnapshotType],
        relatedSnapshots: [PersistentIdentifier: SnapshotType] = [:]
    ) {
        self.descriptor = descriptor
        self.fetchedSnapshots = fetchedSnapshots
        self.relatedSnapshots = relatedSnapshots
    }
}

/// One save's changes, as a context hands them to a ``DataStore``. Mirrors SwiftData's
/// `DataStoreSaveChangesRequest`.
public struct DataStoreSaveChangesRequest<SnapshotType: DataStoreSnapshot>: Sendable {
    /// The context saving.
    public let editingState: EditingState
    /// New models, each with a temporary identifier to remap to a permanent one.
    public let inserted: [SnapshotType]
    /// Changed models, with every stored value (changed or not).
    public let updated: [SnapshotType]
    /// Deleted models, with their last values.
    public let deleted: [SnapshotType]

    init(editingState: EditingState, inserted: [SnapshotType], updated: [SnapshotType], deleted: [SnapshotType]) {
        self.editingState = editingState
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}

/// What a ``DataStore``'s save did. Mirrors SwiftData's `DataStoreSaveChangesResult`.
public final class DataStoreSaveChangesResult<T: DataStoreSnapshot>: Sendable {
    /// The store's ``DataStore/identifier``.
    public let storeIdentifier: String
    /// Each inserted snapshot's temporary identifier, mapped to its permanent one.
    public let remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]
    /// Snapshots the store changed while saving (a value it computed), by identifier: the context loads them into
    /// its models.
    public let snapshotsToReregister: [PersistentIdentifier: T]

    public init(
        for storeIdentifier: String, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:],
        snapshotsToReregister: [PersistentIdentifier: T] = [:]
    ) {
        self.storeIdentifier = storeIdentifier
        self.remappedIdentifiers = remappedIdentifiers
        self.snapshotsToReregister = snapshotsToReregister
    }
}
