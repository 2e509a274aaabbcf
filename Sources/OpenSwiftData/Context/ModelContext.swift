import Foundation

/// Tracks models, their unsaved changes, and fetches and saves them. Mirrors SwiftData's `ModelContext`.
///
/// A context is not thread-safe (like SwiftData's): use it from one actor. ``ModelContainer/mainContext`` is for the
/// main actor; make one per task or actor with ``init(_:)`` for other work. A context holds at most one instance per
/// row: fetching a row twice returns the same object. Instances without unsaved changes are held weakly, so a
/// context does not keep every row it ever fetched in memory.
public final class ModelContext {
    /// The container this context reads and writes.
    public let container: ModelContainer
    /// The store the container opened: every read and write goes through it.
    let store: any ModelStore

    /// Whether the context saves by itself. Only ``ModelContainer/mainContext`` acts on it: after any change it
    /// schedules one save on the main actor, which runs when the current main-actor job ends (several changes in
    /// one job make one save). Errors of such a save are written to standard error. Default: true for the main
    /// context, false for others (as SwiftData).
    public var autosaveEnabled = false
    private var autosaveScheduled = false

    /// The undo manager that records this context's inserts, deletes and property changes; nil (the default, as in
    /// SwiftData without SwiftUI) records nothing. Set one to enable undo without any UI:
    /// `context.undoManager = UndoManager()`. See ``processPendingChanges()`` for how changes are grouped.
    public var undoManager: UndoManager?

    /// Whether a predicate or sort descriptor with no SQL translation is applied in memory — every row of the entity
    /// is read and tested with `Predicate.evaluate` (or sorted with `SortDescriptor.compare`) — instead of throwing
    /// ``SwiftDataError/unsupportedPredicate(_:)``. Default false: a fetch that cannot run in SQL says so. Not in
    /// SwiftData, whose fetches fail at run time in that case.
    public var evaluatesUnsupportedPredicatesInMemory = false

    /// Who makes this context's changes: recorded with each save's transaction in the store's history
    /// (``HistoryTransaction/author``) and handed to a store of your own in its `EditingState`. Mirrors SwiftData's
    /// `ModelContext.author`. Default nil.
    public var author: String?
    /// The context's identity in the `EditingState` a store of your own receives.
    let editingIdentifier = UUID()

    /// Registered instances, per entity, by primary key.
    private let registry = ModelRegistry()
    /// Store versions between which only this context's saves changed the store: a model read as of one of them, and
    /// not written since (a save marks what it wrote to be read again), is current as of the last (see
    /// ``isCurrent(loadedAt:at:)``).
    private var ownVersions: ClosedRange<Int64>?
    /// The store's hierarchy roots by model type (model inheritance: a row is registered under its root), read once:
    /// nil when no model has a subclass.
    private let registryRoots: [ObjectIdentifier: ObjectIdentifier]?

    var insertedModels = ModelSet()
    var changedModels = ModelSet()
    var deletedModels = ModelSet()
    /// `delete(model:where:)` calls not saved yet, in call order.
    var batchDeletions: [BatchDeletion] = []
    /// True while the context brings its models in line with what the store already holds (references to rows a
    /// save deleted): the property changes this makes are not changes to save.
    private var isApplyingStoredState = false

    /// A context for `container`. Mirrors SwiftData's `ModelContext(_:)`.
    public init(_ container: ModelContainer) {
        self.container = container
        self.store = container.store
        self.registryRoots = container.store.mapping.hasInheritance ? container.store.mapping.registryRoots : nil
    }

    deinit {
        // Models do not retain their context: clear the reference in every model this context still holds.
        for model in registry.allInstances { (model as? any PersistentModel)?._$persistentState.detachFromContext() }
        for model in insertedModels.models + changedModels.models + deletedModels.models {
            model._$persistentState.detachFromContext()
        }
    }

    /// Lets go of the registered instances nothing else refers to (models with unsaved changes stay). Fetches and
    /// `enumerate` call it as they go; instances are otherwise kept until the registry doubles.
    func releaseUnusedInstances() {
        registry.sweep()
    }

    // MARK: Pending changes

    /// Whether there are unsaved inserts, changes or deletes (`delete(model:where:)` included). Mirrors SwiftData's
    /// `hasChanges`.
    public var hasChanges: Bool {
        !insertedModels.isEmpty || !changedModels.isEmpty || !deletedModels.isEmpty || !batchDeletions.isEmpty
    }

    /// Models inserted and not yet saved, in insertion order.
    public var insertedModelsArray: [any PersistentModel] { insertedModels.models }
    /// Registered models with unsaved property changes.
    public var changedModelsArray: [any PersistentModel] { changedModels.models }
    /// Registered models marked for deletion at the next save.
    public var deletedModelsArray: [any PersistentModel] { deletedModels.models }

