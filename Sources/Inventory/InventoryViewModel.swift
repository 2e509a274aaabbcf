import Foundation
import OpenCoreData

/// The inventory and the tutorial's operations, over an OpenCoreData container: Add, Find by
/// `NSPredicate(format: "name CONTAINS %@", name)`, the list sorted by `NSSortDescriptor(key: "name", ascending:
/// true)`, and delete. Every change saves at once; a failed save is rolled back, so the store and the context stay
/// as they were. All work runs on the view context's queue (`performAndWait`), after refreshing its objects when
/// another server (process) committed to the store since it last looked (`StoreChangeObserver.outsideRevision`).
public final class InventoryViewModel: @unchecked Sendable {
    private let container: NSPersistentContainer
    private var context: NSManagedObjectContext { container.viewContext }
    /// Notices every change of the inventory (saves by any context on its store, commits by other processes).
    private let observer: StoreChangeObserver
    /// The observer's `outsideRevision` the view context's objects were last refreshed for (read and written on
    /// its queue only).
    private var refreshedOutsideRevision = 0

    /// The inventory in `<folder>/Inventory.sqlite`, through the shipped `Inventory.xcdatamodeld`.
    /// - Throws: ``InventoryError/store(_:)`` with the reason the model or the store could not be opened.
    public convenience init(folder: URL) throws(InventoryError) {
        try self.init(storeURL: folder.appendingPathComponent("Inventory.sqlite"))
    }

    /// The inventory in the store at `storeURL` — a SQLite file, or a `postgres://` URL for OpenCoreData's PostgreSQL
    /// store — through the shipped `Inventory.xcdatamodeld`.
    /// - Throws: ``InventoryError/store(_:)`` with the reason the model or the store could not be opened.
    public convenience init(storeURL: URL) throws(InventoryError) {
        try self.init(store: NSPersistentStoreDescription(url: storeURL))
    }

    /// The inventory in the store `description` describes: a SQLite file, or a PostgreSQL database with its schema
    /// (`PostgreSQLSchemaOption`; the showcase's `--database`).
    /// - Throws: ``InventoryError/store(_:)`` with the reason the model or the store could not be opened.
    public init(store description: NSPersistentStoreDescription) throws(InventoryError) {
        guard let modelURL = Bundle.module.url(forResource: "Inventory", withExtension: "xcdatamodeld") else {
            throw .store("Inventory.xcdatamodeld is missing from the Inventory module's resources")
        }
        let model: NSManagedObjectModel
        do {
            model = try NSManagedObjectModel.load(contentsOf: modelURL)
        } catch {
            throw .store("\(error)")
        }
        container = NSPersistentContainer(name: "Inventory", managedObjectModel: model)
        container.persistentStoreDescriptions = [description]
        var failure: Error?
        container.loadPersistentStores { _, error in failure = error }
        if let failure { throw .store("\(failure)") }
        observer = StoreChangeObserver(coordinator: container.persistentStoreCoordinator)
    }

    /// Grows with every change of the inventory (a save by any context on its store, a commit by another server),
    /// so the live pages can tell newer products from those they show.
    public var revision: Int { observer.revision }

    /// Yields after every change of the inventory from now on; changes that come faster than they are read arrive
    /// as one. The live pages' event stream reads it.
    public func changes() -> AsyncStream<Void> {
        observer.changes()
    }

    /// A new background context on the inventory's store; what it saves reaches ``changes()`` too.
    public func newContext() -> NSManagedObjectContext {
        container.newBackgroundContext()
    }

    /// The products, sorted by name (the tutorial's `NSSortDescriptor(key: "name", ascending: true)`), or — with
    /// `containing` — those whose name contains it (the tutorial's Find, `name CONTAINS %@`). One `SELECT`.
    public func products(containing text: String? = nil) throws(InventoryError) -> [ProductLine] {
        try run {
            let request: NSFetchRequest<Product> = Product.fetchRequest()
            if let text, !text.isEmpty { request.predicate = NSPredicate(format: "name CONTAINS %@", text) }
            request.sortDescriptors = [NSSortDescriptor(key: "name", ascending: true)]
            return try context.fetch(request).compactMap(line(of:))
        }
    }

    /// The product with `id`, or nil.
    public func product(id: ProductID) throws(InventoryError) -> ProductLine? {
        try run { try object(id).flatMap(line(of:)) }
    }

    /// Adds a product and saves.
    public func add(name: String, quantity: String) throws(InventoryError) -> ProductLine {
        try run {
            let product = Product(context: context)
            product.name = name
            product.quantity = quantity
            try save()
            guard let line = line(of: product) else {
                throw InventoryError.store("the saved product has no permanent ID")
            }
            return line
        }
    }

    /// Deletes the product with `id` and saves; nil when there was none — also when another server deleted it
    /// before this save (whose optimistic locking then finds the row gone: the product is read again, and is not
    /// there).
    @discardableResult
    public func delete(id: ProductID) throws(InventoryError) -> ProductLine? {
        try run {
            guard let product = try object(id), let line = line(of: product) else { return nil }
            context.delete(product)
            do {
                try save()
            } catch {
                // Refreshing an object whose row is gone takes it out of the context.
                context.refresh(product, mergeChanges: false)
                if product.managedObjectContext == nil { return nil }
                throw error
            }
            return line
        }
    }

    private func object(_ id: ProductID) throws -> Product? {
        guard let identifier = container.persistentStoreCoordinator.persistentStores.first?.identifier,
            let url = URL(string: "x-coredata://\(identifier)/Product/p\(id.key)"),
            let objectID = container.persistentStoreCoordinator.managedObjectID(forURIRepresentation: url)
        else { return nil }
        do {
            let object = try context.existingObject(with: objectID) as? Product
            return object?.isDeleted == true ? nil : object
        } catch CoreDataError.objectNotFound {
            return nil
        }
    }

    private func line(of product: Product) -> ProductLine? {
        ProductID(product.objectID).map {
            ProductLine(id: $0.token, name: product.name ?? "", quantity: product.quantity ?? "")
        }
    }

    private func save() throws {
        do {
            try context.save()
        } catch {
            context.rollback()
            throw error
        }
    }

    /// `body` on the view context's queue, its errors as ``InventoryError``; first the context's objects are
    /// refreshed if another server committed since they last were (rows it deleted leave the context).
    private func run<T>(_ body: () throws -> T) throws(InventoryError) -> T {
        do {
            return try context.performAndWait {
                observer.refreshIfCommittedElsewhere(context, since: &refreshedOutsideRevision)
                return try body()
            }
        } catch let error as InventoryError {
            throw error
        } catch {
            throw .store("\(error)")
        }
    }
}
