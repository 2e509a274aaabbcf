import Foundation
import PostgreSQLStore
import SQLStore

/// The type of a SQLite store: a file, `<name>.sqlite`, that the `sqlite3` command opens. Mirrors Core Data's
/// `NSSQLiteStoreType`.
public let NSSQLiteStoreType = "SQLite"
/// The type of a store kept in memory only (here: an in-memory SQLite database). Mirrors Core Data's
/// `NSInMemoryStoreType`.
public let NSInMemoryStoreType = "InMemory"
/// Option key: migrate a store whose schema differs from the model's (a `Bool` `NSNumber`; default `true` here
/// and in `NSPersistentStoreDescription`). Mirrors Core Data's.
public let NSMigratePersistentStoresAutomaticallyOption = "NSMigratePersistentStoresAutomaticallyOption"
/// Option key: infer the mapping between model versions (accepted; inference is the only kind of migration).
/// Mirrors Core Data's.
public let NSInferMappingModelAutomaticallyOption = "NSInferMappingModelAutomaticallyOption"
/// Option key: open the store read-only. Mirrors Core Data's.
public let NSReadOnlyPersistentStoreOption = "NSReadOnlyPersistentStoreOption"
/// The type of a store in a PostgreSQL database (an OpenCoreData addition: Core Data has no PostgreSQL store). A
/// description or `addPersistentStore` whose URL is `postgres://…` (or `postgresql://…`) opens one whatever type it
/// names, and the store reports this type.
public let PostgreSQLStoreType = "PostgreSQL"
/// Option key of a PostgreSQL store: at most this many connections open at once (an `NSNumber`; default 4). An
/// OpenCoreData addition.
public let PostgreSQLPoolSizeOption = "PostgreSQLPoolSizeOption"
/// Option key of a PostgreSQL store: the schema (namespace) its tables live in, created when missing (an
/// `NSString`; default `public`). Several stores may share one database under different schemas. An OpenCoreData
/// addition.
public let PostgreSQLSchemaOption = "PostgreSQLSchemaOption"
/// Option key of a PostgreSQL store: libpq's `sslmode` (an `NSString`: `disable`, `allow`, `prefer`, `require`,
/// `verify-ca`, `verify-full`; default: the URL's, else `prefer`). An OpenCoreData addition.
public let PostgreSQLSSLModeOption = "PostgreSQLSSLModeOption"
/// Option key of a PostgreSQL store: every statement is cancelled after this many seconds (an `NSNumber`; default
/// no limit). An OpenCoreData addition.
public let PostgreSQLStatementTimeoutOption = "PostgreSQLStatementTimeoutOption"

/// One store a coordinator reads and writes: a SQLite database, or a PostgreSQL one (``PostgreSQLStoreType``),
/// through the store layer OpenSwiftData shares (`SQLStore`). Mirrors Core Data's `NSPersistentStore`.
///
/// Its tables are Core Data's in spirit — one per entity named after it, a `Z_PK` integer key, a column per
/// attribute and to-one relationship, join tables `Z_<Entity>_<relationship>` for to-many relationships without
/// a to-one inverse, the row version `Z_OPT` (optimistic locking) — but not Core Data's exact layout (no `Z_ENT`
/// or `Z_PRIMARYKEY`): a store file written by Apple's Core Data is not read, nor the other way round.
open class NSPersistentStore: NSObject, @unchecked Sendable {
    /// Its type (``NSSQLiteStoreType``, ``NSInMemoryStoreType`` or ``PostgreSQLStoreType``). Mirrors `type`.
    public let type: String
    /// The file; for an in-memory store, the URL it was added with (`/dev/null`) or nil; for a PostgreSQL store, the
    /// server's `postgres://` URL. Mirrors `url`.
    open var url: URL?
    /// The configuration it was added for (nil is every entity). Mirrors `configurationName` (`"Default"`).
    public let configurationName: String
    /// The options it was added with. Mirrors `options`.
    public let options: [AnyHashable: Any]?
    /// Whether it refuses saves. Mirrors `isReadOnly`.
    open var isReadOnly: Bool
    /// The coordinator it belongs to. Mirrors `persistentStoreCoordinator`.
    open private(set) weak var persistentStoreCoordinator: NSPersistentStoreCoordinator?

