import Foundation

/// Owns a schema and its store, and hands out contexts. Mirrors SwiftData's `ModelContainer`.
///
/// Creating a container checks every model (throwing ``SwiftDataError/invalidSchema(_:)`` naming the model and
/// property that cannot be stored), opens or creates the SQLite file, and creates missing tables and indexes.
public final class ModelContainer: Sendable {
    /// The models this container stores.
    public let schema: Schema
    /// The configurations given (one; the default configuration when none was given). Empty for a store of your
    /// own. SwiftData's is a `Set`.
    public let configurations: [ModelConfiguration]
    /// The plan the store was migrated with, nil when none was given. Mirrors SwiftData's `migrationPlan`.
    /// (`nonisolated(unsafe)`: a plan is a type of static, constant members, so sharing it is safe, but
    /// `SchemaMigrationPlan`, as Apple declares it, does not say so.)
    nonisolated(unsafe) public let migrationPlan: (any SchemaMigrationPlan.Type)?
    /// The store behind the boundary every context talks through.
    let store: any ModelStore
    private let mainContextBox: MainContextBox

    /// A container for `schema`, stored as `configurations` say (the default store when none). Mirrors SwiftData's
    /// `init(for:migrationPlan:configurations:)`.
    ///
    /// One configuration is supported: several (one store each in SwiftData) throw
    /// ``SwiftDataError/unsupportedConfiguration(_:)``, and so does a configuration whose `schema` leaves out a model
    /// of `schema` (SwiftData would put it in another store).
    /// - Throws: ``SwiftDataError`` when a model cannot be stored, or the store cannot be opened
    ///   (``SwiftDataError/storeNotADatabase(url:reason:)`` for a file that is not SQLite; it is left untouched).
    public init(
        for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: [ModelConfiguration]
    ) throws(SwiftDataError) {
        self.schema = schema
        let configurations = configurations.isEmpty ? [ModelConfiguration()] : configurations
        try Self.checkOneStore(schema: schema, names: configurations.map(\.name), schemas: configurations.map(\.schema))
        self.configurations = configurations
        self.migrationPlan = migrationPlan
        self.store = try configurations[0].openStore(schema: schema, migrationPlan: migrationPlan)
        self.mainContextBox = MainContextBox()
    }

    /// A container whose store is described by `configurations`: a ``ModelConfiguration`` opens the SQLite store,
    /// any other ``DataStoreConfiguration`` a ``DataStore`` of your own (`Configuration.Store`), created with
    /// `init(_:migrationPlan:)`. Mirrors SwiftData's `init(for:configurations:)`.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration(_:)`` for several configurations, a configuration whose
    ///   `schema` leaves out a model, or a store of your own that cannot be driven (see ``DataStore``);
    ///   ``SwiftDataError/dataStoreFailed(store:message:)`` when your store's initializer throws.
    public convenience init(for givenSchema: Schema, configurations: [any DataStoreConfiguration])
        throws(SwiftDataError)
    {
        let sqlite = configurations.compactMap { $0 as? ModelConfiguration }
        if sqlite.count == configurations.count {
            try self.init(for: givenSchema, migrationPlan: nil, configurations: sqlite)
            return
        }
        try Self.checkOneStore(
            schema: givenSchema, names: configurations.map(\.name), schemas: configurations.map(\.schema))
        let store = try Self.openDataStore(configurations[0], schema: givenSchema)
        self.init(schema: givenSchema, configurations: [], store: store)
    }

    private static func openDataStore(_ configuration: some DataStoreConfiguration, schema: Schema)
        throws(SwiftDataError) -> any ModelStore
    {
        try DataStoreModelStore.open(configuration, schema: schema, migrationPlan: nil)
    }

    /// Throws unless one store holds every model: one configuration, whose `schema` (if any) names every model.
    private static func checkOneStore(schema: Schema, names: [String], schemas: [Schema?]) throws(SwiftDataError) {
        guard names.count <= 1 else {
            throw .unsupportedConfiguration(
                "\(names.count) configurations were given (\(names.joined(separator: ", "))); a container here has one store: give one configuration for all models"
            )
        }
        if let narrower = schemas.first ?? nil {
            let covered = Set(narrower.entities.map(\.name))
            let missing = schema.entities.map(\.name).filter { !covered.contains($0) }
            guard missing.isEmpty else {
                throw .unsupportedConfiguration(
                    "the configuration's schema leaves out \(missing.joined(separator: ", ")), which SwiftData would store in another configuration's store; a container here has one store: name every model in its schema, or none"
                )
            }
        }
    }

    /// A container over a store already open (a migration stage's view of it, or a store of your own).
    init(
        schema: Schema, configurations: [ModelConfiguration], store: any ModelStore,
        migrationPlan: (any SchemaMigrationPlan.Type)? = nil
    ) {
        self.schema = schema
        self.configurations = configurations
        self.migrationPlan = migrationPlan
        self.store = store
        self.mainContextBox = MainContextBox()
    }

    /// A container for `givenSchema`, stored as `configurations` say. Mirrors SwiftData's
    /// `init(for:configurations:)` (the variadic one).
    public convenience init(for givenSchema: Schema, configurations: ModelConfiguration...) throws(SwiftDataError) {
        try self.init(for: givenSchema, migrationPlan: nil, configurations: configurations)
    }

    /// A container for these model types.
    public convenience init(
        for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: ModelConfiguration...
    ) throws(SwiftDataError) {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// A container for these model types, stored as `configurations` say (a ``DataStoreConfiguration`` of your own
    /// included). Mirrors SwiftData's `init(for:configurations:)`.
    public convenience init(for forTypes: any PersistentModel.Type..., configurations: any DataStoreConfiguration...)
        throws(SwiftDataError)
    {
        try self.init(for: Schema(forTypes), configurations: configurations)
    }

    /// A container for these model types.
    public convenience init(
        for forTypes: [any PersistentModel.Type], migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: [ModelConfiguration]
    ) throws(SwiftDataError) {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// A context bound to the main actor, made on first use. Mirrors SwiftData's `mainContext`; its
    /// ``ModelContext/autosaveEnabled`` is true.
    @MainActor
    public var mainContext: ModelContext {
        if let context = mainContextBox.context { return context }
        let context = ModelContext(self)
        context.autosaveEnabled = true
        mainContextBox.context = context
        return context
    }

    /// The store's identifier, recorded in the SQLite file when created.
    public var storeIdentifier: String { store.identifier }

    /// Deletes every row of every entity in the store. Mirrors SwiftData's `deleteAllData()`; contexts keep their
    /// registered instances until they fetch again. SQL: `DELETE FROM <table>` for each entity, in one transaction.
    public func deleteAllData() throws(SwiftDataError) {
        try store.erase()
    }

    /// Deletes every model in the store (SwiftData's `erase()`): the same as ``deleteAllData()`` here — the file
    /// stays, with its tables and its history, and contexts keep their registered instances until they fetch again.
    /// A store of your own gets its ``DataStore/erase()`` called.
    public func erase() throws(SwiftDataError) {
        try store.erase()
    }
}

/// Holds the main context; touched only on the main actor.
private final class MainContextBox: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: read and written only from `ModelContainer.mainContext`, which is
    // @MainActor.
    var context: ModelContext?
}
