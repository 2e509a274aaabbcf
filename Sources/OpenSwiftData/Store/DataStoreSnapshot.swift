/// One model's stored values as a ``DataStore`` reads and writes them. Mirrors SwiftData's `DataStoreSnapshot`
/// (whose `init(from:relatedBackingDatas:)` builds a snapshot from SwiftData's `BackingData`, which this library
/// does not have: contexts build ``DefaultSnapshot``s themselves).
public protocol DataStoreSnapshot: Codable, Sendable {
    /// The model's identifier: temporary in a save's inserted snapshots, permanent otherwise.
    var persistentIdentifier: PersistentIdentifier { get }
    /// The same values under `persistentIdentifier`, with any identifier among the values that
    /// `remappedIdentifiers` names replaced by its new one.
    func copy(
        persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?
    ) -> Self
}
