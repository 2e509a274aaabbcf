import Foundation

/// A model, a coordinator, its store and a main context, set up together. Mirrors Core Data's
/// `NSPersistentContainer`.
///
/// ```swift
/// let container = NSPersistentContainer(name: "Cart")   // finds Cart.xcdatamodeld among the resources
/// container.loadPersistentStores { description, error in
///     if let error { print("Cannot open \(description.url?.path ?? "the store"): \(error)") }
/// }
/// let cart = Cart(context: container.viewContext)
/// try container.viewContext.save()
/// ```
open class NSPersistentContainer: NSObject, @unchecked Sendable {
    /// The container's name: the model's, and the store file's (`<name>.sqlite`). Mirrors `name`.
    public let name: String
    /// The model. Mirrors `managedObjectModel`.
    public let managedObjectModel: NSManagedObjectModel
    /// The coordinator. Mirrors `persistentStoreCoordinator`.
    public let persistentStoreCoordinator: NSPersistentStoreCoordinator
    /// The stores `loadPersistentStores` opens: by default one SQLite file, `<defaultDirectoryURL>/<name>.sqlite`.
    /// Mirrors `persistentStoreDescriptions`.
    open var persistentStoreDescriptions: [NSPersistentStoreDescription]

    /// Why the model could not be found or read (`init(name:)`), handed to `loadPersistentStores`' handler.
    private let modelError: CoreDataError?

    /// The context for the app's main work (main-queue type). Mirrors `viewContext`.
    public private(set) lazy var viewContext: NSManagedObjectContext = {
        let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        context.name = "viewContext"
        return context
    }()

    /// A container for the model named `name`: the `.xcdatamodeld` (or `.xcdatamodel`) of that name among the
    /// app's resources (see ``NSManagedObjectModel/modelURL(named:in:)``). Mirrors `init(name:)`.
    ///
    /// **Differs:** where Core Data logs and goes on with an empty model when there is none, the model's absence
    /// or the problem reading it (file, line and reason) is also handed to `loadPersistentStores`' handler.
    public convenience init(name: String) {
        guard let url = NSManagedObjectModel.modelURL(named: name) else {
            self.init(
                name: name, model: NSManagedObjectModel(),
                modelError: .persistentStoreOpenFailed(
                    url: nil,
                    reason:
                        "no model named \(name) (\(name).xcdatamodeld) among the app's resources; ship it with resources: [.copy(\"\(name).xcdatamodeld\")]"
                )
            )
            return
        }
        do {
            self.init(name: name, model: try NSManagedObjectModel.load(contentsOf: url), modelError: nil)
        } catch let error as CoreDataError {
            self.init(name: name, model: NSManagedObjectModel(), modelError: error)
        } catch {
            self.init(
                name: name, model: NSManagedObjectModel(),
                modelError: .persistentStoreOpenFailed(url: url, reason: "\(error)"))
        }
    }

    /// A container for `model`. Mirrors `init(name:managedObjectModel:)`.
    public convenience init(name: String, managedObjectModel model: NSManagedObjectModel) {
        self.init(name: name, model: model, modelError: nil)
    }

    private init(name: String, model: NSManagedObjectModel, modelError: CoreDataError?) {
        self.name = name
        self.managedObjectModel = model
        self.modelError = modelError
        self.persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        let url = Self.defaultDirectoryURL().appendingPathComponent("\(name).sqlite")
        self.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
        super.init()
    }

    /// The folder stores go in by default. Mirrors `defaultDirectoryURL()`: on Apple platforms the app's
    /// Application Support folder; **on Linux `$XDG_DATA_HOME`, else `~/.local/share`** (what Foundation gives for
    /// `.applicationSupportDirectory`). Override it in a subclass to move the stores.
    open class func defaultDirectoryURL() -> URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share", isDirectory: true)
    }

    /// Opens (creating or migrating) every described store, calling `block` once per description with nil or
    /// the error: a model that could not be read, a file that is not a database or cannot be created, a schema
    /// change that cannot be migrated (the file is left as it was). Runs before it returns. Mirrors
    /// `loadPersistentStores(completionHandler:)`.
    open func loadPersistentStores(completionHandler block: @escaping (NSPersistentStoreDescription, Error?) -> Void) {
        for description in persistentStoreDescriptions {
            if let modelError {
                block(description, modelError)
                continue
            }
            persistentStoreCoordinator.addPersistentStore(with: description, completionHandler: block)
        }
    }

    /// A new private-queue context on the coordinator. Mirrors `newBackgroundContext()`.
    open func newBackgroundContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }

    /// Runs `block` on a new background context's queue. Mirrors `performBackgroundTask(_:)`.
    open func performBackgroundTask(_ block: @escaping (NSManagedObjectContext) -> Void) {
        let context = newBackgroundContext()
        context.perform { block(context) }
    }

    /// Runs `block` on a new background context's queue and returns its result. Mirrors the async
    /// `performBackgroundTask(_:)` (whose `rethrows` is these two overloads: this one, and one for a block that
    /// throws).
    public func performBackgroundTask<T>(_ block: @escaping (NSManagedObjectContext) -> T) async -> T {
        let context = newBackgroundContext()
        return await context.perform { block(context) }
    }

    /// Runs `block` on a new background context's queue and returns its result or throws its error. Mirrors the
    /// async `performBackgroundTask(_:)`.
    public func performBackgroundTask<T>(_ block: @escaping (NSManagedObjectContext) throws -> T) async throws -> T {
        let context = newBackgroundContext()
        return try await context.perform { try block(context) }
    }
}
