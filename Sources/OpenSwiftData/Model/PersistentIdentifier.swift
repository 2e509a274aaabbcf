import Synchronization

/// Identifies a model's row across contexts. Mirrors SwiftData's `PersistentIdentifier`.
///
/// A model gets a temporary identifier when first asked for one (or when inserted), and a permanent one when its
/// context saves it: the entity name plus the row's primary key, which SQLite never reuses
/// (`AUTOINCREMENT`), so an old identifier never resolves to a new row. Identifiers are `Codable`, so they can cross
/// process boundaries and be stored; a temporary one means nothing outside the process that made it.
public struct PersistentIdentifier: Hashable, Identifiable, Comparable, Codable, Sendable, CustomStringConvertible {
    enum Key: Hashable, Codable, Sendable {
        case permanent(Int64)
        case temporary(Int)
        /// A primary key a ``DataStore`` of your own chose (its description).
        case store(String)
    }

    /// The model's entity (class) name.
    public let entityName: String
    /// The store's identifier (a UUID recorded in the store), or nil for a temporary identifier.
    public let storeIdentifier: String?
    let key: Key

    /// The stable identity of the model the identifier names: equal for equal identifiers. Mirrors SwiftData's
    /// `PersistentIdentifier.ID`, an opaque value.
    public struct ID: Hashable, Codable, Sendable, CustomStringConvertible {
        let entityName: String
        let storeIdentifier: String?
        let key: Key

        public var description: String {
            PersistentIdentifier(entityName: entityName, storeIdentifier: storeIdentifier, key: key).description
        }
    }

    /// The value that identifies the model within its store. Mirrors SwiftData's `PersistentIdentifier.id`
    /// (`Identifiable`), so identifiers can be listed by identity.
    public var id: ID { ID(entityName: entityName, storeIdentifier: storeIdentifier, key: key) }

    /// Whether this identifier was assigned before the model's first save.
    public var isTemporary: Bool {
        if case .temporary = key { return true }
        return false
    }

    /// The row's primary key (`Z_PK`) for a permanent identifier.
    public var primaryKey: Int64? {
        if case .permanent(let rowID) = key { return rowID }
        return nil
    }

    static func permanent(entityName: String, storeIdentifier: String, rowID: Int64) -> PersistentIdentifier {
        PersistentIdentifier(entityName: entityName, storeIdentifier: storeIdentifier, key: .permanent(rowID))
    }

    /// A permanent identifier a ``DataStore`` hands out for a model it stores: the store's identifier, the entity,
    /// and the store's own primary key (a `UUID`, a number, a string). Mirrors SwiftData's
    /// `identifier(for:entityName:primaryKey:)`. Two identifiers are equal when their store, entity and the
    /// primary key's description are.
    /// - Throws: ``SwiftDataError/invalidStoredValue(_:)`` for an empty store identifier or entity name.
    public static func identifier<T>(for storeIdentifier: String, entityName: String, primaryKey: T) throws
        -> PersistentIdentifier
    where T: Comparable, T: CustomStringConvertible, T: Decodable, T: Encodable, T: Hashable {
        guard !storeIdentifier.isEmpty, !entityName.isEmpty else {
            throw SwiftDataError.invalidStoredValue(
                "a persistent identifier needs a store identifier and an entity name")
        }
        return PersistentIdentifier(
            entityName: entityName, storeIdentifier: storeIdentifier, key: .store(primaryKey.description))
    }

    private static let nextTemporaryID = Atomic<Int>(1)

    static func temporary(entityName: String) -> PersistentIdentifier {
        let id = nextTemporaryID.wrappingAdd(1, ordering: .relaxed).oldValue
        return PersistentIdentifier(entityName: entityName, storeIdentifier: nil, key: .temporary(id))
    }

    public static func < (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        if lhs.entityName != rhs.entityName { return lhs.entityName < rhs.entityName }
        switch (lhs.key, rhs.key) {
        case (.permanent(let l), .permanent(let r)): return l < r
        case (.temporary(let l), .temporary(let r)): return l < r
        case (.store(let l), .store(let r)): return l < r
        case (.permanent, _): return true
        case (_, .permanent): return false
        case (.store, .temporary): return true
        case (.temporary, .store): return false
        }
    }

    public var description: String {
        switch key {
        case .permanent(let rowID): "\(entityName)/p\(rowID)"
        case .temporary(let id): "\(entityName)/t\(id)"
        case .store(let key): "\(entityName)/s\(key)"
        }
    }
}
