import Foundation

/// What a ``DataStore``'s save did. Mirrors SwiftData's `DataStoreSaveChangesResult`.
public final class DataStoreSaveChangesResult<T: DataStoreSnapshot>: Sendable {
    /// The store's ``DataStore/identifier``.
    public let storeIdentifier: String
    /// Each inserted snapshot's temporary identifier, mapped to its permanent one.
    public let remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]
    /// Snapshots the store changed while saving (a value it computed), by identifier: the context loads them into
    /// its models.
    public let snapshotsToReregister: [PersistentIdentifier: T]

    /// The result of a save by the store `storeIdentifier`: its inserted models' identifier mapping and the
    /// snapshots it changed (both empty by default). Mirrors SwiftData's
    /// `DataStoreSaveChangesResult.init(for:remappedIdentifiers:snapshotsToReregister:)`.
    public init(
        for storeIdentifier: String, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:],
        snapshotsToReregister: [PersistentIdentifier: T] = [:]
    ) {
        self.storeIdentifier = storeIdentifier
        self.remappedIdentifiers = remappedIdentifiers
        self.snapshotsToReregister = snapshotsToReregister
    }
}
