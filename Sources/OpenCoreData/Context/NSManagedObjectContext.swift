import Foundation

/// How a context runs its work. Mirrors Core Data's `NSManagedObjectContextConcurrencyType`.
public enum NSManagedObjectContextConcurrencyType: UInt, Sendable {
    @available(*, deprecated, message: "use .privateQueueConcurrencyType or .mainQueueConcurrencyType")
    case confinementConcurrencyType = 0
    case privateQueueConcurrencyType = 1
    case mainQueueConcurrencyType = 2
}

/// A scratch pad of managed objects. Mirrors Core Data's `NSManagedObjectContext`.
///
/// **Provisional:** this context only registers objects — `insert(_:)`, `delete(_:)`, the sets of inserted,
/// updated and deleted objects, `hasChanges` — so that `Cart(context:)`, change tracking and validation work
/// before there is a store. Fetching, saving, `perform`, parent contexts, merging and notifications come with the
/// store layer (see <doc:Guide>, *Still to come*). It holds its registered objects strongly.
open class NSManagedObjectContext: NSObject {
    /// Mirrors `concurrencyType`.
    public let concurrencyType: NSManagedObjectContextConcurrencyType

    /// The coordinator whose model the context's objects belong to. Mirrors `persistentStoreCoordinator`.
    open var persistentStoreCoordinator: NSPersistentStoreCoordinator?

    /// A name for debugging. Mirrors `name`.
    open var name: String?

    /// Every registered object by ID, in registration order.
    private var registered: [NSManagedObjectID: NSManagedObject] = [:]
    private var registrationOrder: [NSManagedObjectID] = []

    /// Mirrors `init(concurrencyType:)`.
    public init(concurrencyType type: NSManagedObjectContextConcurrencyType) {
        self.concurrencyType = type
        super.init()
    }

    /// Registers `object` as inserted (it is saved by the next save); calls its `awakeFromInsert()` the first
    /// time. An object of another context is left alone (the problem is recorded on it, where Core Data
    /// raises). Mirrors `insert(_:)`.
    open func insert(_ object: NSManagedObject) {
        if let other = object.context, other !== self {
            object.report(.invalidValue(entityName: object.entity.name ?? "?", key: "managedObjectContext", reason: "the object belongs to another context"))
            return
        }
        if object.isDeletedInContext {
            object.isDeletedInContext = false
            return
        }
        register(object)
        object.contextDidInsert(self)
    }

    /// Marks `object` deleted (the next save deletes it); an object inserted and not saved simply leaves the
    /// context. Mirrors `delete(_:)`.
    open func delete(_ object: NSManagedObject) {
        guard object.context === self else { return }
        if object.isInsertedInContext {
            unregister(object)
            object.isInsertedInContext = false
            object.context = nil
            return
        }
        if !object.isDeletedInContext {
            object.isDeletedInContext = true
            object.prepareForDeletion()
        }
    }

    /// Every object the context holds. Mirrors `registeredObjects`.
    open var registeredObjects: Set<NSManagedObject> { Set(registered.values) }

    /// Objects inserted and not saved. Mirrors `insertedObjects`.
    open var insertedObjects: Set<NSManagedObject> { Set(registered.values.filter(\.isInserted)) }

    /// Saved objects with unsaved changes. Mirrors `updatedObjects`.
    open var updatedObjects: Set<NSManagedObject> { Set(registered.values.filter(\.isUpdated)) }

    /// Objects deleted and not saved. Mirrors `deletedObjects`.
    open var deletedObjects: Set<NSManagedObject> { Set(registered.values.filter(\.isDeleted)) }

    /// Whether any registered object has unsaved changes. Mirrors `hasChanges`.
    open var hasChanges: Bool { registered.values.contains(where: \.hasChanges) }

    /// The registered object with `objectID`, or nil. Mirrors `registeredObject(for:)`.
    open func registeredObject(for objectID: NSManagedObjectID) -> NSManagedObject? {
        registered[objectID]
    }

    /// Registered objects in the order they were registered (for deterministic saves and fetch merges).
    var orderedRegisteredObjects: [NSManagedObject] { registrationOrder.compactMap { registered[$0] } }

    /// Registers `object` under its current ID.
    func register(_ object: NSManagedObject) {
        let objectID = object.objectID
        if registered[objectID] == nil { registrationOrder.append(objectID) }
        registered[objectID] = object
    }

    /// Forgets `object`.
    func unregister(_ object: NSManagedObject) {
        let objectID = object.objectID
        guard registered[objectID] === object else { return }
        registered[objectID] = nil
        registrationOrder.removeAll { $0 == objectID }
    }

    /// `object` changed a property (the seam for the store layer's change notifications and undo).
    func objectDidChange(_ object: NSManagedObject) {}
}