    /// The store layer's executor (SQLite's or PostgreSQL's), and the tables of the model's entities.
    let engine: any StoreExecutor

    /// A UUID recorded in the store when it was created: part of every permanent object ID's URI. Mirrors
    /// `identifier`.
    open var identifier: String! { engine.identifier }

    init(
        engine: any StoreExecutor, type: String, url: URL?, configurationName: String?, options: [AnyHashable: Any]?,
        coordinator: NSPersistentStoreCoordinator
    ) {
        self.engine = engine
        self.type = type
        self.url = url
        self.configurationName = configurationName ?? "Default"
        self.options = options
        self.isReadOnly = (options?[NSReadOnlyPersistentStoreOption] as? Bool) ?? false
        self.persistentStoreCoordinator = coordinator
        super.init()
    }

    /// Opens (creating or migrating) the store of `model` at `url` — in memory for ``NSInMemoryStoreType`` or
    /// the URL `/dev/null` — in one transaction.
    ///
    /// - Throws: ``CoreDataError/persistentStoreOpenFailed(url:reason:)`` for a file that cannot be opened or is
    ///   not a database, ``CoreDataError/migrationFailed(url:reason:)`` for a schema change the store cannot make
    ///   (or any change when `migrates` is false); the file is left as it was.
    /// `readOnly` (``NSReadOnlyPersistentStoreOption``) opens the file read-only: nothing written, a missing store
    /// not created, a store that needs a migration refused. A damaged file or another program's database is refused
    /// by the store layer, left byte-identical.
    ///
    /// Every table has the row-version column `Z_OPT` (optimistic locking); a store written before it existed gains
    /// it in its migration (every row at version 1). A read-only store without it is read as it is, without
    /// optimistic locking.
    static func openEngine(
        model: NSManagedObjectModel, type: String, url: URL?, migrates: Bool, readOnly: Bool = false,
        options: [AnyHashable: Any]? = nil
    ) throws -> any StoreExecutor {
        if let url, isPostgreSQL(type: type, url: url) {
            return try openPostgreSQL(model: model, url: url, migrates: migrates, options: options ?? [:])
        }
        do {
            return try openEngine(
                model: model, type: type, url: url, migrates: migrates, readOnly: readOnly, rowVersions: true)
        } catch NeedsWriting.toMigrate {
            // Perhaps a store written before row versions: its tables are then the model's without them. When they
            // are not, this open throws the reason.
            return try openEngine(
                model: model, type: type, url: url, migrates: migrates, readOnly: readOnly, rowVersions: false)
        }
    }

    /// A store that cannot be written needs a migration to the model with row versions.
    private enum NeedsWriting: Error { case toMigrate }

    /// Opens the store with (`rowVersions`) or without the `Z_OPT` columns (as stores were written before them).
    static func openEngine(
        model: NSManagedObjectModel, type: String, url: URL?, migrates: Bool, readOnly: Bool, rowVersions: Bool
    ) throws -> SQLiteStore {
        let fileURL = isInMemory(type: type, url: url) ? nil : url
        if type != NSSQLiteStoreType && type != NSInMemoryStoreType {
            throw CoreDataError.persistentStoreOpenFailed(
                url: url,
                reason:
                    "the store type “\(type)” is not supported (use NSSQLiteStoreType or NSInMemoryStoreType, or a postgres:// URL)"
            )
        }
        if fileURL == nil && type == NSSQLiteStoreType && url == nil {
            throw CoreDataError.persistentStoreOpenFailed(url: nil, reason: "a SQLite store needs a file URL")
        }
        let mapping = try storeMapping(model, rowVersions: rowVersions, dialect: SQLiteDialect(), url: fileURL)
        let stages = try migrationStages(model: model, mapping: mapping, migrates: migrates, url: fileURL)
        do {
            return try SQLiteStore.open(
                url: fileURL, mapping: mapping, version: SchemaVersion(1, 0, 0), knownEntities: [],
                options: {
                    var options = StoreOpenOptions(); options.readOnly = readOnly; return options
                }(),
                stages: stages
            )
        } catch let refusal as MigrationRefusal {
            throw CoreDataError.migrationFailed(url: fileURL, reason: refusal.message)
        } catch let error as StoreError {
            if error.kind == .readOnly && rowVersions { throw NeedsWriting.toMigrate }
            throw CoreDataError.persistentStoreOpenFailed(url: fileURL, reason: error.message)
        } catch {
            throw CoreDataError.persistentStoreOpenFailed(url: fileURL, reason: "\(error)")
        }
    }

