import Foundation

/// Deletes the rows a fetch request selects (or the rows of given object IDs) in the store, in one statement and
/// one transaction, without loading them into a context. Mirrors Core Data's `NSBatchDeleteRequest`.
///
/// As in Core Data, contexts are not told: registered objects of deleted rows stay until
/// ``NSManagedObjectContext/mergeChanges(fromRemoteContextSave:into:)`` is given the deleted IDs (ask for
/// `.resultTypeObjectIDs`), and delete rules do not run (join-table rows go with their rows).
///
/// ```swift
/// let request = NSBatchDeleteRequest(fetchRequest: Cart.fetchRequest())
/// request.resultType = .resultTypeObjectIDs
/// let result = try context.execute(request) as? NSBatchDeleteResult
/// let ids = result?.result as? [NSManagedObjectID] ?? []
/// NSManagedObjectContext.mergeChanges(fromRemoteContextSave: [NSDeletedObjectsKey: ids], into: [context])
/// ```
open class NSBatchDeleteRequest: NSPersistentStoreRequest {
    /// The rows to delete: those this request selects (its predicate; its sort, limit and offset are ignored).
    /// Mirrors `fetchRequest`.
    public let fetchRequest: NSFetchRequest<NSFetchRequestResult>
    /// The rows to delete when the request was made with IDs.
    let objectIDs: [NSManagedObjectID]?
    /// Mirrors `resultType` (`.resultTypeStatusOnly` by default).
    open var resultType: NSBatchDeleteRequestResultType = .resultTypeStatusOnly

    /// Mirrors `init(fetchRequest:)`.
    public init(fetchRequest fetch: NSFetchRequest<NSFetchRequestResult>) {
        self.fetchRequest = fetch
        self.objectIDs = nil
        super.init()
    }

    /// Deletes the rows of these objects (all of one entity, as in Core Data). Mirrors `init(objectIDs:)`.
    public init(objectIDs objects: [NSManagedObjectID]) {
        self.fetchRequest = NSFetchRequest<NSFetchRequestResult>(entityName: objects.first?.entity.name ?? "")
        self.objectIDs = objects
        super.init()
    }

    open override var requestType: NSPersistentStoreRequestType { .batchDeleteRequestType }
}

/// Inserts rows from dictionaries of property values in one transaction, without managed objects. Mirrors Core
/// Data's `NSBatchInsertRequest` (its dictionary form: `init(entityName:objects:)`, `init(entity:objects:)`).
/// Relationships are not set; uniqueness constraints follow the store's rule: a row meeting a stored one updates it.
open class NSBatchInsertRequest: NSPersistentStoreRequest {
    /// Mirrors `entityName`.
    public let entityName: String
    /// The rows, one dictionary of attribute values per row. Mirrors `objectsToInsert`.
    open var objectsToInsert: [[String: Any]]?
    /// Mirrors `resultType`.
    open var resultType: NSBatchInsertRequestResultType = .statusOnly

    /// Mirrors `init(entityName:objects:)`.
    public init(entityName: String, objects dictionaries: [[String: Any]]) {
        self.entityName = entityName
        self.objectsToInsert = dictionaries
        super.init()
    }

    /// Mirrors `init(entity:objects:)`.
    public convenience init(entity: NSEntityDescription, objects dictionaries: [[String: Any]]) {
        self.init(entityName: entity.name ?? "", objects: dictionaries)
    }

    open override var requestType: NSPersistentStoreRequestType { .batchInsertRequestType }
}

/// Sets attributes of the rows a predicate selects, in one transaction, without managed objects. Mirrors Core
/// Data's `NSBatchUpdateRequest`. Contexts are not told (merge the updated IDs as after a batch delete).
open class NSBatchUpdateRequest: NSPersistentStoreRequest {
    /// Mirrors `entityName`.
    public let entityName: String
    /// Which rows (nil: every row). Mirrors `predicate`.
    open var predicate: NSPredicate?
    /// The new values by attribute name: values, or constant `NSExpression`s. Mirrors `propertiesToUpdate`.
    open var propertiesToUpdate: [AnyHashable: Any]?
    /// Mirrors `resultType`.
    open var resultType: NSBatchUpdateRequestResultType = .statusOnlyResultType

    /// Mirrors `init(entityName:)`.
    public init(entityName: String) {
        self.entityName = entityName
        super.init()
    }

    /// Mirrors `init(entity:)`.
    public convenience init(entity: NSEntityDescription) {
        self.init(entityName: entity.name ?? "")
    }

    open override var requestType: NSPersistentStoreRequestType { .batchUpdateRequestType }
}
