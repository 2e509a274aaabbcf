import Foundation
import SQLStore

/// The results of a fetch request, in sections, kept current as the objects change. Mirrors Core Data's
/// `NSFetchedResultsController<ResultType>`.
///
/// ```swift
/// let request: NSFetchRequest<Product> = Product.fetchRequest()
/// request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
/// let controller = NSFetchedResultsController(fetchRequest: request, managedObjectContext: context,
///                                             sectionNameKeyPath: nil, cacheName: nil)
/// controller.delegate = self
/// try controller.performFetch()
/// ```
///
/// **When the results are brought up to date** (only while a ``delegate`` is set, as in Core Data — without one the
/// results stay as ``performFetch()`` left them):
/// - after every change of its context's objects (`NSManagedObjectContextObjectsDidChange`: the end of an event,
///   a `perform` block, a fetch, a save) and after each save of the context;
/// - after a save of another context of the same coordinator in this process (`NSManagedObjectContextDidSave`):
///   the controller merges that save into its context (`mergeChanges(fromContextDidSave:)`) on the context's
///   queue, then fetches again;
/// - after a commit by another process (or a batch request): the store's `PRAGMA data_version` is looked at every
///   ``storeCheckInterval`` seconds (file stores only; 0.5 by default) and on each call of ``checkForStoreChanges()``;
///   when it changed, the controller's objects are read again and the request fetched again, on the context's queue.
///
/// Each refresh fetches the request again (in SQL where it can) and compares the new results with the old: the
/// delegate hears exactly the sections inserted and deleted and the objects deleted, inserted, moved and updated
/// (see ``NSFetchedResultsControllerDelegate``), and nothing when nothing changed.
///
/// **Differs:** `ResultType` is a managed-object class or ``NSFetchRequestResult`` itself (one initializer each, so
/// that `NSFetchedResultsController<NSFetchRequestResult>` compiles and ``object(at:)`` always has an object to
/// return); `cacheName` is accepted and unused (there is no section cache on disk; ``deleteCache(withName:)`` does
/// nothing); the checks for other processes' commits, ``storeCheckInterval`` and ``checkForStoreChanges()`` are
/// additions; sections are made in the order of the fetched objects, one per distinct section name in order of
/// first appearance (sort by the section key path first, as Core Data requires); the snapshot and difference
/// delegate methods (`controller(_:didChangeContentWith:)`) are not there (Linux has no diffable data sources).
open class NSFetchedResultsController<ResultType>: NSObject, @unchecked Sendable {
    let core: FetchedResultsCore

    /// The request whose results these are. Mirrors `fetchRequest`.
    public let fetchRequest: NSFetchRequest<ResultType>

    /// Makes an object of `entity` with no values, in no context, typed as a result: what ``object(at:)`` returns
    /// for an index path outside the results. Set by each initializer, whose constraint guarantees it exists.
    let placeholder: (NSEntityDescription) -> ResultType

    init(
        fetchRequest: NSFetchRequest<ResultType>, context: NSManagedObjectContext, sectionNameKeyPath: String?,
        cacheName name: String?, placeholder: @escaping (NSEntityDescription) -> ResultType
    ) {
        self.fetchRequest = fetchRequest
        self.placeholder = placeholder
        let request = fetchRequest
        core = FetchedResultsCore(
            context: context, sectionNameKeyPath: sectionNameKeyPath, cacheName: name,
            fetch: { try context.fetchObjects(try context.fetchPlan(request)) }
        )
        super.init()
    }

    /// A second face of `core`, typed for the delegate.
    init(
        core: FetchedResultsCore, request: NSFetchRequest<ResultType>,
        placeholder: @escaping (NSEntityDescription) -> ResultType
    ) {
        self.core = core
        self.fetchRequest = request
        self.placeholder = placeholder
        super.init()
    }

    /// The face typed for the delegate, when this controller is not of that type itself.
    private var delegateFace: NSFetchedResultsController<NSFetchRequestResult>?

    /// The context the request runs in. Mirrors `managedObjectContext`.
    open var managedObjectContext: NSManagedObjectContext { core.context }

