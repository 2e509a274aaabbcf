import Foundation

/// An entity: a kind of managed object, with its attributes and relationships. Mirrors Core Data's
/// `NSEntityDescription`.
///
/// ```swift
/// let cart = NSEntityDescription()
/// cart.name = "Cart"
/// cart.managedObjectClassName = "Cart"
/// cart.properties = [id, title, price]
/// cart.uniquenessConstraints = [["id"]]
/// ```
///
/// As in Core Data, a model is edited while it is being set up and then only read: descriptions may be read
/// from any thread once no one changes them.
open class NSEntityDescription: NSObject {
    /// The entity's name: what fetch requests and predicates name. Mirrors Core Data's `name`.
    open var name: String? {
        didSet { modelOwner?.entitiesDidChange() }
    }

    /// The name of the class of the entity's objects (default `"NSManagedObject"`). A module prefix
    /// (`"Shop.Cart"`, or Xcode's `".Cart"` for the current module) is allowed; the class is found by its last
    /// component. Mirrors Core Data's `managedObjectClassName`.
    open var managedObjectClassName: String! = "NSManagedObject"

    /// Whether the entity only groups subentities and has no objects of its own.
    open var isAbstract: Bool = false

    /// The entity's own properties, in order.
    private(set) var ownProperties: [NSPropertyDescription] = []

    /// The properties by name, inherited ones included (computed when properties change, so reads never write).
    private var cache = PropertyCache()

    private struct PropertyCache {
        var all: [NSPropertyDescription] = []
        var byName: [String: NSPropertyDescription] = [:]
        var attributes: [NSAttributeDescription] = []
        var relationships: [NSRelationshipDescription] = []
    }

    /// The entity's properties: those inherited from the superentity first, then its own. Setting it sets the
    /// entity's own properties. Mirrors Core Data's `properties`.
    open var properties: [NSPropertyDescription] {
        get { cache.all }
        set {
            for property in ownProperties where property.ownerEntity === self { property.ownerEntity = nil }
            ownProperties = newValue
            for property in newValue { property.ownerEntity = self }
            propertiesDidChange()
        }
    }

    /// Every property by name, inherited ones included. Mirrors Core Data's `propertiesByName`.
    open var propertiesByName: [String: NSPropertyDescription] { cache.byName }

