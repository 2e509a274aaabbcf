import Foundation
import OpenCoreData

/// The tutorial's Core Data cart (its `CoreCart` tab), over an OpenCoreData container: entity `Cart` (`id: Int64`,
/// `title: String?`, `price: Double`) in `Cart.sqlite`, through the shipped `Cart.xcdatamodeld`.
///
/// Names follow the SwiftData cart's view model (``CartViewModel``): `addCart`, `checkDuplicate`, `deleteCart`,
/// `deleteAllCart`. The model's `id` is unique (a uniqueness constraint, added to stores written before it by the
/// lightweight migration), so an add is one `INSERT` and the constraint answers a duplicate. Every change saves at once; a failed save is rolled back, so
/// the store and the context stay as they were. "Empty" is the tutorial's `NSBatchDeleteRequest`, which runs in the
/// store without telling any context — so its deleted IDs go to `mergeChanges(fromRemoteContextSave:into:)` for the
/// view context and every context made by ``newContext()``, and each shows the cart empty (the tutorial's list did
/// not). Reads run on the view context's queue (`performAndWait`), after refreshing its objects when another server
/// committed to the store since it last looked; each add and delete on a new background context.
public final class CoreCartViewModel: @unchecked Sendable {
    /// The cart's container: `NSPersistentContainer(name: "Cart")` with the model from this module's resources.
    public let container: NSPersistentContainer
    private var context: NSManagedObjectContext { container.viewContext }
    /// The contexts ``newContext()`` made, told about batch deletes; weak, so a context nobody uses goes away.
    private let otherContexts = Locked<[WeakContext]>([])
    /// Notices every change of the cart (saves by any context on its store, ``deleteAllCart()``, and commits by
    /// other processes — another server on the same store).
    private let observer: StoreChangeObserver
    /// The observer's `outsideRevision` the view context's objects were last refreshed for (read and written on
    /// its queue only).
    private var refreshedOutsideRevision = 0

    /// The cart in the SQLite file at `storeURL` (the showcase's `<data-dir>/Cart.sqlite`); `/dev/null` keeps it in
    /// memory, as in Core Data; a `postgres://` URL opens it in OpenCoreData's PostgreSQL store.
    /// - Throws: ``CoreCartError`` with the reason the model or the store could not be opened.
    public convenience init(storeURL: URL) throws(CoreCartError) {
        try self.init(store: NSPersistentStoreDescription(url: storeURL))
    }

    /// The cart in the store `description` describes: a SQLite file, or a PostgreSQL database with its schema
    /// (`PostgreSQLSchemaOption`; the showcase's `--database`).
    /// - Throws: ``CoreCartError`` with the reason the model or the store could not be opened.
    public init(store description: NSPersistentStoreDescription) throws(CoreCartError) {
        guard let modelURL = Bundle.module.url(forResource: "Cart", withExtension: "xcdatamodeld") else {
            throw CoreCartError("Cart.xcdatamodeld is missing from the Shop module's resources")
        }
        let model: NSManagedObjectModel
        do {
            model = try NSManagedObjectModel.load(contentsOf: modelURL)
        } catch {
            throw CoreCartError("\(error)")
        }
        container = NSPersistentContainer(name: "Cart", managedObjectModel: model)
        container.persistentStoreDescriptions = [description]
        var failure: Error?
        container.loadPersistentStores { _, error in failure = error }
        if let failure { throw CoreCartError("\(failure)") }
        observer = StoreChangeObserver(coordinator: container.persistentStoreCoordinator)
    }

    /// Grows with every change of the cart — a save by any context on its store, ``deleteAllCart()``, or another
    /// server's commit (``StoreChangeObserver``) — so derived values (the live pages' cart version, the API's
    /// cached body) can tell a newer cart from one they show.
    public var revision: Int { observer.revision }

    /// Yields after every change of the cart from now on (saves in any context on its store, batch deletes,
    /// other servers' commits);
    /// changes that come faster than they are read arrive as one. The live pages' event stream reads it.
    public func changes() -> AsyncStream<Void> {
        observer.changes()
    }

    /// A new background context on the cart's store that ``deleteAllCart()`` keeps current too.
    public func newContext() -> NSManagedObjectContext {
        let made = container.newBackgroundContext()
        otherContexts.withLock { contexts in
            contexts.removeAll { $0.context == nil }
            contexts.append(WeakContext(context: made))
        }
        return made
    }

    /// The cart's rows in the order added (by row key). One `SELECT`.
    public func lines() throws(CoreCartError) -> [CartLine] {
        try run { try fetchAll().map(line(of:)) }
    }

    /// The number of rows. One `SELECT COUNT(*)`.
    public func count() throws(CoreCartError) -> Int {
        try run {
            let request: NSFetchRequest<Cart> = Cart.fetchRequest()
            return try context.count(for: request)
        }
    }

    /// Whether the product is in the cart (`id == %lld`, counted in the store).
    public func checkDuplicate(productID: Int) throws(CoreCartError) -> Bool {
        try run { try existing(productID, in: context) != nil }
    }

