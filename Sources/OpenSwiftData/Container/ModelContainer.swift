import Foundation

/// Owns a schema and its store, and hands out contexts. Mirrors SwiftData's `ModelContainer`.
///
/// Creating a container checks every model (throwing ``SwiftDataError/invalidSchema(_:)`` naming the model and
/// property that cannot be stored), opens or creates the SQLite file, and creates missing tables and indexes.
public final class ModelContainer: Sendable {
    /// The models this container stores.
    public let schema: Schema
    /// The configurations given (the first one decides the store).
    public let configurations: [ModelConfiguration]
    /// The store behind the boundary every context talks through.
    let store: any ModelStore
    private let mainContextBox: MainContextBox

    /// A container for `schema`, stored as the first of `configurations` says (the default store when none).
    /// - Throws: ``SwiftDataError`` when a model cannot be stored, or the store cannot be opened
    ///   (``SwiftDataError/storeNotADatabase(url:reason:)`` for a file that is not SQLite; it is left untouched).
    public init(
        for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: [ModelConfiguration] = []
    ) throws(SwiftDataError) {
        self.schema = schema
        let configurations = configurations.isEmpty ? [ModelConfiguration()] : configurations
        self.configurations = configurations
        self.store = try SQLiteModelStore.open(configurations[0], schema: schema, migrationPlan: migrationPlan)
        self.mainContextBox = MainContextBox()
    }

    /// A container over a store already open (a migration stage's view of it).
    init(schema: Schema, configurations: [ModelConfiguration], store: any ModelStore) {
        self.schema = schema
        self.configurations = configurations
        self.store = store
        self.mainContextBox = MainContextBox()
    }

    /// A container for these model types.
    public convenience init(
        for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: ModelConfiguration...
    ) throws(SwiftDataError) {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
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
}

/// Holds the main context; touched only on the main actor.
private final class MainContextBox: @unchecked Sendable {
    // Invariant behind @unchecked Sendable: read and written only from `ModelContainer.mainContext`, which is
    // @MainActor.
    var context: ModelContext?
}