    /// The key path whose values name the sections (nil: one section named ""). Mirrors `sectionNameKeyPath`.
    open var sectionNameKeyPath: String? { core.sectionNameKeyPath }

    /// The name given at creation (unused). Mirrors `cacheName`.
    open var cacheName: String? { core.cacheName }

    /// Told of every change of the results; while nil, the results are not kept current. Held weakly. Mirrors
    /// `delegate`.
    open var delegate: NSFetchedResultsControllerDelegate? {
        get { core.delegate }
        set {
            if core.erased == nil {
                if let itself = self as? NSFetchedResultsController<NSFetchRequestResult> {
                    core.erased = itself
                } else {
                    let face = NSFetchedResultsController<NSFetchRequestResult>(
                        core: core,
                        request: NSFetchRequest<NSFetchRequestResult>(entityName: fetchRequest.entityName ?? ""),
                        placeholder: NSFetchedResultsController<NSFetchRequestResult>.managedPlaceholder
                    )
                    face.fetchRequest.predicate = fetchRequest.predicate
                    face.fetchRequest.sortDescriptors = fetchRequest.sortDescriptors
                    delegateFace = face
                    core.erased = face
                }
            }
            core.delegate = newValue
        }
    }

    /// How often, in seconds, the store is checked for other processes' commits while a delegate is set (0 or less:
    /// never; only ``checkForStoreChanges()``). 0.5 by default. Not in Core Data.
    open var storeCheckInterval: TimeInterval {
        get { core.storeCheckInterval }
        set { core.storeCheckInterval = newValue }
    }

    /// Fetches the request and makes the sections; from now on (with a delegate) the results are kept current.
    /// Mirrors `performFetch()`.
    /// - Throws: what ``NSManagedObjectContext/fetch(_:)`` throws (``CoreDataError``); the results are then nil.
    open func performFetch() throws {
        try core.performFetch()
    }

    /// Looks at the store's data version now and, when another process (or a batch request) committed since the
    /// last look, reads the objects again and fetches again — on the context's queue, before it returns; the
    /// delegate hears the changes. Not in Core Data (which has no cross-process updates); the timer of
    /// ``storeCheckInterval`` calls the same check.
    open func checkForStoreChanges() {
        core.context.performAndWait { core.checkStore() }
    }

    /// The fetched objects, in order; nil before ``performFetch()``. Mirrors `fetchedObjects`.
    open var fetchedObjects: [ResultType]? {
        core.sections.map { sections in sections.flatMap(\.managedObjects).compactMap { $0 as? ResultType } }
    }

    /// The sections; nil before ``performFetch()``. Mirrors `sections`.
    open var sections: [NSFetchedResultsSectionInfo]? { core.sections }

    /// The object at `indexPath` (section, row). Mirrors `object(at:)`. **Differs:** for an index path outside
    /// the results (or before ``performFetch()``) Core Data raises; here the problem is written to standard error
    /// and an object of the request's entity with only its default values, in no context, is returned (as
    /// ``NSManagedObjectContext/object(with:)`` does for a missing row): ``indexPath(forObject:)`` of it is nil. It
    /// never traps: the initializers only accept result types such an object is (a managed-object class, or
    /// ``NSFetchRequestResult``).
    open func object(at indexPath: IndexPath) -> ResultType {
        if let object = core.object(at: indexPath) as? ResultType { return object }
        reportToStandardError(
            "OpenCoreData: NSFetchedResultsController.object(at:): no object at \(indexPath) (objects per section: \(core.sections?.map(\.numberOfObjects) ?? [])); returning an empty object in no context"
        )
        let entity =
            fetchRequest.entity
            ?? fetchRequest.entityName.flatMap {
                core.context.persistentStoreCoordinator?.managedObjectModel.entitiesByName[$0]
            }
            ?? NSEntityDescription()
        return placeholder(entity)
    }

    /// Where `object` is in the results (section, row), or nil. Mirrors `indexPath(forObject:)`.
    open func indexPath(forObject object: ResultType) -> IndexPath? {
        guard let managed = object as? NSManagedObject else { return nil }
        return core.indexPath(for: managed)
    }

