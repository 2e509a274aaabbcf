import Foundation
import PostgreSQLStore
import SQLStore

/// Joins a model to its store. Mirrors Core Data's `NSPersistentStoreCoordinator`.
///
/// **Differs:** a coordinator holds one store at a time (Core Data's can spread configurations over several):
/// adding a second store throws. Contexts whose parent is the coordinator fetch from and save to that store.
open class NSPersistentStoreCoordinator: NSObject, @unchecked Sendable {
    /// The model of the coordinator's stores. Mirrors `managedObjectModel`.
    public let managedObjectModel: NSManagedObjectModel

    private let state = Locked<[NSPersistentStore]>([])
    /// The contexts working on this coordinator (weakly), for merging saves into those that ask for it.
    private let contexts = Locked<[WeakReference<NSManagedObjectContext>]>([])

    /// Mirrors `init(managedObjectModel:)`.
    public init(managedObjectModel model: NSManagedObjectModel) {
        self.managedObjectModel = model
        super.init()
    }

    /// The stores added. Mirrors `persistentStores`.
    open var persistentStores: [NSPersistentStore] { state.withLock { $0 } }

    /// The store at `url`. Mirrors `persistentStore(for:)`.
    open func persistentStore(for url: URL) -> NSPersistentStore? {
        persistentStores.first { $0.url?.standardizedFileURL == url.redactingPassword.standardizedFileURL }
    }

    /// Opens (creating or migrating) a store and adds it. `storeType` is ``NSSQLiteStoreType`` (a file at
    /// `storeURL`) or ``NSInMemoryStoreType`` (or any type with the URL `/dev/null`); a `postgres://` URL (any type,
    /// or ``PostgreSQLStoreType``) opens a PostgreSQL store, with the ``PostgreSQLSchemaOption``,
    /// ``PostgreSQLPoolSizeOption``, ``PostgreSQLSSLModeOption`` and ``PostgreSQLStatementTimeoutOption`` of
    /// `options`. Mirrors `addPersistentStore(ofType:configurationName:at:options:)`.
    /// - Throws: ``CoreDataError/persistentStoreOpenFailed(url:reason:)``, ``CoreDataError/migrationFailed(url:reason:)``
    ///   (the file left as it was), or the same with the reason "the coordinator already has a store".
    @discardableResult
    open func addPersistentStore(
        ofType storeType: String, configurationName configuration: String?, at storeURL: URL?,
        options: [AnyHashable: Any]? = nil
    ) throws -> NSPersistentStore {
        if !persistentStores.isEmpty {
            throw CoreDataError.persistentStoreOpenFailed(
                url: storeURL, reason: "the coordinator already has a store (OpenCoreData's coordinators hold one)")
        }
        let migrates = (options?[NSMigratePersistentStoresAutomaticallyOption] as? Bool) ?? true
        let engine = try NSPersistentStore.openEngine(
            model: managedObjectModel, type: storeType, url: storeURL, migrates: migrates,
            readOnly: (options?[NSReadOnlyPersistentStoreOption] as? Bool) ?? false, options: options
        )
        let postgreSQL = NSPersistentStore.isPostgreSQL(type: storeType, url: storeURL)
        let store = NSPersistentStore(
            engine: engine, type: postgreSQL ? PostgreSQLStoreType : storeType,
            url: postgreSQL ? storeURL?.redactingPassword : storeURL, configurationName: configuration,
            options: options, coordinator: self
        )
        state.withLock { $0.append(store) }
        return store
    }

    /// The store described by `storeDescription`, added; every failure goes to `block`. Runs at once (also when
    /// the description asks to add it asynchronously). Mirrors `addPersistentStore(with:completionHandler:)`.
    open func addPersistentStore(
        with storeDescription: NSPersistentStoreDescription,
        completionHandler block: @escaping (NSPersistentStoreDescription, Error?) -> Void
    ) {
        do {
            try addPersistentStore(
                ofType: storeDescription.type, configurationName: storeDescription.configuration,
                at: storeDescription.url,
                options: storeDescription.storeOptions
            )
            block(storeDescription, nil)
        } catch {
            block(storeDescription, error)
        }
    }

    /// Removes `store` and closes its connections. Mirrors `remove(_:)`.
    open func remove(_ store: NSPersistentStore) throws {
        state.withLock { stores in stores.removeAll { $0 === store } }
        store.close()
    }

    /// Deletes the store file at `url` (and its `-wal` and `-shm` files), removing the store first when it is
    /// this coordinator's. Mirrors `destroyPersistentStore(at:ofType:options:)`.
    ///
    /// **Differs:** for a PostgreSQL store (a `postgres://` URL) it only removes the store: the tables on the
    /// server stay.
    open func destroyPersistentStore(at url: URL, ofType storeType: String, options: [AnyHashable: Any]? = nil) throws {
        if let store = persistentStore(for: url) { try remove(store) }
        guard !NSPersistentStore.isInMemory(type: storeType, url: url) else { return }
        // A database server's tables are not files here: they stay (erase them with a batch delete).
        guard !NSPersistentStore.isPostgreSQL(type: storeType, url: url) else { return }
        for suffix in ["", "-wal", "-shm"] {
            let file = URL(fileURLWithPath: url.path + suffix)
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
        }
    }

    /// The one store, or ``CoreDataError/noPersistentStore``.
    func requireStore() throws -> NSPersistentStore {
        guard let store = persistentStores.first else { throw CoreDataError.noPersistentStore }
        return store
    }

    // MARK: Contexts that merge each other's saves

    func register(_ context: NSManagedObjectContext) {
        contexts.withLock { list in
            list.removeAll { $0.object == nil }
            list.append(WeakReference(object: context))
        }
    }

    /// Hands a save of `context` to the other root contexts that merge changes automatically.
    func contextDidSave(_ context: NSManagedObjectContext, notification: Notification) {
        let others = contexts.withLock { list in list.compactMap(\.object) }.filter {
            $0 !== context && $0.parent == nil
        }
        for other in others where other.automaticallyMergesChangesFromParent {
            other.perform { other.mergeChanges(fromContextDidSave: notification) }
        }
    }
}
