import Foundation

/// An object of an entity, holding the values of its properties. Mirrors Core Data's `NSManagedObject`.
///
/// Class files as Xcode generates them compile unchanged but for the `@objc(Cart)` line, which goes inside
/// `#if canImport(ObjectiveC)` (Linux has no Objective-C):
///
/// ```swift
/// #if canImport(ObjectiveC)
/// @objc(Cart)
/// #endif
/// public class Cart: NSManagedObject {}
///
/// extension Cart {
///     @nonobjc public class func fetchRequest() -> NSFetchRequest<Cart> {
///         return NSFetchRequest<Cart>(entityName: "Cart")
///     }
///     @NSManaged public var id: Int64
///     @NSManaged public var title: String?
///     @NSManaged public var price: Double
/// }
/// ```
///
/// `@NSManaged` is OpenCoreData's macro there: each property reads and writes the object's value for its name.
/// Entities without a class of their own use `NSManagedObject(entity:insertInto:)` and keys.
///
/// **Differs:** ``init(entity:insertInto:)`` is `required` (Core Data's is not), because Linux has no
/// Objective-C runtime to make objects of a class found by name: a subclass that overrides it writes `required`.
open class NSManagedObject: NSObject {
    private let storedEntity: NSEntityDescription
    var storedObjectID: NSManagedObjectID
    weak var context: NSManagedObjectContext?

    /// The current value of each property that has one (to-many relationships as `[NSManagedObject]`).
    var values: [String: Any] = [:] {
        didSet { valuesMayDiffer = true }
    }
    /// The values as last fetched or saved; nil while the object has never been fetched or saved.
    var committed: [String: Any]? {
        didSet { valuesMayDiffer = true }
    }
    /// False only while `values` are known to be `committed` (just fetched, saved or reverted, and neither set
    /// since): then the object has no changed keys, and a save or `hasChanges` need not compare its values one by
    /// one. Every write of either sets it.
    var valuesMayDiffer = true
    /// The row's version (`Z_OPT`) the committed values were read or saved with; nil for an object never saved, or
    /// of a store without the column (no optimistic locking then).
    var storedVersion: Int64?

    var isInsertedInContext = false
    var isDeletedInContext = false
    var didAwakeFromInsert = false
    var faulted = false
    var recordedErrors: [CoreDataError] = []
    private var reportedProblems: Set<String> = []