    /// Every attribute by name, inherited ones included. Mirrors Core Data's `attributesByName`.
    open var attributesByName: [String: NSAttributeDescription] {
        Dictionary(cache.attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every relationship by name, inherited ones included. Mirrors Core Data's `relationshipsByName`.
    open var relationshipsByName: [String: NSRelationshipDescription] {
        Dictionary(cache.relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The attributes, in property order (inherited first).
    var attributes: [NSAttributeDescription] { cache.attributes }

    /// The relationships, in property order (inherited first).
    var relationships: [NSRelationshipDescription] { cache.relationships }

    /// The property named `name`, inherited ones included.
    func property(named name: String) -> NSPropertyDescription? { cache.byName[name] }

    /// The relationships whose destination is `entity`. Mirrors Core Data's `relationships(forDestination:)`.
    open func relationships(forDestination entity: NSEntityDescription) -> [NSRelationshipDescription] {
        cache.relationships.filter { $0.destinationEntity === entity }
    }

    /// The entities that inherit from this one. Setting it sets each one's ``superentity``. Mirrors Core Data's
    /// `subentities`.
    open var subentities: [NSEntityDescription] = [] {
        didSet {
            for entity in oldValue where entity.superentityOwner === self { entity.superentityOwner = nil }
            for entity in subentities { entity.superentityOwner = self }
            for entity in Set(oldValue).union(subentities) { entity.propertiesDidChange() }
        }
    }

    /// The subentities by name.
    open var subentitiesByName: [String: NSEntityDescription] {
        Dictionary(
            subentities.compactMap { entity in entity.name.map { ($0, entity) } },
            uniquingKeysWith: { first, _ in first })
    }

    weak var superentityOwner: NSEntityDescription?

    /// The entity this one inherits from (set through the superentity's ``subentities``).
    open var superentity: NSEntityDescription? { superentityOwner }

    /// Groups of attribute names (or ``NSAttributeDescription``s) whose values together identify at most one
    /// object: `[["id"]]`, `[["name", "city"]]`. Mirrors Core Data's `uniquenessConstraints`.
    open var uniquenessConstraints: [[Any]] = []

    /// The constraints as attribute names.
    var uniquenessConstraintNames: [[String]] {
        uniquenessConstraints.map { group in
            group.compactMap { ($0 as? String) ?? ($0 as? NSPropertyDescription)?.name }
        }
    }

    /// The entity's indexes. Mirrors Core Data's `indexes`.
    open var indexes: [NSFetchIndexDescription] = [] {
        didSet { for index in indexes { index.entity = self } }
    }

    /// Free-form information from the model (the model editor's User Info).
    open var userInfo: [AnyHashable: Any]?

    /// Changes the entity's version hash without changing its shape.
    open var versionHashModifier: String?

    /// The entity's name in an earlier version of the model, for migration (the model file's `elementID`).
    open var renamingIdentifier: String?

    weak var modelOwner: NSManagedObjectModel?

    /// The model the entity belongs to; nil until it is added to one. Mirrors Core Data's `managedObjectModel`.
    open var managedObjectModel: NSManagedObjectModel! { modelOwner }

    public override init() {
        super.init()
    }

    /// Whether this entity is `entity` or inherits from it. Mirrors Core Data's `isKindOf(entity:)`.
    open func isKindOf(entity: NSEntityDescription) -> Bool {
        var current: NSEntityDescription? = self
        var steps = 0
        while let candidate = current, steps < 1_000 {
            if candidate === entity { return true }
            current = candidate.superentity
            steps += 1
        }
        return false
    }

    /// The entity named `entityName` in the model of `context`'s coordinator. Mirrors Core Data's
    /// `entity(forEntityName:in:)`.
    open class func entity(forEntityName entityName: String, in context: NSManagedObjectContext) -> NSEntityDescription?
    {
        context.persistentStoreCoordinator?.managedObjectModel.entitiesByName[entityName]
    }

    /// Creates an object of the entity named `entityName` and inserts it into `context`, as an instance of the
    /// entity's class when that class is known (see ``NSManagedObject/registerManagedObjectClass()``). Mirrors Core
    /// Data's `insertNewObject(forEntityName:into:)`.
    ///
    /// **Differs:** where Core Data raises for an unknown name, the object gets an empty entity of that name, the
    /// problem is written to standard error and kept as the object's ``NSManagedObject/keyValueCodingErrors``.
    open class func insertNewObject(forEntityName entityName: String, into context: NSManagedObjectContext)
        -> NSManagedObject
    {
        guard let entity = entity(forEntityName: entityName, in: context) else {
            let placeholder = NSEntityDescription()
            placeholder.name = entityName
            let object = NSManagedObject(entity: placeholder, insertInto: context)
            object.report(.entityNotFound(className: entityName))
            return object
        }
        let objectClass = ManagedObjectClassRegistry.objectClass(for: entity)
        return objectClass.init(entity: entity, insertInto: context)
    }

    /// Recomputes the property tables of this entity and of its subentities.
    func propertiesDidChange() {
        var visited = Set<ObjectIdentifier>()
        recomputeCaches(visited: &visited)
    }

    private func recomputeCaches(visited: inout Set<ObjectIdentifier>) {
        guard visited.insert(ObjectIdentifier(self)).inserted else { return }
        // A loop of superentities is reported by validation; here inherited properties stop at the loop.
        var chain: [NSEntityDescription] = []
        var seen = Set<ObjectIdentifier>()
        var current: NSEntityDescription? = self
        while let entity = current, seen.insert(ObjectIdentifier(entity)).inserted {
            chain.append(entity)
            current = entity.superentity
        }
        var cache = PropertyCache()
        for entity in chain.reversed() {
            for property in entity.ownProperties {
                cache.all.append(property)
                if cache.byName[property.name] == nil { cache.byName[property.name] = property }
                if let attribute = property as? NSAttributeDescription { cache.attributes.append(attribute) }
                if let relationship = property as? NSRelationshipDescription {
                    cache.relationships.append(relationship)
                }
            }
        }
        self.cache = cache
        for entity in subentities { entity.recomputeCaches(visited: &visited) }
    }

    open override var description: String {
        "NSEntityDescription(\(name ?? "unnamed"): \(properties.map(\.name).joined(separator: ", ")))"
    }
}
