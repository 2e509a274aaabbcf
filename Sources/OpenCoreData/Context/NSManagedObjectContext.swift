import Foundation
import Synchronization
import Undo
#if canImport(Glibc)
import Glibc
#endif

/// How a context runs its work. Mirrors Core Data's `NSManagedObjectContextConcurrencyType`.
public enum NSManagedObjectContextConcurrencyType: UInt, Sendable {
    /// Deprecated: the context is confined to the thread that uses it (raw value 0). Mirrors Core Data's
    /// `NSManagedObjectContextConcurrencyType.confinementConcurrencyType`.
    @available(*, deprecated, message: "use .privateQueueConcurrencyType or .mainQueueConcurrencyType")
    case confinementConcurrencyType = 0
    /// The context runs its work on a private queue (raw value 1). Mirrors Core Data's
    /// `NSManagedObjectContextConcurrencyType.privateQueueConcurrencyType`.
    case privateQueueConcurrencyType = 1
    /// The context runs its work on the main queue (raw value 2). Mirrors Core Data's
    /// `NSManagedObjectContextConcurrencyType.mainQueueConcurrencyType`.
    case mainQueueConcurrencyType = 2
}

/// A scratch pad of managed objects over a store (or a parent context). Mirrors Core Data's
/// `NSManagedObjectContext`.
///
/// Objects are fetched into it (``fetch(_:)``), inserted, changed and deleted in memory, and written to the store
/// in one transaction by ``save()``. A context whose ``parent`` is another context fetches through it and saves
/// into it instead.
///
/// **Threads.** Every context has a serial queue of its own; ``perform(_:)`` and `performAndWait(_:)` run blocks
/// on it. **Differs:** a `.mainQueueConcurrencyType` context's queue is its own serial queue too, not the main
/// queue (a Linux server does not run the main queue); as in Core Data, use a context from one thread at a time.
///
/// **Differs:** the context holds its registered objects strongly (Core Data holds unchanged ones weakly):
/// ``reset()`` lets them go. Objects are never faults: fetching an object reads its row and the rows of the
/// objects it is related to.
open class NSManagedObjectContext: NSObject, @unchecked Sendable {
    /// Mirrors `concurrencyType`.
    public let concurrencyType: NSManagedObjectContextConcurrencyType

    private var coordinator: NSPersistentStoreCoordinator?

    /// The coordinator whose store the context reads and writes (a child context's is its parent's). Mirrors
    /// `persistentStoreCoordinator`.
    open var persistentStoreCoordinator: NSPersistentStoreCoordinator? {
        get { parent?.persistentStoreCoordinator ?? coordinator }
        set {
            coordinator = newValue
            newValue?.register(self)
        }
    }

    /// The context this one fetches through and saves into, instead of the store. Mirrors `parent`.
    open var parent: NSManagedObjectContext? {
        didSet { parent?.registerChild(self) }
    }

    /// A name for debugging. Mirrors `name`.
    open var name: String?

    /// Whether saves of the parent (for a context on a coordinator: of the other contexts on it) are merged into
    /// this context as they happen, on its queue. Mirrors `automaticallyMergesChangesFromParent`.
    open var automaticallyMergesChangesFromParent = false

    /// How a save resolves conflicts with the store: one of ``NSMergePolicy``'s (``NSErrorMergePolicy`` by
    /// default). Mirrors `mergePolicy`.
    open var mergePolicy: Any = NSMergePolicy.error

    /// Whether fetched objects that are already registered keep their values (the default) — see
    /// ``NSFetchRequest/shouldRefreshRefetchedObjects``. Mirrors `stalenessInterval` loosely: accepted, unused.
    open var stalenessInterval: TimeInterval = -1

    /// Records the context's changes for ``undo()`` and ``redo()`` (nil, the default, records nothing — as in Core
    /// Data on every platform today). One group per event: see ``processPendingChanges()``. Setting it (or nil)
    /// starts from an empty history. Mirrors `undoManager`. On Linux the type is the `Undo` module's `UndoManager`
    /// (OpenCoreData re-exports it), which Foundation there lacks.
    open var undoManager: UndoManager?

    /// Accepted for compatibility (objects are never faults). Mirrors `shouldDeleteInaccessibleFaults`.
    open var shouldDeleteInaccessibleFaults = true

    /// Accepted for compatibility. Mirrors `retainsRegisteredObjects` (registered objects are always retained).
    open var retainsRegisteredObjects = true

    /// Every registered object by ID, in registration order.
    private var registered: [NSManagedObjectID: NSManagedObject] = [:]
    private var registrationOrder: [NSManagedObjectID] = []
    private var children: [WeakReference<NSManagedObjectContext>] = []
    private let childLock = NSLock()

