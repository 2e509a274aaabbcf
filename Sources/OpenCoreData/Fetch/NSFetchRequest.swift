import Foundation

/// What to fetch: an entity, a predicate, an order, a range. Mirrors Core Data's `NSFetchRequest<ResultType>`.
///
/// ```swift
/// let request: NSFetchRequest<Product> = Product.fetchRequest()
/// request.predicate = NSPredicate(format: "name CONTAINS %@", name)
/// request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
/// ```
///
/// A request only holds these values; a context executes it. **Differs:** `ResultType` is not constrained to
/// `NSFetchRequestResult` (see ``NSFetchRequestResult``), so `NSFetchRequest<NSFetchRequestResult>` compiles.
open class NSFetchRequest<ResultType>: NSPersistentStoreRequest, NSCopying {
    /// The name of the entity to fetch. Mirrors `entityName`.
    open var entityName: String?

    /// The entity to fetch, when the request was given one (a context looks `entityName` up in its model
    /// otherwise). Setting it sets `entityName`. Mirrors `entity`.
    open var entity: NSEntityDescription? {
        didSet { if let name = entity?.name { entityName = name } }
    }

    /// Which objects match (nil: all). Mirrors `predicate`.
    open var predicate: NSPredicate?

    /// The order of the results, first descriptor first. Mirrors `sortDescriptors`.
    open var sortDescriptors: [NSSortDescriptor]?

    /// At most this many results (0: no limit). Mirrors `fetchLimit`.
    open var fetchLimit: Int = 0

    /// Skip this many results first. Mirrors `fetchOffset`.
    open var fetchOffset: Int = 0

    /// How many objects to read at a time (0: all at once). Mirrors `fetchBatchSize`.
    open var fetchBatchSize: Int = 0

    /// Objects, object IDs, dictionaries or a count. Mirrors `resultType`.
    open var resultType: NSFetchRequestResultType = .managedObjectResultType

    /// For dictionary results, the properties to include: names (`"name"`, or key paths such as `"owner.name"`)
    /// or ``NSPropertyDescription``s. Mirrors `propertiesToFetch`.
    open var propertiesToFetch: [Any]?

    /// Whether unsaved inserts, changes and deletions of the context count (default `true`). Mirrors
    /// `includesPendingChanges`.
    open var includesPendingChanges: Bool = true

    /// Relationships to read along with the objects. Mirrors `relationshipKeyPathsForPrefetching`.
    open var relationshipKeyPathsForPrefetching: [String]?

    /// Whether objects of subentities match too (default `true`). Mirrors `includesSubentities`.
    open var includesSubentities: Bool = true

    /// Whether property values are read with the objects (default `true`). Mirrors `includesPropertyValues`.
    open var includesPropertyValues: Bool = true

    /// Whether objects are returned as faults (default `true`). Mirrors `returnsObjectsAsFaults`.
    open var returnsObjectsAsFaults: Bool = true

    /// For dictionary results, whether duplicates are left out. Mirrors `returnsDistinctResults`.
    open var returnsDistinctResults: Bool = false

    /// For dictionary results, the properties to group by. Mirrors `propertiesToGroupBy`.
    open var propertiesToGroupBy: [Any]?

    /// For grouped dictionary results, which groups to keep. Mirrors `havingPredicate`.
    open var havingPredicate: NSPredicate?

    /// Whether fetched objects already in the context take the store's values. Mirrors
    /// `shouldRefreshRefetchedObjects`.
    open var shouldRefreshRefetchedObjects: Bool = false

    /// A request for the entity named `entityName`. Mirrors `init(entityName:)`.
    public convenience init(entityName: String) {
        self.init()
        self.entityName = entityName
    }

    /// A request without an entity yet. Mirrors `init()`.
    public override init() {
        super.init()
        if let objectClass = ResultType.self as? NSManagedObject.Type {
            ManagedObjectClassRegistry.register(objectClass)
        }
    }

    open override var requestType: NSPersistentStoreRequestType { .fetchRequestType }

    /// A request with the same values (descriptors and predicates are shared: they are immutable).
    open func copy(with zone: NSZone? = nil) -> Any { typedCopy() }

    /// A typed copy.
    func typedCopy() -> NSFetchRequest<ResultType> {
        let copy = NSFetchRequest<ResultType>()
        copy.entityName = entityName
        copy.entity = entity
        copy.predicate = predicate
        copy.sortDescriptors = sortDescriptors
        copy.fetchLimit = fetchLimit
        copy.fetchOffset = fetchOffset
        copy.fetchBatchSize = fetchBatchSize
        copy.resultType = resultType
        copy.propertiesToFetch = propertiesToFetch
        copy.includesPendingChanges = includesPendingChanges
        copy.relationshipKeyPathsForPrefetching = relationshipKeyPathsForPrefetching
        copy.includesSubentities = includesSubentities
        copy.includesPropertyValues = includesPropertyValues
        copy.returnsObjectsAsFaults = returnsObjectsAsFaults
        copy.returnsDistinctResults = returnsDistinctResults
        copy.propertiesToGroupBy = propertiesToGroupBy
        copy.havingPredicate = havingPredicate
        copy.shouldRefreshRefetchedObjects = shouldRefreshRefetchedObjects
        return copy
    }

    /// The names of ``propertiesToFetch`` (descriptions by their name).
    var propertyNamesToFetch: [String]? {
        propertiesToFetch?.compactMap { ($0 as? String) ?? ($0 as? NSPropertyDescription)?.name }
    }

    open override var description: String {
        var parts = ["entity: \(entityName ?? "nil")"]
        if let predicate { parts.append("predicate: (\(PredicateFormatter.format(predicate)))") }
        if let sortDescriptors, !sortDescriptors.isEmpty {
            parts.append("sortDescriptors: (\(sortDescriptors.map(\.sortDescription).joined(separator: ", ")))")
        }
        if fetchLimit > 0 { parts.append("limit: \(fetchLimit)") }
        if fetchOffset > 0 { parts.append("offset: \(fetchOffset)") }
        return "<NSFetchRequest: \(parts.joined(separator: "; "))>"
    }
}