    /// The tables of `model`'s entities (with the `Z_OPT` columns when `rowVersions`), in `dialect`.
    /// - Throws: ``CoreDataError/persistentStoreOpenFailed(url:reason:)`` for a model that cannot be stored.
    static func storeMapping(_ model: NSManagedObjectModel, rowVersions: Bool, dialect: any SQLDialect, url: URL?)
        throws -> SchemaMapping
    {
        do {
            return try SchemaMapping(
                schema: StoreSchemaBuilder.schema(of: model, rowVersions: rowVersions), dialect: dialect)
        } catch {
            throw CoreDataError.persistentStoreOpenFailed(
                url: url, reason: "the model cannot be stored: \(error.message)")
        }
    }

    /// What a store records needs to reach `mapping` (the current model's tables): nothing when it is up to date,
    /// the creation step for a new store, else one inferred step per model version in between
    /// (``migrationSteps(from:through:to:currentName:currentHash:)``) — or a refusal when `migrates` is false.
    /// - Throws: ``CoreDataError/persistentStoreOpenFailed(url:reason:)`` when an earlier version of the model
    ///   cannot be stored.
    static func migrationStages(model: NSManagedObjectModel, mapping: SchemaMapping, migrates: Bool, url: URL?)
        throws -> (StoredSchema?) throws -> [MigrationStep]
    {
        let versions: [(name: String, mapping: SchemaMapping, hash: String)]
        do {
            versions = try model.previousVersions.map { version in
                (
                    version.name,
                    try SchemaMapping(
                        schema: StoreSchemaBuilder.schema(of: version.model), dialect: mapping.dialect),
                    version.model.modelVersionHash
                )
            }
        } catch {
            throw CoreDataError.persistentStoreOpenFailed(
                url: url, reason: "an earlier version of the model cannot be stored: \(error)")
        }
        let currentName = model.versionName ?? "the current model"
        let currentHash = model.modelVersionHash
        return { stored in
            guard let stored else {
                return [
                    MigrationStep(
                        target: mapping, version: SchemaVersion(1, 0, 0), label: "to \(currentName)",
                        versionIdentifier: currentHash)
                ]
            }
            // Up to date: nothing to write, so a read-only open reads. (A store whose tables already match keeps the
            // version hash it records until a migration writes the current one.)
            if stored.describes(mapping, version: SchemaVersion(1, 0, 0)) { return [] }
            var expected = StoredSchema(mapping: mapping, version: stored.version)
            expected.versionIdentifier = stored.versionIdentifier
            if !migrates, stored != expected, stored.versionIdentifier != currentHash {
                throw MigrationRefusal(
                    "the store's schema differs from the model's and automatic migration is off (NSMigratePersistentStoresAutomaticallyOption)"
                )
            }
            return migrationSteps(
                from: stored, through: versions, to: mapping, currentName: currentName, currentHash: currentHash)
        }
    }

    /// Whether a store of `type` at `url` is a PostgreSQL one: its URL is `postgres://` or `postgresql://`, or its
    /// type is ``PostgreSQLStoreType``.
    static func isPostgreSQL(type: String, url: URL?) -> Bool {
        if type == PostgreSQLStoreType { return true }
        guard let scheme = url?.scheme?.lowercased() else { return false }
        return scheme == "postgres" || scheme == "postgresql"
    }