    /// Adds `product` as `Cart(context:)` and saves, unless a row with its ID is there already (nothing changes):
    /// one `INSERT`; the stored row is read only when the uniqueness constraint on `id` refuses it
    /// (`NSManagedObjectConstraintMergeError`).
    public func addCart(_ product: Product) throws(CoreCartError) -> CartViewModel.AddResult {
        try write { context in
            let cart = Cart(context: context)
            cart.id = Int64(product.id)
            cart.title = product.title
            cart.price = product.price
            do {
                try save(context)
            } catch {
                // (A `catch let error as NSError` pattern does not match a Swift error on Linux.)
                guard (error as NSError).code == NSManagedObjectConstraintMergeError,
                    let stored = try existing(product.id, in: context)
                else { throw error }
                return .alreadyInCart(line(of: stored))
            }
            return .added(line(of: cart))
        }
    }

    /// Deletes the product's row and saves; the removed line, or nil when the product was not in the cart — also
    /// when another server deleted the row between this delete's read and its save (the save's optimistic-locking
    /// conflict, after which the row is found gone).
    @discardableResult
    public func deleteCart(productID: Int) throws(CoreCartError) -> CartLine? {
        try write { context in
            guard let cart = try existing(productID, in: context) else { return nil }
            let removed = line(of: cart)
            context.delete(cart)
            do {
                try save(context)
            } catch {
                // Refreshing an object whose row is gone takes it out of the context.
                context.refresh(cart, mergeChanges: false)
                if cart.managedObjectContext == nil { return nil }
                throw error
            }
            return removed
        }
    }

    /// Empties the cart with `NSBatchDeleteRequest` (one `DELETE` in the store), then merges the deleted IDs into
    /// every context with `mergeChanges(fromRemoteContextSave:into:)`. Returns how many rows there were (0: already
    /// empty).
    @discardableResult
    public func deleteAllCart() throws(CoreCartError) -> Int {
        let deleted: [NSManagedObjectID] = try run {
            let request = NSBatchDeleteRequest(fetchRequest: NSFetchRequest<NSFetchRequestResult>(entityName: "Cart"))
            request.resultType = .resultTypeObjectIDs
            let result = try context.execute(request) as? NSBatchDeleteResult
            return result?.result as? [NSManagedObjectID] ?? []
        }
        let contexts = [context] + otherContexts.withLock { $0.compactMap(\.context) }
        NSManagedObjectContext.mergeChanges(fromRemoteContextSave: [NSDeletedObjectsKey: deleted], into: contexts)
        // A batch delete posts no DidSave: tell the live pages here, once every context shows it.
        if !deleted.isEmpty { observer.publish() }
        return deleted.count
    }

    private func fetchAll() throws -> [Cart] {
        let request: NSFetchRequest<Cart> = Cart.fetchRequest()
        return try context.fetch(request).sorted { Self.rowKey($0) < Self.rowKey($1) }
    }

    private func existing(_ productID: Int, in context: NSManagedObjectContext) throws -> Cart? {
        let request: NSFetchRequest<Cart> = Cart.fetchRequest()
        request.predicate = NSPredicate(format: "id == %lld", Int64(productID))
        request.fetchLimit = 1
        return try context.fetch(request).first
    }

    private func line(of cart: Cart) -> CartLine {
        CartLine(productID: Int(cart.id), title: cart.title ?? "", price: cart.price)
    }

    /// The row's primary key from the object ID's URI (`…/Cart/p7`); unsaved rows sort last.
    private static func rowKey(_ cart: Cart) -> Int64 {
        let last = cart.objectID.uriRepresentation().lastPathComponent
        return last.hasPrefix("p") ? Int64(last.dropFirst()) ?? .max : .max
    }

    private func save(_ context: NSManagedObjectContext) throws {
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }

    /// `body` with a new background context, on its queue, its errors as ``CoreCartError``: each add and delete saves
    /// a context that holds only its own row, not every row the view context has read (a save looks at each object
    /// its context holds). The view context reads the rows again from the store, and the cart's revision counts the
    /// save.
    private func write<T>(_ body: (NSManagedObjectContext) throws -> T) throws(CoreCartError) -> T {
        let context = container.newBackgroundContext()
        do {
            return try context.performAndWait { try body(context) }
        } catch let error as CoreCartError {
            throw error
        } catch {
            throw CoreCartError("\(error)")
        }
    }

    /// `body` on the view context's queue, its errors as ``CoreCartError``; first the context's objects are
    /// refreshed if another server committed since they last were (rows it deleted leave the context).
    private func run<T>(_ body: () throws -> T) throws(CoreCartError) -> T {
        do {
            return try context.performAndWait {
                observer.refreshIfCommittedElsewhere(context, since: &refreshedOutsideRevision)
                return try body()
            }
        } catch let error as CoreCartError {
            throw error
        } catch {
            throw CoreCartError("\(error)")
        }
    }
}

private struct WeakContext {
    weak var context: NSManagedObjectContext?
}

/// A value behind a lock, for the list of contexts (requests arrive on several threads).
private final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
