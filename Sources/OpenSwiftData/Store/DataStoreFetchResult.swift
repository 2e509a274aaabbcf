import Foundation

/// What a ``DataStore`` fetched. Mirrors SwiftData's `DataStoreFetchResult`.
public struct DataStoreFetchResult<ModelType: PersistentModel, SnapshotType: DataStoreSnapshot>: @unchecked Sendable {
    /// The descriptor the fetch ran.
    public let descriptor: FetchDescriptor<ModelType>
    /// The selected models, in the descriptor's order.
    public let fetchedSnapshots: [SnapshotType]
    /// Snapshots of related models, by identifier (unused here: models of a store of your own have no
    /// relationships).
    public let relatedSnapshots: [PersistentIdentifier: SnapshotType]

    /// A result of `fetchedSnapshots`, fetched by `descriptor`, with `relatedSnapshots` (none by default). Mirrors
    /// SwiftData's `DataStoreFetchResult.init(descriptor:fetchedSnapshots:relatedSnapshots:)`.
    public init(
        descriptor: FetchDescriptor<ModelType>, fetchedSnapshots: [SnapshotType],
        relatedSnapshots: [PersistentIdentifier: SnapshotType] = [:]
    ) {
        self.descriptor = descriptor
        self.fetchedSnapshots = fetchedSnapshots
        self.relatedSnapshots = relatedSnapshots
    }
}