    /// Objects deleted since the delete rules last ran.
    var pendingDeletions: [NSManagedObject] = []
    /// What changed since the last `ObjectsDidChange` notification.
    var eventInserted: [ObjectIdentifier: NSManagedObject] = [:]
    var eventUpdated: [ObjectIdentifier: NSManagedObject] = [:]
    var eventDeleted: [ObjectIdentifier: NSManagedObject] = [:]

    let queue: DispatchQueue
    /// The thread running a block of the queue now (0 when none): `performAndWait` from inside a block runs at once.
    private let queueThread = Atomic<UInt>(0)

    /// Mirrors `init(concurrencyType:)`.
    public init(concurrencyType type: NSManagedObjectContextConcurrencyType) {
        self.concurrencyType = type
        self.queue = DispatchQueue(label: "OpenCoreData.NSManagedObjectContext")
        super.init()
    }

    // MARK: Running work on the context's queue

    /// Whether the current code runs on this context's queue.
    var isOnQueue: Bool { queueThread.load(ordering: .acquiring) == Self.currentThread }

    private static var currentThread: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    /// Runs a block handed to ``perform(_:)``, then processes pending changes.
    private func runQueued(_ block: () -> Void) {
        runAsQueue {
            block()
            processPendingChanges()
        }
    }

    /// Runs `body` as the queue's current block (on the queue).
    func runAsQueue<T>(_ body: () throws -> T) rethrows -> T {
        let outer = queueThread.load(ordering: .acquiring)
        queueThread.store(Self.currentThread, ordering: .releasing)
        defer { queueThread.store(outer, ordering: .releasing) }
        return try body()
    }

    /// Runs `block` on the context's queue, later; then processes pending changes. Mirrors `perform(_:)`.
    open func perform(_ block: @escaping () -> Void) {
        let work = UncheckedSendable((self, block))
        queue.async {
            work.value.0.runQueued(work.value.1)
        }
    }

    /// Runs `block` on the context's queue and waits for it (at once when already there). Mirrors
    /// `performAndWait(_:)`.
    open func performAndWait(_ block: () -> Void) {
        if isOnQueue { return block() }
        queue.sync { runAsQueue(block) }
    }

    /// Runs `block` on the context's queue, waits for it and returns its result (or throws its error). Mirrors
    /// `performAndWait(_:)`'s generic form.
    public func performAndWait<T>(_ block: () throws -> T) rethrows -> T {
        if isOnQueue { return try block() }
        return try queue.sync { try runAsQueue(block) }
    }

    /// When an async `perform` runs its block. Mirrors `NSManagedObjectContext.ScheduledTaskType`.
    public enum ScheduledTaskType: Sendable {
        /// As soon as the queue is free (here the same as ``enqueued``).
        case immediate
        /// After the work already on the queue.
        case enqueued
    }