    /// Creates an object of `entity`, with its attributes' default values, and inserts it into `context` when
    /// one is given (which calls ``awakeFromInsert()``). Mirrors Core Data's `init(entity:insertInto:)`.
    public required init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
        storedEntity = entity
        storedObjectID = NSManagedObjectID.temporary(for: entity)
        super.init()
        for attribute in entity.attributes {
            guard let defaultValue = attribute.defaultValue,
                case .success(let value?) = ManagedValue.normalize(defaultValue, for: attribute)
            else { continue }
            values[attribute.name] = value
        }
        context?.insert(self)
    }

    /// Creates an object of the entity whose class is this class, in the model of `context`'s coordinator, and
    /// inserts it into `context`. Mirrors Core Data's `init(context:)`.
    ///
    /// **Differs:** where Core Data raises because no entity has this class, the object gets an empty entity
    /// named after the class; the problem is written to standard error and kept in ``keyValueCodingErrors``, so
    /// the save that includes the object fails with ``CoreDataError/entityNotFound(className:)``.
    public convenience init(context: NSManagedObjectContext) {
        ManagedObjectClassRegistry.register(Self.self)
        if let entity = context.persistentStoreCoordinator?.managedObjectModel.entity(forManagedObjectClass: Self.self)
        {
            self.init(entity: entity, insertInto: context)
        } else {
            let className = ManagedObjectClassRegistry.className(of: Self.self)
            self.init(entity: NSManagedObject.placeholderEntity(forClassNamed: className), insertInto: nil)
            // Reported before awakeFromInsert runs, so it comes first among the object's problems.
            report(.entityNotFound(className: className))
            context.insert(self)
        }
    }

    /// The entity of this class in the most recently created model that has one. Mirrors Core Data's
    /// `entity()`. **Differs:** where Core Data raises when no model has the class, this returns an empty entity
    /// named after the class and writes the problem to standard error.
    open class func entity() -> NSEntityDescription {
        ManagedObjectClassRegistry.register(self)
        if let entity = ManagedObjectModelRegistry.entity(forManagedObjectClass: self) { return entity }
        let className = ManagedObjectClassRegistry.className(of: self)
        reportToStandardError(CoreDataError.entityNotFound(className: className).description)
        return placeholderEntity(forClassNamed: className)
    }

    /// A fetch request for this class's entity. Mirrors Core Data's `fetchRequest()`. (Generated class files
    /// declare a typed one, `NSFetchRequest<Cart>`; as in Core Data, write `let request: NSFetchRequest<Cart> =
    /// Cart.fetchRequest()` to choose it.)
    open class func fetchRequest() -> NSFetchRequest<NSFetchRequestResult> {
        NSFetchRequest<NSFetchRequestResult>(
            entityName: entity().name ?? ManagedObjectClassRegistry.className(of: self))
    }

    /// Makes objects of the entities whose class name is this class's instances of it when a store hands them
    /// back. Needed only when the class is used with none of `init(context:)`, `entity()` or a typed
    /// `NSFetchRequest` before its objects are fetched, and the model names it without a module. (Not in Core
    /// Data, which finds classes by name through the Objective-C runtime.)
    open class func registerManagedObjectClass() {
        ManagedObjectClassRegistry.register(self)
    }

    static func placeholderEntity(forClassNamed className: String) -> NSEntityDescription {
        let entity = NSEntityDescription()
        entity.name = className
        entity.managedObjectClassName = className
        return entity
    }

    /// The object's entity. Mirrors Core Data's `entity`.
    public var entity: NSEntityDescription { storedEntity }

    /// The object's ID: temporary until its first save. Mirrors Core Data's `objectID`.
    open var objectID: NSManagedObjectID { storedObjectID }

    /// The context the object is registered in; nil before insertion and after a deletion is saved. Held weakly,
    /// as Core Data does: keep the context for as long as you use its objects. Mirrors Core Data's
    /// `managedObjectContext`.
    open var managedObjectContext: NSManagedObjectContext? { context }

    // MARK: Life cycle (called by the context; override to add behaviour, as in Core Data)

    /// Called once, when the object is first inserted into a context, after default values are set. Mirrors Core
    /// Data's `awakeFromInsert()`.
    open func awakeFromInsert() {}

    /// Called after the object's values are read from the store. Mirrors Core Data's `awakeFromFetch()`.
    open func awakeFromFetch() {}

    /// Called before the object is saved. Mirrors Core Data's `willSave()`.
    open func willSave() {}

    /// Called after the object is saved. Mirrors Core Data's `didSave()`.
    open func didSave() {}

    /// Called when the object is about to be deleted, before delete rules apply. Mirrors Core Data's
    /// `prepareForDeletion()`.
    open func prepareForDeletion() {}

    /// Called before the object's values are let go. Mirrors Core Data's `willTurnIntoFault()`.
    open func willTurnIntoFault() {}

    /// Called after the object's values are let go. Mirrors Core Data's `didTurnIntoFault()`.
    open func didTurnIntoFault() {}

    /// Whether the object's values are not loaded yet. Mirrors Core Data's `isFault`.
    open var isFault: Bool { faulted }

    /// Called by a context when it inserts the object.
    func contextDidInsert(_ context: NSManagedObjectContext) {
        self.context = context
        isInsertedInContext = committed == nil
        isDeletedInContext = false
        if !didAwakeFromInsert && committed == nil {
            didAwakeFromInsert = true
            awakeFromInsert()
        }
    }

    // MARK: Validation

    /// Checks the object as inserted: ``validateForUpdate()``'s checks. Mirrors Core Data's
    /// `validateForInsert()`. Throws ``CoreDataError``: the one problem, or `multipleValidationErrors`.
    open func validateForInsert() throws { try throwIfAny(propertyProblems()) }

    /// Checks every property: recorded key-value problems, non-optional properties without a value, values of
    /// the wrong type, validation predicates, and the counts of to-many relationships. Mirrors Core Data's
    /// `validateForUpdate()`.
    open func validateForUpdate() throws { try throwIfAny(propertyProblems()) }

    /// Checks that no relationship with the deny delete rule still holds objects. Mirrors Core Data's
    /// `validateForDelete()`.
    open func validateForDelete() throws {
        var problems: [CoreDataError] = []
        let entityName = entity.name ?? "?"
        for relationship in entity.relationships where relationship.deleteRule == .denyDeleteRule {
            let count = relatedCount(relationship)
            if count > 0 {
                problems.append(
                    .validation(
                        entityName: entityName, key: relationship.name, problem: .deleteDenied(relatedObjects: count)))
            }
        }
        try throwIfAny(problems)
    }

    // MARK: Key-value coding

    /// The value of the property `key`: attributes as Core Data returns them (numbers and Booleans as
    /// `NSNumber`, so `as? Int`, `as? Int64`, `as? Double` and `as? Bool` all work), a to-one relationship's
    /// object, a to-many relationship as an `NSSet` (`NSOrderedSet` when ordered). Mirrors Core Data's
    /// `value(forKey:)`.
    ///
    /// **Differs:** an unknown key returns nil instead of raising; the problem is written to standard error and
    /// kept in ``keyValueCodingErrors`` (so the next save including the object throws
    /// ``CoreDataError/unknownKey(entityName:key:)``). ``checkedValue(forKey:)`` throws it instead.
    open func value(forKey key: String) -> Any? {
        switch lookUp(key) {
        case .success(let property): return publicValue(of: property)
        case .failure(let error):
            report(error)
            return nil
        }
    }

    /// Sets the property `key`: an attribute's value is converted to the attribute's type (any number for a
    /// number, `NSNull` or nil for no value); a relationship takes an object, or a set, ordered set or array of
    /// objects, and its inverse is updated on the related objects at once. Mirrors Core Data's
    /// `setValue(_:forKey:)`.
    ///
    /// **Differs:** where Core Data raises — an unknown key, a value of the wrong type, a number out of range, an
    /// object of another entity or context — the property keeps its value, the problem is written to standard
    /// error and kept in ``keyValueCodingErrors`` (so the next save including the object throws it).
    /// ``setCheckedValue(_:forKey:)`` throws it instead.
    open func setValue(_ value: Any?, forKey key: String) {
        if let error = assign(value, forKey: key, maintainingInverses: true) { report(error) }
    }

    /// The stored value of `key`, without change notifications (as `value(forKey:)` here). Mirrors Core Data's
    /// `primitiveValue(forKey:)`.
    open func primitiveValue(forKey key: String) -> Any? {
        value(forKey: key)
    }

    /// Sets the stored value of `key` without updating inverse relationships. Mirrors Core Data's
    /// `setPrimitiveValue(_:forKey:)`.
    open func setPrimitiveValue(_ value: Any?, forKey key: String) {
        if let error = assign(value, forKey: key, maintainingInverses: false) { report(error) }
    }

    /// Called before a property is read. This and the three hooks after it do nothing here but may be overridden.
    /// Mirrors Core Data's `willAccessValue(forKey:)`.
    open func willAccessValue(forKey key: String?) {}
    /// Called after a property is read; does nothing here. Mirrors Core Data's `didAccessValue(forKey:)`.
    open func didAccessValue(forKey key: String?) {}
    /// Called before a property changes; does nothing here. Mirrors Core Data's `willChangeValue(forKey:)`.
    open func willChangeValue(forKey key: String) {}
    /// Called after a property changes; does nothing here. Mirrors Core Data's `didChangeValue(forKey:)`.
    open func didChangeValue(forKey key: String) {}

    open override var description: String {
        let data = entity.properties.map { property -> String in
            let value = values[property.name]
            let text: String
            if let objects = value as? [NSManagedObject] {
                text = "(\(objects.map { $0.objectID.description }.joined(separator: ", ")))"
            } else if let object = value as? NSManagedObject {
                text = object.objectID.description
            } else if let value {
                text = String(describing: value)
            } else {
                text = "nil"
            }
            return "\(property.name) = \(text)"
        }
        let name = entity.name ?? "?"
        return
            "<\(ManagedObjectClassRegistry.className(of: type(of: self))): entity \(name); id \(objectID); data {\(data.joined(separator: "; "))}>"
    }

    // MARK: Reporting

    /// Problems `value(forKey:)`, `setValue(_:forKey:)` and `init(context:)` survived instead of raising, oldest
    /// first, each also written once to standard error. A context's save of the object throws the first of
    /// them. (Not in Core Data, which raises an exception at the call.)
    public var keyValueCodingErrors: [CoreDataError] { recordedErrors }

    /// Records a problem the caller could not be told of through a thrown error.
    func report(_ error: CoreDataError) {
        let key = error.description
        guard reportedProblems.insert(key).inserted else { return }
        recordedErrors.append(error)
        reportToStandardError(key)
    }

    /// Forgets the recorded problems (after a save reported them, or a rollback).
    func clearReportedErrors() {
        recordedErrors = []
        reportedProblems = []
    }
}