    /// Starts tracking `model` so the next save stores it. Mirrors SwiftData's `insert(_:)`.
    ///
    /// Inserting a model twice does nothing; inserting a model marked deleted with ``delete(_:)`` un-deletes it (one
    /// that a pending `delete(model:where:)` removes stays deleted: `rollback()` or undo restores it); a model whose
    /// deletion was saved is inserted as a new row. A model that belongs to another context is left there (nothing
    /// happens).
    public func insert<T: PersistentModel>(_ model: T) {
        let state = model._$persistentState
        if let owner = state.context, owner !== self, state.status != .unmanaged, state.status != .removed { return }
        switch state.status {
        case .unmanaged, .removed:
            model._$persistentState.context = self
            model._$persistentState.status = .inserted
            model._$persistentState.rowID = 0
            model._$persistentState.dataStoreIdentifier = nil
            model._$persistentState.storeIdentifier = nil
            insertedModels.insert(model)
            didChange()
            registerUndo { $0.delete(model) }
            // Models its relationships hold join this context, and their other sides learn of it.
            RelationshipSync.adoptRelationships(of: model)
        case .deleted:
            guard deletedModels.contains(model) else { return }
            model._$persistentState.status = .registered
            deletedModels.remove(model)
            didChange()
            registerUndo { $0.delete(model) }
        case .inserted, .registered:
            break
        }
    }

    /// Marks `model` for deletion at the next save. Mirrors SwiftData's `delete(_:)`.
    ///
    /// Until the save, ``PersistentModel/isDeleted`` is true and the model is in ``deletedModelsArray``; fetches
    /// (with pending changes included) no longer return it. After the save, as in SwiftData, `isDeleted` is false and
    /// `modelContext` nil, and no registered model refers to it (see ``save()``). A model inserted and never saved is
    /// simply dropped.
    public func delete<T: PersistentModel>(_ model: T) {
        let state = model._$persistentState
        guard state.context === self else { return }
        switch state.status {
        case .inserted:
            insertedModels.remove(model)
            model._$persistentState.markRemoved()
            didChange()
            registerUndo { $0.insert(model) }
        case .registered:
            model._$persistentState.status = .deleted
            changedModels.remove(model)
            deletedModels.insert(model)
            didChange()
            registerUndo { $0.insert(model) }
        case .unmanaged, .deleted, .removed:
            break
        }
    }

    /// Discards every unsaved insert, delete and change. Mirrors SwiftData's `rollback()`.
    ///
    /// Inserted models leave the context; deleted ones are restored, and pending `delete(model:where:)` calls
    /// cancelled; changed ones get their stored values back (read again from the store; one whose row is gone leaves
    /// the context).
    public func rollback() {
        undoManager?.removeAllActions()
        for model in insertedModels.models {
            model._$persistentState.detach()
        }
        for deletion in batchDeletions.reversed() {
            restoreInstances(of: deletion)
            for model in deletion.droppedInserts where model._$persistentState.status == .removed {
                model._$persistentState.detach()
            }
        }
        batchDeletions.removeAll()
        for model in deletedModels.models {
            model._$persistentState.status = .registered
            if model._$persistentState.hasChanges { changedModels.insert(model) }
        }
        let changed = changedModels.models
        insertedModels.removeAll()
        deletedModels.removeAll()
        changedModels.removeAll()
        for model in changed {
            reload(model)
        }
    }

    /// `model`, read again from its row first if the store changed since it was read and it has no unsaved change
    /// (so a registered instance never answers with values another context or process has replaced).
    func refreshedIfStale<T: PersistentModel>(_ model: T) -> T {
        let state = model._$persistentState
        guard state.status == .registered, !state.hasChanges else { return model }
        let version = store.dataVersion()
        if !isCurrent(loadedAt: state.loadedVersion, at: version) {
            reload(model)
            model._$persistentState.loadedVersion = version
        }
        return model
    }

    /// Reads `model`'s row again into it; marks it removed when the row is gone.
    private func reload(_ model: any PersistentModel) {
        let rowID = model._$persistentState.rowID
        var found = false
        if let dataStore = store as? DataStoreModelStore {
            // A store of your own: the values it last handed over or was given.
            if let row = dataStore.cachedRow(rowID) {
                var decoder = ModelRowDecoder(values: row.values, entityName: row.identifier.entityName)
                decoder.context = self
                try? model._$load(from: &decoder)
                found = true
            }
        } else {
            do {
                let entity = try store.mapping.entity(for: type(of: model))
                try store.fetch(FetchRequest(table: entity.table, rows: .key(rowID)), from: .writer) { row in
                    var decoder = ModelRowDecoder(row: row, entity: entity)
                    decoder.context = self
                    try model._$load(from: &decoder)
                    model._$persistentState.faults = decoder.faults
                    found = true
                }
            } catch {
                found = true
            }
        }
        model._$persistentState.clearChanges()
        if !found {
            model._$persistentState.markRemoved()
            unregister(model)
        }
    }

    // MARK: Change notification

