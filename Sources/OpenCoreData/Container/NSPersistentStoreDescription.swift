import Foundation

/// How a container opens one store: its type, file, configuration and options. Mirrors Core Data's
/// `NSPersistentStoreDescription`.
open class NSPersistentStoreDescription: NSObject, @unchecked Sendable {
    /// ``NSSQLiteStoreType`` (the default) or ``NSInMemoryStoreType``. Mirrors `type`.
    open var type: String = NSSQLiteStoreType
    /// The store's file; `URL(fileURLWithPath: "/dev/null")` keeps it in memory, as in Core Data. Mirrors `url`.
    open var url: URL?
    /// The model configuration the store holds (nil: every entity). Mirrors `configuration`.
    open var configuration: String?
    /// Whether the store is opened read-only. Mirrors `isReadOnly`.
    open var isReadOnly: Bool = false
    /// Seconds to wait for a lock held by another connection (SQLite's busy timeout is 5 s; accepted, not
    /// applied). Mirrors `timeout`.
    open var timeout: TimeInterval = 240
    /// Whether a store whose schema differs from the model's is migrated (lightweight, in one transaction) —
    /// default `true`. Mirrors `shouldMigrateStoreAutomatically`.
    open var shouldMigrateStoreAutomatically: Bool = true
    /// Whether the mapping is inferred (the only kind of migration here; default `true`). Mirrors
    /// `shouldInferMappingModelAutomatically`.
    open var shouldInferMappingModelAutomatically: Bool = true
    /// Accepted for compatibility; stores are always added at once, before `loadPersistentStores` returns.
    /// Mirrors `shouldAddStoreAsynchronously`.
    open var shouldAddStoreAsynchronously: Bool = false
    /// Extra options by key. Mirrors `options`.
    open private(set) var options: [String: NSObject] = [:]

    /// A description of a SQLite store at `url`. Mirrors `init(url:)`.
    public init(url: URL) {
        self.url = url
        super.init()
    }

    /// A description without a file (set ``url`` or ``type``). Mirrors `init()`.
    public override init() {
        super.init()
    }

    /// Sets an option. Mirrors `setOption(_:forKey:)`.
    open func setOption(_ option: NSObject?, forKey key: String) {
        options[key] = option
    }

    /// The options the coordinator opens the store with.
    var storeOptions: [AnyHashable: Any] {
        var result: [AnyHashable: Any] = [:]
        for (key, value) in options { result[key] = value }
        result[NSMigratePersistentStoresAutomaticallyOption] = shouldMigrateStoreAutomatically
        result[NSInferMappingModelAutomaticallyOption] = shouldInferMappingModelAutomatically
        result[NSReadOnlyPersistentStoreOption] = isReadOnly
        return result
    }

    open override var description: String {
        "<NSPersistentStoreDescription: type \(type), url \(url?.path ?? "nil")>"
    }
}