    /// Connects to the PostgreSQL server `url` names and creates or migrates the model's tables there, in one
    /// transaction under an advisory lock (so of several servers starting at once, one migrates), in the schema,
    /// pool size, TLS mode and statement timeout of `options` (``PostgreSQLSchemaOption`` …).
    ///
    /// The store migrates as the SQLite store does: one inferred step per model version from the one it records to
    /// the current one (``migrationSteps(from:through:to:currentName:currentHash:)``), all in that one transaction.
    /// - Throws: ``CoreDataError/persistentStoreOpenFailed(url:reason:)`` naming host and port when the server is
    ///   down or refuses the user (the URL's password is never in it), or for a model that cannot be stored;
    ///   ``CoreDataError/migrationFailed(url:reason:)`` for a change the migration cannot make (nothing written).
    static func openPostgreSQL(model: NSManagedObjectModel, url: URL, migrates: Bool, options: [AnyHashable: Any])
        throws -> PostgreSQLStore
    {
        let shownURL = url.redactingPassword
        var storeOptions = PostgreSQLStoreOptions(url: url.absoluteString)
        if let size = (options[PostgreSQLPoolSizeOption] as? NSNumber)?.intValue ?? options[PostgreSQLPoolSizeOption]
            as? Int
        {
            guard size > 0 else {
                throw CoreDataError.persistentStoreOpenFailed(
                    url: shownURL, reason: "PostgreSQLPoolSizeOption must be at least 1, not \(size)")
            }
            storeOptions.poolSize = size
        }
        if let schema = (options[PostgreSQLSchemaOption] as? NSString).map(String.init)
            ?? options[PostgreSQLSchemaOption] as? String
        {
            storeOptions.schemaName = schema
        }
        if let mode = (options[PostgreSQLSSLModeOption] as? NSString).map(String.init)
            ?? options[PostgreSQLSSLModeOption] as? String
        {
            storeOptions.sslMode = mode
        }
        if let seconds = (options[PostgreSQLStatementTimeoutOption] as? NSNumber)?.doubleValue
            ?? options[PostgreSQLStatementTimeoutOption] as? Double
        {
            storeOptions.statementTimeout = seconds
        }
        let mapping = try storeMapping(model, rowVersions: true, dialect: PostgreSQLDialect(), url: shownURL)
        let stages = try migrationStages(model: model, mapping: mapping, migrates: migrates, url: shownURL)
        do {
            return try PostgreSQLStore.open(
                options: storeOptions, mapping: mapping, version: SchemaVersion(1, 0, 0), stages: stages)
        } catch let refusal as MigrationRefusal {
            throw CoreDataError.migrationFailed(url: shownURL, reason: refusal.message)
        } catch let error as StoreError {
            throw CoreDataError.persistentStoreOpenFailed(url: shownURL, reason: error.message)
        } catch {
            throw CoreDataError.persistentStoreOpenFailed(url: shownURL, reason: "\(error)")
        }
    }

    /// The steps from the version `stored` is at to the current one, one per model version in between, each an
    /// inferred (lightweight) migration, ending with the current version; the version is the one whose hash the
    /// store records, else the latest whose tables the store has exactly. A store at no known version goes
    /// straight to the current one.
    static func migrationSteps(
        from stored: StoredSchema, through versions: [(name: String, mapping: SchemaMapping, hash: String)],
        to mapping: SchemaMapping,
        currentName: String, currentHash: String
    ) -> [MigrationStep] {
        let start =
            versions.lastIndex { $0.hash == stored.versionIdentifier }
            ?? versions.lastIndex {
                stored.differences(from: StoredSchema(mapping: $0.mapping, version: stored.version), otherName: $0.name)
                    .isEmpty
            }
        var steps: [MigrationStep] = []
        var previous = start.map { versions[$0].name } ?? "the store's version"
        if let start, stored.versionIdentifier != currentHash {
            for version in versions[(start + 1)...] {
                steps.append(
                    MigrationStep(
                        target: version.mapping, version: SchemaVersion(1, 0, 0),
                        label: "from \(previous) to \(version.name)",
                        versionIdentifier: version.hash
                    ))
                previous = version.name
            }
        }
        steps.append(
            MigrationStep(
                target: mapping, version: SchemaVersion(1, 0, 0), label: "from \(previous) to \(currentName)",
                versionIdentifier: currentHash
            ))
        return steps
    }

    /// Whether a store of `type` at `url` lives in memory: the in-memory type, or Core Data's `/dev/null` idiom.
    static func isInMemory(type: String, url: URL?) -> Bool {
        type == NSInMemoryStoreType || url?.path == "/dev/null"
    }

    /// Closes the database's connections (after ``NSPersistentStoreCoordinator/remove(_:)``).
    func close() { engine.close() }

    /// How many statements the store's reads have run (a test hook: ``StoreExecutor/readStatementTotal``).
    var readStatementCount: Int { engine.readStatementTotal }
}