    /// Called through `_modelDidChange` when a persisted property of `model` is set.
    func modelDidChange<T: PersistentModel>(_ model: T, property: StaticString, index: Int) {
        if isApplyingStoredState { return }
        switch model.withState({ $0.status }) {
        case .registered:
            let position =
                index >= 0 ? index : (try? store.mapping.entity(for: T.self).propertyIndex(named: "\(property)")) ?? -1
            if position >= 0 { model.withState { $0.markChanged(position) } }
            changedModels.insert(model)
            didChange()
        case .inserted, .deleted:
            didChange()
        case .unmanaged, .removed:
            break
        }
    }

    func didChange() {
        guard autosaveEnabled, !autosaveScheduled else { return }
        autosaveScheduled = true
        let container = self.container
        Task { @MainActor in
            container.mainContext.performAutosave()
        }
    }

    @MainActor
    func performAutosave() {
        autosaveScheduled = false
        guard autosaveEnabled, hasChanges else { return }
        do {
            try save()
        } catch {
            OpenSwiftDataDiagnostics.report(.autosaveFailed, "autosave failed: \(error)", error: error)
        }
    }

    // MARK: Registry

    /// The registered instance of a row, if any is alive.
    /// The key instances of `type` are registered under: the type, or in a hierarchy its root.
    @inline(__always)
    private func registryKey(_ type: any PersistentModel.Type) -> ObjectIdentifier {
        let key = ObjectIdentifier(type)
        guard let registryRoots else { return key }
        return registryRoots[key] ?? key
    }

    func registeredInstance<T: PersistentModel>(_ type: T.Type, rowID: Int64) -> T? {
        registry.instance(registryKey(type), rowID: rowID) as? T
    }

    func register(_ model: some PersistentModel) {
        register(model, rowID: model._$persistentState.rowID)
    }

    /// Registers `model` as the instance of row `rowID` (a fetch knows the key: no read of the model's state).
    func register(_ model: some PersistentModel, rowID: Int64) {
        registry.register(model, type: registryKey(type(of: model)), rowID: rowID)
    }

    func unregister(_ model: some PersistentModel) {
        registry.unregister(model, type: registryKey(type(of: model)), rowID: model._$persistentState.rowID)
    }

    /// Records that a save of this context was the only change to the store between versions `before` and `after`.
    func recordOwnCommit(from before: Int64, to after: Int64) {
        if let versions = ownVersions, versions.upperBound == before {
            ownVersions = versions.lowerBound...max(after, versions.upperBound)
        } else if after >= before {
            ownVersions = before...after
        } else {
            ownVersions = nil
        }
    }

    /// Whether a model read as of store version `loaded` is current at `version`: the same version, or one that
    /// only this context's saves, which did not write its row, have moved on from. So a fetch after a save decodes
    /// only the rows the save wrote and rows the context did not have.
    func isCurrent(loadedAt loaded: Int64, at version: Int64) -> Bool {
        if loaded == version { return true }
        guard let ownVersions, version == ownVersions.upperBound else { return false }
        return ownVersions.contains(loaded)
    }

    /// Every live registered instance of `type` (and, in a hierarchy, of its subclasses).
    func registeredInstances<T: PersistentModel>(_ type: T.Type) -> [T] {
        registry.instances(registryKey(type)).compactMap { $0 as? T }
    }

    /// The registered instance of a row of a model type known only at run time.
    func registeredInstance(of type: any PersistentModel.Type, rowID: Int64) -> (any PersistentModel)? {
        guard let model = registry.instance(registryKey(type), rowID: rowID) as? any PersistentModel else { return nil }
        return registryRoots == nil || ModelHierarchy.isKind(model, of: type) ? model : nil
    }

    /// Every live registered instance of a model type known only at run time (and of its subclasses).
    func registeredInstances(of type: any PersistentModel.Type) -> [any PersistentModel] {
        let models = registry.instances(registryKey(type)).compactMap { $0 as? any PersistentModel }
        guard registryRoots != nil else { return models }
        return models.filter { ModelHierarchy.isKind($0, of: type) }
    }

    /// Runs `body`, whose property changes only bring models in line with the store (nothing to save, no undo).
    func applyingStoredState(_ body: () -> Void) {
        let outer = isApplyingStoredState
        isApplyingStoredState = true
        defer { isApplyingStoredState = outer }
        RelationshipSync.$isSyncing.withValue(true, operation: body)
    }

    /// The registered model for `identifier`, if this context holds it. Mirrors SwiftData's
    /// `registeredModel(for:)`.
    public func registeredModel<T: PersistentModel>(for identifier: PersistentIdentifier) -> T? {
        if let rowID = identifier.primaryKey {
            // In a hierarchy, a subclass's identifier names a model of T too (one registered under the same root).
            guard identifier.entityName == T.entityName || registryRoots != nil,
                identifier.storeIdentifier == store.identifier
            else {
                return nil
            }
            return registeredInstance(T.self, rowID: rowID)
        }
        return insertedModels.models(of: T.self).first { $0._$persistentState.temporaryIdentifier == identifier }
    }
}