    /// The title of a section named `sectionName` in an index: the delegate's
    /// `controller(_:sectionIndexTitleForSectionName:)`, else the name's first letter, capitalised. Mirrors
    /// `sectionIndexTitle(forSectionName:)`.
    open func sectionIndexTitle(forSectionName sectionName: String) -> String? {
        core.indexTitle(forSectionName: sectionName)
    }

    /// The index titles of the sections, each once, in order. Mirrors `sectionIndexTitles`.
    open var sectionIndexTitles: [String] { core.sectionIndexTitles }

    /// The section of the index title `title` at `sectionIndex` in ``sectionIndexTitles``: the first section with
    /// that title (0 when none). Mirrors `section(forSectionIndexTitle:at:)`.
    open func section(forSectionIndexTitle title: String, at sectionIndex: Int) -> Int {
        core.sections?.firstIndex { $0.indexTitle == title } ?? 0
    }

    /// Does nothing (there is no cache). Mirrors `deleteCache(withName:)`.
    open class func deleteCache(withName name: String?) {}

    /// Whether `other` is this controller or its face typed for the delegate (see
    /// ``NSFetchedResultsControllerDelegate``). Not in Core Data.
    public func isSameController<Other>(as other: NSFetchedResultsController<Other>) -> Bool {
        core === other.core
    }
}

