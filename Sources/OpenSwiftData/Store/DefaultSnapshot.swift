import Foundation

/// A model's identifier and its stored values by property name: the snapshot contexts hand a ``DataStore``.
/// Mirrors SwiftData's `DefaultSnapshot`. `Codable`, so a store can write it as it is (as JSON, say).
///
/// Each value is the property's value as the SQLite store would hold it (``StoredValue``): numbers and `Bool` as
/// integers or reals, strings as text, `Date` as seconds since 2001 (real), `UUID` as text, `Data` as bytes, `Codable`
/// values and arrays as JSON text, nil as `.null`.
public struct DefaultSnapshot: DataStoreSnapshot, Hashable {
    public let persistentIdentifier: PersistentIdentifier
    /// The stored values, by property name (an addition: SwiftData's are reached only through its `BackingData`).
    public let values: [String: StoredValue]

    init(persistentIdentifier: PersistentIdentifier, values: [String: StoredValue]) {
        self.persistentIdentifier = persistentIdentifier
        self.values = values
    }

    public func copy(
        persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?
    ) -> DefaultSnapshot {
        // Values hold no identifiers (no relationships in a store of your own), so only the identity changes.
        DefaultSnapshot(persistentIdentifier: persistentIdentifier, values: values)
    }

    /// The stored value of property `name` (`.null` for a property the snapshot lacks). An addition.
    public subscript(name: String) -> StoredValue { values[name] ?? .null }
}
