import Foundation

/// Where and how a container stores its models. Mirrors SwiftData's `ModelConfiguration`.
public struct ModelConfiguration: DataStoreConfiguration, Hashable, Sendable {
    /// The SQLite store. SwiftData's is `DefaultStore` too.
    public typealias Store = DefaultStore

    /// The configuration's name; the default store file is `<name>.store`.
    public let name: String
    /// The SQLite file, or nil when stored in memory only.
    public let url: URL?
    /// Whether the store lives in memory and vanishes with the container.
    public let isStoredInMemoryOnly: Bool
    /// Whether contexts may save. When false the store is opened read-only (nothing is written, not even a migration;
    /// a missing store is not created): ``ModelContext/save()`` throws ``SwiftDataError/saveNotAllowed``,
    /// ``ModelContext/delete(model:where:includeSubclasses:)`` and ``ModelContainer/deleteAllData()`` throw
    /// ``SwiftDataError/writeNotAllowed(_:)``.
    public let allowsSave: Bool
    /// The models this configuration covers, if narrower than the container's (a container refuses one that leaves
    /// out a model: see `ModelContainer.init(for:migrationPlan:configurations:)`).
    public var schema: Schema?
    /// What a save does when an inserted model's unique value(s) match a stored row: update that row (SwiftData's
    /// rule, the default) or throw. Not in SwiftData.
    public var uniquenessConflictPolicy: UniquenessConflictPolicy = .update
    /// Whether to open a SQLite file that is someone else's database (tables of its own, no OpenSwiftData
    /// metadata), adding this schema's tables to it and switching it to WAL; when false (the default) such a file
    /// is refused with ``SwiftDataError/storeOpenFailed(url:reason:)`` and left byte-identical. Not in SwiftData.
    public var adoptsExistingDatabase = false
    /// Whether to copy the store (SQLite's online backup API) to `<file>.backup-<UTC time>` beside it before a
    /// migration changes it. Not in SwiftData.
    public var backsUpBeforeMigration = false
    /// How to talk to the server when ``url`` is a `postgres://` or `postgresql://` URL (pool size, schema name,
    /// TLS mode, statement timeout); ignored for a SQLite store. Not in SwiftData.
    public var postgreSQL = PostgreSQLConfiguration()

    /// A configuration storing at ``defaultDirectory``/`<name>.store` (`default.store` when unnamed), or in memory.
    public init(
        _ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true
    ) {
        let name = name ?? "default"
        self.name = name
        self.schema = schema
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        self.url = isStoredInMemoryOnly ? nil : Self.defaultDirectory.appendingPathComponent("\(name).store")
    }

    /// A configuration for these model types, at ``defaultDirectory``/`default.store` or in memory. Mirrors
    /// SwiftData's `init(for:isStoredInMemoryOnly:)`.
    /// (Disfavoured so that `ModelConfiguration()` and `ModelConfiguration(isStoredInMemoryOnly:)` stay the
    /// unnamed configuration for every model.)
    @_disfavoredOverload
    public init(for forTypes: any PersistentModel.Type..., isStoredInMemoryOnly: Bool = false) {
        self.init(schema: Schema(forTypes), isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    /// A configuration storing in the SQLite file at `url` (its folder is created if missing) — or, when `url` is a
    /// `postgres://user@host:port/database` (or `postgresql://`) URL, in that PostgreSQL database (see
    /// ``postgreSQL`` for its options, and the Stores article). Mirrors SwiftData's `init(_:schema:url:allowsSave:)`.
    public init(_ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true) {
        self.name = name ?? url.deletingPathExtension().lastPathComponent
        self.schema = schema
        self.isStoredInMemoryOnly = false
        self.allowsSave = allowsSave
        self.url = url
    }

    /// `$XDG_DATA_HOME/OpenSwiftData`, or `~/.local/share/OpenSwiftData` when `XDG_DATA_HOME` is unset.
    public static var defaultDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome).appendingPathComponent("OpenSwiftData")
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".local/share/OpenSwiftData")
    }

    public static func == (lhs: ModelConfiguration, rhs: ModelConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly
            && lhs.allowsSave == rhs.allowsSave && lhs.uniquenessConflictPolicy == rhs.uniquenessConflictPolicy
            && lhs.adoptsExistingDatabase == rhs.adoptsExistingDatabase
            && lhs.backsUpBeforeMigration == rhs.backsUpBeforeMigration && lhs.postgreSQL == rhs.postgreSQL
    }

    /// Whether ``url`` names a PostgreSQL database (scheme `postgres` or `postgresql`) rather than a SQLite file.
    public var isPostgreSQL: Bool {
        guard let scheme = url?.scheme?.lowercased() else { return false }
        return scheme == "postgres" || scheme == "postgresql"
    }

    /// Opens the store this configuration names: PostgreSQL for a `postgres://` URL, else SQLite.
    func openStore(schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?) throws(SwiftDataError)
        -> any ModelStore
    {
        if isPostgreSQL, let url {
            return try PostgreSQLModelStore.open(self, url: url, schema: schema, migrationPlan: migrationPlan)
        }
        return try SQLiteModelStore.open(self, schema: schema, migrationPlan: migrationPlan)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
        hasher.combine(isStoredInMemoryOnly)
    }
}

/// What a save does when an inserted model meets a stored row with the same value(s) for an `@Attribute(.unique)`
/// property or a `#Unique` group.
public enum UniquenessConflictPolicy: Hashable, Sendable {
    /// Update the stored row with the inserted model's values; the model takes the row's identifier. SwiftData's
    /// rule. Two unsaved inserts with one key collapse the same way: the last inserted wins.
    case update
    /// Throw ``SwiftDataError/uniqueConstraintViolation(entityName:attributes:values:)`` naming the model, the
    /// attributes and the values, and save nothing.
    case throwError
}