    /// Runs `block` on the context's queue and returns its result. Mirrors the async `perform(schedule:_:)` (whose
    /// `rethrows` is these two overloads).
    public func perform<T>(schedule: ScheduledTaskType = .immediate, _ block: @escaping () -> T) async -> T {
        let work = UncheckedSendable((self, block))
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<UncheckedSendable<T>, Never>) in
            queue.async {
                let (context, block) = work.value
                let value = context.runAsQueue {
                    let value = block()
                    context.processPendingChanges()
                    return value
                }
                continuation.resume(returning: UncheckedSendable(value))
            }
        }
        return result.value
    }

    /// Runs `block` on the context's queue and returns its result or throws its error. Mirrors the async
    /// `perform(schedule:_:)`.
    public func perform<T>(schedule: ScheduledTaskType = .immediate, _ block: @escaping () throws -> T) async throws
        -> T
    {
        let work = UncheckedSendable((self, block))
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<UncheckedSendable<Result<T, Error>>, Never>) in
            queue.async {
                let (context, block) = work.value
                let value = context.runAsQueue {
                    let value = Result { try block() }
                    context.processPendingChanges()
                    return value
                }
                continuation.resume(returning: UncheckedSendable(value))
            }
        }
        return try result.value.get()
    }

    // MARK: Inserting and deleting

    /// Registers `object` as inserted (it is saved by the next save); calls its `awakeFromInsert()` the first
    /// time. An object of another context is left alone (the problem is recorded on it, where Core Data
    /// raises). Re-inserting a deleted object un-deletes it. Mirrors `insert(_:)`.
    open func insert(_ object: NSManagedObject) {
        if let other = object.context, other !== self {
            object.report(
                .invalidValue(
                    entityName: object.entity.name ?? "?", key: "managedObjectContext",
                    reason: "the object belongs to another context"))
            return
        }
        if object.isDeletedInContext {
            object.isDeletedInContext = false
            pendingDeletions.removeAll { $0 === object }
            eventDeleted[ObjectIdentifier(object)] = nil
            registerUndoOfReinsertion(object)
            return
        }
        let wasRegistered = registeredObject(for: object.objectID) === object
        register(object)
        object.contextDidInsert(self)
        if object.isInsertedInContext { eventInserted[ObjectIdentifier(object)] = object }
        if !wasRegistered { registerUndoOfInsertion(object) }
    }

    /// Marks `object` deleted: the next save deletes its row. An object inserted and not saved simply leaves the
    /// context. The entity's delete rules (nullify, cascade, deny, no action) run when pending changes are
    /// processed — at the next save or fetch, or at the end of a `perform` block — as in Core Data. Mirrors
    /// `delete(_:)`.
    open func delete(_ object: NSManagedObject) {
        guard object.context === self, !object.isDeletedInContext else { return }
        object.prepareForDeletion()
        registerUndoOfDeletion(object, wasInserted: object.isInsertedInContext)
        object.isDeletedInContext = true
        if object.isInsertedInContext {
            // Never saved: its rules run now, and it leaves the context at once.
            applyDeleteRules(of: object)
            unregister(object)
            eventInserted[ObjectIdentifier(object)] = nil
            object.isInsertedInContext = false
            object.isDeletedInContext = false
            object.context = nil
            return
        }
        pendingDeletions.append(object)
        eventDeleted[ObjectIdentifier(object)] = object
    }

    /// Applies the delete rules of the objects deleted since they last ran, and posts
    /// `NSManagedObjectContextObjectsDidChange` for what changed since the last one. Mirrors
    /// `processPendingChanges()`.
    open func processPendingChanges() {
        while !pendingDeletions.isEmpty {
            let batch = pendingDeletions
            pendingDeletions = []
            for object in batch where object.isDeletedInContext { applyDeleteRules(of: object) }
        }
        endUndoEvent()
        postObjectsDidChange()
    }

    /// Cascades to the objects a cascade relationship holds, and takes the object out of the inverses of the
    /// objects a nullify relationship holds. Deny is checked by the save (``NSManagedObject/validateForDelete()``).
    private func applyDeleteRules(of object: NSManagedObject) {
        for relationship in object.entity.relationships {
            let related: [NSManagedObject] =
                relationship.isToMany
                ? object.toManyObjects(relationship.name)
                : (object.values[relationship.name] as? NSManagedObject).map { [$0] } ?? []
            switch relationship.deleteRule {
            case .cascadeDeleteRule:
                for target in related where !target.isDeletedInContext {
                    delete(target)
                }
                fallthrough
            case .nullifyDeleteRule:
                guard relationship.inverseRelationship != nil else { continue }
                _ = object.assign(
                    relationship.isToMany ? [] : nil, forKey: relationship.name, maintainingInverses: true)
            case .denyDeleteRule, .noActionDeleteRule:
                continue
            }
        }
    }

    // MARK: What the context holds

    /// Every object the context holds. Mirrors `registeredObjects`.
    open var registeredObjects: Set<NSManagedObject> { Set(registered.values) }

    /// Objects inserted and not saved. Mirrors `insertedObjects`.
    open var insertedObjects: Set<NSManagedObject> {
        Set(registered.values.filter { $0.isInserted && !$0.isDeletedInContext })
    }

    /// Saved objects with unsaved changes. Mirrors `updatedObjects`.
    open var updatedObjects: Set<NSManagedObject> { Set(registered.values.filter(\.isUpdated)) }

    /// Objects deleted and not saved. Mirrors `deletedObjects`.
    open var deletedObjects: Set<NSManagedObject> {
        Set(registered.values.filter { $0.isDeleted && !$0.isInsertedInContext })
    }

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

    /// Forgets every object.
    func unregisterAll() {
        for object in registered.values { object.context = nil }
        registered = [:]
        registrationOrder = []
        pendingDeletions = []
        eventInserted = [:]
        eventUpdated = [:]
        eventDeleted = [:]
    }

    /// `object` changed a property.
    func objectDidChange(_ object: NSManagedObject) {
        if !object.isInsertedInContext && !object.isDeletedInContext { eventUpdated[ObjectIdentifier(object)] = object }
    }

    // MARK: Children

    func registerChild(_ child: NSManagedObjectContext) {
        childLock.lock()
        defer { childLock.unlock() }
        children.removeAll { $0.object == nil }
        children.append(WeakReference(object: child))
    }

    /// The child contexts that are still alive.
    var childContexts: [NSManagedObjectContext] {
        childLock.lock()
        defer { childLock.unlock() }
        return children.compactMap(\.object)
    }
}

/// A value handed to a queue that runs it where its owner says it may run (a context's own queue).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