/// The state of a fetched results controller, shared by its typed faces.
final class FetchedResultsCore: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: `sections`, `snapshots` and `delegate` are used on the context's queue
    // (or the thread the context is used from); the timer only reads the store's data version and hops there.
    let context: NSManagedObjectContext
    let sectionNameKeyPath: String?
    let cacheName: String?
    private let fetch: () throws -> [NSManagedObject]

    weak var erased: NSFetchedResultsController<NSFetchRequestResult>?
    weak var delegate: NSFetchedResultsControllerDelegate? {
        didSet { updateObservation() }
    }
    var storeCheckInterval: TimeInterval = 0.5 {
        didSet { updateObservation() }
    }

    private(set) var sections: [FetchedResultsSection]?
    /// Each fetched object's values when the results were last made, to tell updates.
    private var snapshots: [ObjectIdentifier: [String: Any]] = [:]
    private var observers: [any NSObjectProtocol] = []
    private var timer: DispatchSourceTimer?
    private let lastDataVersion = Locked<Int64?>(nil)
    private var isRefreshing = false

    init(
        context: NSManagedObjectContext, sectionNameKeyPath: String?, cacheName: String?,
        fetch: @escaping () throws -> [NSManagedObject]
    ) {
        self.context = context
        self.sectionNameKeyPath = sectionNameKeyPath
        self.cacheName = cacheName
        self.fetch = fetch
    }

    deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        timer?.cancel()
    }

    private var store: NSPersistentStore? { context.persistentStoreCoordinator?.persistentStores.first }

    func performFetch() throws {
        lastDataVersion.withLock { $0 = store?.engine.dataVersion() }
        do {
            let objects = try fetch()
            sections = makeSections(objects)
            snapshots = Self.snapshots(of: objects)
        } catch {
            sections = nil
            snapshots = [:]
            throw error
        }
        updateObservation()
    }

    // MARK: Reading the results

    func object(at indexPath: IndexPath) -> NSManagedObject? {
        guard indexPath.count == 2, let sections, sections.indices.contains(indexPath[0]) else { return nil }
        let objects = sections[indexPath[0]].managedObjects
        return objects.indices.contains(indexPath[1]) ? objects[indexPath[1]] : nil
    }

    func indexPath(for object: NSManagedObject) -> IndexPath? {
        guard let sections else { return nil }
        for (sectionIndex, section) in sections.enumerated() {
            if let row = section.managedObjects.firstIndex(where: { $0 === object }) {
                return IndexPath(indexes: [sectionIndex, row])
            }
        }
        return nil
    }

    func indexTitle(forSectionName name: String) -> String? {
        if let erased, let title = delegate?.controller(erased, sectionIndexTitleForSectionName: name) { return title }
        return name.first.map { String($0).uppercased() }
    }

    var sectionIndexTitles: [String] {
        var titles: [String] = []
        for section in sections ?? [] {
            if let title = section.indexTitle, !titles.contains(title) { titles.append(title) }
        }
        return titles
    }

    private func sectionName(of object: NSManagedObject) -> String {
        guard let sectionNameKeyPath else { return "" }
        switch object.value(forKeyPath: sectionNameKeyPath) {
        case nil, is NSNull: return ""
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        case let value?: return "\(value)"
        }
    }

    private func makeSections(_ objects: [NSManagedObject]) -> [FetchedResultsSection] {
        guard sectionNameKeyPath != nil else {
            return [FetchedResultsSection(name: "", indexTitle: nil, managedObjects: objects)]
        }
        var order: [String] = []
        var grouped: [String: [NSManagedObject]] = [:]
        for object in objects {
            let name = sectionName(of: object)
            if grouped[name] == nil { order.append(name) }
            grouped[name, default: []].append(object)
        }
        return order.map {
            FetchedResultsSection(
                name: $0, indexTitle: indexTitle(forSectionName: $0), managedObjects: grouped[$0] ?? [])
        }
    }

    private static func snapshots(of objects: [NSManagedObject]) -> [ObjectIdentifier: [String: Any]] {
        var result: [ObjectIdentifier: [String: Any]] = [:]
        for object in objects { result[ObjectIdentifier(object)] = object.values }
        return result
    }

    private static func hasChanged(_ object: NSManagedObject, since snapshot: [String: Any]?) -> Bool {
        guard let snapshot else { return false }
        for property in object.entity.properties {
            let now = object.values[property.name]
            let then = snapshot[property.name]
            if let relationship = property as? NSRelationshipDescription, relationship.isToMany {
                // No list and an empty list are the same relationship (a refresh reads one where there was none).
                let nowObjects = now as? [NSManagedObject] ?? []
                let thenObjects = then as? [NSManagedObject] ?? []
                if nowObjects.count != thenObjects.count || !zip(nowObjects, thenObjects).allSatisfy({ $0 === $1 }) {
                    return true
                }
            } else if !ManagedValue.isEqual(now, then) {
                return true
            }
        }
        return false
    }

    // MARK: Keeping current

    private func updateObservation() {
        let tracking = delegate != nil && sections != nil
        if !tracking {
            for observer in observers { NotificationCenter.default.removeObserver(observer) }
            observers = []
            timer?.cancel()
            timer = nil
            return
        }
        if observers.isEmpty {
            let center = NotificationCenter.default
            let context = self.context
            observers.append(
                center.addObserver(forName: .NSManagedObjectContextObjectsDidChange, object: context, queue: nil) {
                    [weak self] _ in
                    // Posted on the context's queue (the end of its event).
                    self?.refresh()
                })
            observers.append(
                center.addObserver(forName: .NSManagedObjectContextDidSave, object: nil, queue: nil) {
                    [weak self] notification in
                    guard let self, let saver = notification.object as? NSManagedObjectContext else { return }
                    if saver === self.context {
                        self.refresh()
                        return
                    }
                    guard saver.parent == nil, context.parent == nil,
                        let coordinator = context.persistentStoreCoordinator,
                        saver.persistentStoreCoordinator === coordinator
                    else { return }
                    let note = UncheckedSendable(notification)
                    context.perform { [weak self] in
                        context.mergeChanges(fromContextDidSave: note.value)
                        self?.refresh()
                    }
                })
        }
        timer?.cancel()
        timer = nil
        if storeCheckInterval > 0, store?.url != nil {
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
            let interval = DispatchTimeInterval.milliseconds(max(Int(storeCheckInterval * 1000), 1))
            timer.schedule(deadline: .now() + interval, repeating: interval)
            timer.setEventHandler { [weak self] in
                guard let self, self.storeChanged() else { return }
                self.context.perform { [weak self] in self?.checkStore() }
            }
            timer.resume()
            self.timer = timer
        }
    }

    /// Whether the store's data version differs from the last one seen (thread-safe).
    private func storeChanged() -> Bool {
        guard let version = store?.engine.dataVersion() else { return false }
        return lastDataVersion.withLock { $0 != version }
    }

    /// On the context's queue: when the store changed since the last look, reads the controller's objects again
    /// (keeping unsaved changes) and refreshes.
    func checkStore() {
        guard sections != nil, let version = store?.engine.dataVersion() else { return }
        let changed = lastDataVersion.withLock { last in
            defer { last = version }
            return last != version
        }
        guard changed else { return }
        for object in sections?.flatMap(\.managedObjects) ?? [] where object.context === context {
            context.refresh(object, mergeChanges: true)
        }
        refresh()
    }

    /// Fetches again and tells the delegate what changed.
    func refresh() {
        guard delegate != nil, let old = sections, !isRefreshing else { return }
        isRefreshing = true
        defer { isRefreshing = false }
        lastDataVersion.withLock { $0 = store?.engine.dataVersion() }
        let objects: [NSManagedObject]
        do {
            objects = try fetch()
        } catch {
            reportToStandardError("OpenCoreData: NSFetchedResultsController could not fetch again: \(error)")
            return
        }
        let new = makeSections(objects)
        let previous = snapshots
        let diff = FetchedResultsDiff(old: old, new: new) { Self.hasChanged($0, since: previous[ObjectIdentifier($0)]) }
        sections = new
        snapshots = Self.snapshots(of: objects)
        guard !diff.isEmpty, let delegate, let controller = erased else { return }
        delegate.controllerWillChangeContent(controller)
        for change in diff.sections {
            delegate.controller(controller, didChange: change.section, atSectionIndex: change.index, for: change.type)
        }
        for change in diff.objects {
            delegate.controller(
                controller, didChange: change.object, at: change.indexPath, for: change.type,
                newIndexPath: change.newIndexPath)
        }
        delegate.controllerDidChangeContent(controller)
    }
}

