import Foundation

/// The identity of a managed object, valid across contexts. Mirrors Core Data's `NSManagedObjectID`.
///
/// A new object's ID is temporary (``isTemporaryID``); saving gives it a permanent one made of the store's
/// identifier and the row's primary key. Two IDs are equal when they name the same entity and the same row (or
/// are the same temporary ID). Its URI is Core Data's: `x-coredata:///Cart/t<UUID>` while temporary,
/// `x-coredata://<store UUID>/Cart/p<primary key>` once saved.
open class NSManagedObjectID: NSObject, NSCopying, @unchecked Sendable {
    enum Storage: Hashable {
        case temporary(UUID)
        case permanent(storeIdentifier: String, primaryKey: Int64)
    }

    /// The entity of the object. Mirrors Core Data's `entity`.
    public let entity: NSEntityDescription
    let storage: Storage

    init(entity: NSEntityDescription, storage: Storage) {
        self.entity = entity
        self.storage = storage
        super.init()
    }

    /// A new temporary ID for an object of `entity`.
    static func temporary(for entity: NSEntityDescription) -> NSManagedObjectID {
        NSManagedObjectID(entity: entity, storage: .temporary(UUID()))
    }

    /// The permanent ID of the row `primaryKey` of `entity` in the store `storeIdentifier` (for the store layer).
    static func permanent(for entity: NSEntityDescription, storeIdentifier: String, primaryKey: Int64)
        -> NSManagedObjectID
    {
        NSManagedObjectID(entity: entity, storage: .permanent(storeIdentifier: storeIdentifier, primaryKey: primaryKey))
    }

    /// Whether the object has not been saved yet. Mirrors Core Data's `isTemporaryID`.
    open var isTemporaryID: Bool {
        if case .temporary = storage { return true }
        return false
    }

    /// The row's primary key once saved.
    var primaryKey: Int64? {
        if case .permanent(_, let key) = storage { return key }
        return nil
    }

    /// The identifier of the store the row is in, once saved.
    var storeIdentifier: String? {
        if case .permanent(let store, _) = storage { return store }
        return nil
    }

    /// The ID as a URI, as Core Data writes it. Mirrors Core Data's `uriRepresentation()`.
    open func uriRepresentation() -> URL {
        var components = URLComponents()
        components.scheme = "x-coredata"
        let entityName = entity.name ?? ""
        switch storage {
        case .temporary(let uuid):
            components.host = ""
            components.path = "/\(entityName)/t\(uuid.uuidString)"
        case .permanent(let store, let key):
            components.host = store
            components.path = "/\(entityName)/p\(key)"
        }
        if let url = components.url { return url }
        // Only an entity name URLComponents refuses gets here; percent-encode it all.
        let escaped = entityName.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return URL(string: "x-coredata:///\(escaped)") ?? URL(fileURLWithPath: "/")
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSManagedObjectID else { return false }
        return other.storage == storage && other.entity.name == entity.name
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(storage)
        hasher.combine(entity.name)
        return hasher.finalize()
    }

    /// IDs are immutable: a copy is the ID itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override var description: String { "<\(uriRepresentation().absoluteString)>" }
}