extension NSFetchedResultsController where ResultType: NSManagedObject {
    /// A controller of `fetchRequest`'s results in `context`, grouped by `sectionNameKeyPath` (nil: one section).
    /// Fetches nothing until ``performFetch()``. `name` (the cache's) is accepted and unused. Mirrors
    /// `init(fetchRequest:managedObjectContext:sectionNameKeyPath:cacheName:)`. **Differs:** `ResultType` is a
    /// managed-object class here, or ``NSFetchRequestResult`` (the other initializer); Core Data accepts any
    /// `NSFetchRequestResult` type at compile time and refuses dictionaries, IDs and counts when fetching.
    public convenience init(
        fetchRequest: NSFetchRequest<ResultType>, managedObjectContext context: NSManagedObjectContext,
        sectionNameKeyPath: String?, cacheName name: String?
    ) {
        self.init(
            fetchRequest: fetchRequest, context: context, sectionNameKeyPath: sectionNameKeyPath, cacheName: name,
            placeholder: { entity in ResultType(entity: entity, insertInto: nil) }
        )
    }
}

extension NSFetchedResultsController where ResultType == NSFetchRequestResult {
    /// A controller of `fetchRequest`'s results in `context`, typed as Core Data's
    /// `NSFetchedResultsController<NSFetchRequestResult>`; otherwise as the managed-object initializer. Mirrors
    /// `init(fetchRequest:managedObjectContext:sectionNameKeyPath:cacheName:)`.
    public convenience init(
        fetchRequest: NSFetchRequest<ResultType>, managedObjectContext context: NSManagedObjectContext,
        sectionNameKeyPath: String?, cacheName name: String?
    ) {
        self.init(
            fetchRequest: fetchRequest, context: context, sectionNameKeyPath: sectionNameKeyPath, cacheName: name,
            placeholder: Self.managedPlaceholder
        )
    }

    /// An object of `entity`'s class with no values, in no context.
    static func managedPlaceholder(_ entity: NSEntityDescription) -> NSFetchRequestResult {
        ManagedObjectClassRegistry.objectClass(for: entity).init(entity: entity, insertInto: nil)
    }
}
